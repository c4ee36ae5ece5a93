import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import menuPageDe from '../locales/menu-page.de.json';
import { isLanguageCode, LANGUAGE_CODES, LANGUAGE_STORAGE_KEY } from './languages';
import { getRuntimeConfig, type LanguageCode } from './runtime-config';

type Texts = Record<string, unknown>;

/** Where a set of texts comes from, one chunk per language. */
export type TextSources = Record<LanguageCode, () => Promise<{ default: Texts }>>;

/** A set of texts that is downloaded in one language at a time, when first needed. */
interface TextPart {
  namespace: string;
  sources: TextSources;
  /** Once asked for, a part is also fetched before switching to another language. */
  wanted: boolean;
  loading: Partial<Record<LanguageCode, Promise<void>>>;
  loaded: Set<LanguageCode>;
}

const parts = new Map<string, TextPart>();

function addPart(name: string, namespace: string, sources: TextSources): void {
  parts.set(name, { namespace, sources, wanted: false, loading: {}, loaded: new Set() });
}

// The storefront's texts (the default namespace) in two parts, merged key by key:
// what the menu page with its header and footer shows, and what only the other pages
// and the dialogs show (a cart section, say, is split between the two). The menu
// page's German texts, the default language's, are part of the entry chunk, so the
// first page renders without waiting for another request.
const MENU_PAGE_TEXTS = 'menu-page';
const OTHER_SCREEN_TEXTS = 'other-screens';
addPart(MENU_PAGE_TEXTS, 'translation', {
  de: async () => ({ default: menuPageDe }),
  en: () => import('../locales/menu-page.en.json'),
});
addPart(OTHER_SCREEN_TEXTS, 'translation', {
  de: () => import('../locales/other-screens.de.json'),
  en: () => import('../locales/other-screens.en.json'),
});

/**
 * The sentences for the server's error codes, their own namespace shared by the
 * storefront and the admin area. Only screens that call the server to change
 * something show them, and those all come with the other screens' texts, so the
 * menu page never downloads them.
 */
export const ERRORS_NAMESPACE = 'errors';
addPart(ERRORS_NAMESPACE, ERRORS_NAMESPACE, {
  de: () => import('../locales/errors.de.json'),
  en: () => import('../locales/errors.en.json'),
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

/** The language being shown, or being switched to. */
function activeLanguage(): LanguageCode {
  return isLanguageCode(i18n.language) ? i18n.language : initialLanguage();
}

function loadPart(part: TextPart, language: LanguageCode): Promise<void> {
  part.wanted = true;
  part.loading[language] ??= part.sources[language]().then(
    ({ default: texts }) => {
      i18n.addResourceBundle(language, part.namespace, texts, true, false);
      part.loaded.add(language);
    },
    (error: unknown) => {
      // Not remembered, so the next attempt fetches again.
      delete part.loading[language];
      throw error;
    },
  );
  return part.loading[language];
}

/** The parts asked for so far that have not arrived in `language` yet. */
function missingParts(language: LanguageCode): TextPart[] {
  return [...parts.values()].filter((part) => part.wanted && !part.loaded.has(language));
}

/** Fetches, in `language`, every part of the texts that has been asked for so far. */
export async function loadTexts(language: LanguageCode): Promise<void> {
  await Promise.all(missingParts(language).map((part) => loadPart(part, language)));
}

/** Fetches the texts of every screen in every language (tests render any screen in any language). */
export async function loadAllTexts(): Promise<void> {
  await Promise.all(LANGUAGE_CODES.flatMap((language) => [...parts.values()].map((part) => loadPart(part, language))));
}

/**
 * The texts of the pages and dialogs other than the menu page, with the sentences
 * for the server's errors that they can show. Their code is loaded lazily, and
 * waits for these along with it.
 */
export async function loadOtherScreenTexts(): Promise<void> {
  const language = activeLanguage();
  await Promise.all([OTHER_SCREEN_TEXTS, ERRORS_NAMESPACE].map((name) => loadPart(parts.get(name)!, language)));
}

/**
 * Adds a namespace whose texts are fetched per language, as the storefront's are.
 * Resolves once its texts in the current language have arrived.
 */
export function addTextSources(namespace: string, sources: TextSources): Promise<void> {
  addPart(namespace, namespace, sources);
  return loadPart(parts.get(namespace)!, activeLanguage());
}

/** Switches the UI language, once its texts have arrived, and remembers the choice. */
export async function setLanguage(language: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Storage can be unavailable (private mode); the switch still applies.
  }
  // Texts already there switch at once, as a click expects.
  if (missingParts(language).length > 0) await loadTexts(language);
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
 * Resolves once the menu page's texts in the starting language have arrived; the
 * app renders after that, so no text ever shows as its key.
 */
export const textsReady: Promise<void> = (async () => {
  await loadPart(parts.get(MENU_PAGE_TEXTS)!, startLanguage);
  // Switching again now that there are texts sets i18n.resolvedLanguage.
  await i18n.changeLanguage(startLanguage);
})();

export default i18n;
