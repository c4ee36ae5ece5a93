export type LanguageCode = 'de' | 'en';

export interface RuntimeConfig {
  basePath: string;
  storeId: number;
  brand: string;
  defaultLanguage: LanguageCode;
  /** ISO country code the guest shipping address carries, e.g. "DE". */
  country: string;
  /** PayPal REST client id; empty means online payment is not offered. */
  paypalClientId: string;
  /** Where the PayPal JS SDK is loaded from (tests point it at a fake). */
  paypalSdkUrl: string;
  /** ISO currency code of online payments. */
  currency: string;
}

export const DEFAULT_CONFIG: RuntimeConfig = {
  basePath: '/order-online',
  storeId: 14,
  brand: 'Heimservice',
  defaultLanguage: 'de',
  country: 'DE',
  paypalClientId: '',
  paypalSdkUrl: 'https://www.paypal.com/sdk/js',
  currency: 'EUR',
};

const META_NAME = 'heimservice-config';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A non-empty trimmed string, else undefined. */
function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Strips trailing slashes so "/order-online/" and "/order-online" mean the same; "/" stays "/". */
function normalizeBasePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.startsWith('/') ? trimmed || '/' : `/${trimmed}`;
}

/** Parses the JSON the server writes into the config meta tag; unknown or bad fields fall back to defaults. */
export function parseRuntimeConfig(raw: string | null | undefined): RuntimeConfig {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '{}');
  } catch {
    return { ...DEFAULT_CONFIG };
  }
  if (!isRecord(parsed)) return { ...DEFAULT_CONFIG };

  const { basePath, storeId, brand, defaultLanguage, country, paypalClientId, paypalSdkUrl, currency } = parsed;
  return {
    basePath:
      typeof basePath === 'string' && basePath.trim() !== ''
        ? normalizeBasePath(basePath.trim())
        : DEFAULT_CONFIG.basePath,
    storeId:
      typeof storeId === 'number' && Number.isInteger(storeId) && storeId > 0
        ? storeId
        : DEFAULT_CONFIG.storeId,
    brand: typeof brand === 'string' && brand.trim() !== '' ? brand.trim() : DEFAULT_CONFIG.brand,
    defaultLanguage:
      defaultLanguage === 'de' || defaultLanguage === 'en'
        ? defaultLanguage
        : DEFAULT_CONFIG.defaultLanguage,
    country:
      typeof country === 'string' && country.trim() !== '' ? country.trim().toUpperCase() : DEFAULT_CONFIG.country,
    paypalClientId: nonEmpty(paypalClientId) ?? DEFAULT_CONFIG.paypalClientId,
    paypalSdkUrl: nonEmpty(paypalSdkUrl) ?? DEFAULT_CONFIG.paypalSdkUrl,
    currency: nonEmpty(currency)?.toUpperCase() ?? DEFAULT_CONFIG.currency,
  };
}

export function readRuntimeConfig(doc: Document = document): RuntimeConfig {
  const meta = doc.querySelector<HTMLMetaElement>(`meta[name="${META_NAME}"]`);
  return parseRuntimeConfig(meta?.getAttribute('content'));
}

let cached: RuntimeConfig | undefined;

/** The config of this page, read once from the meta tag. */
export function getRuntimeConfig(): RuntimeConfig {
  cached ??= readRuntimeConfig();
  return cached;
}

/** Test hook: forget the cached config so the next read sees the current document. */
export function resetRuntimeConfigCache(): void {
  cached = undefined;
}
