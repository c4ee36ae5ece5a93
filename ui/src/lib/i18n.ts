import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isLanguageCode, LANGUAGE_STORAGE_KEY } from './languages';
import { getRuntimeConfig, type LanguageCode } from './runtime-config';

type Texts = Record<string, unknown>;

/** Where the texts of one namespace come from, one chunk per language. */
export type TextSources = Record<LanguageCode, () => Promise<{ default: Texts }>>;

const textSources = new Map<string, TextSources>();

/** The storefront texts (the default namespace): only the language in use is downloaded. */
textSources.set('translation', {
  de: () => import('../locales/de.json'),
  en: () => import('../locales/en.json'),
});

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

/** The namespaces (of all, or of `namespaces`) whose texts in `language` have not arrived yet. */
function missingNamespaces(language: LanguageCode, namespaces: string[] = [...textSources.keys()]): string[] {
  return namespaces.filter((namespace) => textSources.has(namespace) && !i18n.hasResourceBundle(language, namespace));
}

/** Fetches the texts of every namespace (or of `namespaces`) in `language` that are not there yet. */
export async function loadTexts(language: LanguageCode, namespaces?: string[]): Promise<void> {
  await Promise.all(
    missingNamespaces(language, namespaces).map(async (namespace) => {
      const { default: texts } = await textSources.get(namespace)![language]();
      i18n.addResourceBundle(language, namespace, texts, true, false);
    }),
  );
}

/**
 * Adds a namespace whose texts are fetched per language, as the storefront's are.
 * Resolves once its texts in the current language have arrived.
 */
export function addTextSources(namespace: string, sources: TextSources): Promise<void> {
  textSources.set(namespace, sources);
  const language = isLanguageCode(i18n.language) ? i18n.language : initialLanguage();
  return loadTexts(language, [namespace]);
}

/** Switches the UI language, once its texts have arrived, and remembers the choice. */
export async function setLanguage(language: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the switch still applies.
  }
  // Texts already there switch at once, as a click expects.
  if (missingNamespaces(language).length > 0) await loadTexts(language);
  await i18n.changeLanguage(language);
}

i18n.on('languageChanged', (language) => {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
});

const startLanguage = initialLanguage();

void i18n.use(initReactI18next).init({
  // The texts are added as they arrive; there is no backend to ask.
  resources: {},
  lng: startLanguage,
  fallbackLng: 'de',
  supportedLngs: ['de', 'en'],
  initAsync: false,
  interpolation: { escapeValue: false },
});

/**
 * Resolves once the texts of the starting language have arrived; the app renders
 * after that, so no text ever shows as its key.
 */
export const textsReady: Promise<void> = (async () => {
  await loadTexts(startLanguage);
  // Switching again now that there are texts sets i18n.resolvedLanguage.
  await i18n.changeLanguage(startLanguage);
})();

export default i18n;
