const META_NAME = 'csp-nonce';

/**
 * The nonce of this page's Content-Security-Policy, which the server writes into
 * `<meta name="csp-nonce">` afresh for every page load; undefined when the page has
 * none (the Vite dev server sends no policy). Code that adds `<style>` elements, like
 * PayPal's SDK (its `dataCspNonce` option), must put it on them.
 */
export function readCspNonce(doc: Document = document): string | undefined {
  const value = doc.querySelector<HTMLMetaElement>(`meta[name="${META_NAME}"]`)?.getAttribute('content')?.trim();
  return value ? value : undefined;
}
