import type { LanguageCode } from './runtime-config';

export interface LanguageConfig {
  /** Short label shown in the language dropdown. */
  name: string;
  locale: string;
  symbol: string;
  currency: string;
}

export const LANGUAGES: Record<LanguageCode, LanguageConfig> = {
  de: { name: 'GER', locale: 'de-DE', symbol: '€', currency: 'EUR' },
  en: { name: 'ENG', locale: 'en-US', symbol: '$', currency: 'USD' },
};

export const LANGUAGE_CODES: readonly LanguageCode[] = ['de', 'en'];

/** Prices are always shown in the active German/EUR configuration, whatever the UI language. */
export const ACTIVE_CURRENCY: LanguageConfig = LANGUAGES.de;

export const LANGUAGE_STORAGE_KEY = 'app_language';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return value === 'de' || value === 'en';
}
