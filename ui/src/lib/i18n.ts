import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import de from '../locales/de.json';
import en from '../locales/en.json';
import { isLanguageCode, LANGUAGE_STORAGE_KEY } from './languages';
import { getRuntimeConfig, type LanguageCode } from './runtime-config';

function readStoredLanguage(): LanguageCode | undefined {
  try {
    const stored = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguageCode(stored) ? stored : undefined;
  } catch {
    return undefined;
  }
}

/** The language to start with: the stored choice, else the store's default. */
export function initialLanguage(): LanguageCode {
  return readStoredLanguage() ?? getRuntimeConfig().defaultLanguage;
}

export function currentLanguage(): LanguageCode {
  return isLanguageCode(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'de';
}

/** Switches the UI language and remembers the choice. */
export async function setLanguage(language: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the switch still applies.
  }
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

void i18n.use(initReactI18next).init({
  resources: { de: { translation: de }, en: { translation: en } },
  lng: initialLanguage(),
  fallbackLng: 'de',
  supportedLngs: ['de', 'en'],
  initAsync: false,
  interpolation: { escapeValue: false },
});

export default i18n;
