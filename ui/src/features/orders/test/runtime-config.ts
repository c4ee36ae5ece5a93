import { resetRuntimeConfigCache, type RuntimeConfig } from '../../../lib/runtime-config';

const META = 'meta[name="heimservice-config"]';

/** Puts a config meta tag with `values` into the document, as the server would. */
export function setRuntimeConfig(values: Partial<RuntimeConfig>): void {
  clearRuntimeConfig();
  const meta = document.createElement('meta');
  meta.name = 'heimservice-config';
  meta.content = JSON.stringify(values);
  document.head.append(meta);
  resetRuntimeConfigCache();
}

export function clearRuntimeConfig(): void {
  document.head.querySelector(META)?.remove();
  resetRuntimeConfigCache();
}
