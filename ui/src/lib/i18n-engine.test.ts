import i18next from 'i18next-original';
import { describe, expect, it } from 'vitest';
import { createInstance, type Engine } from './i18n-engine';

type Texts = { [key: string]: unknown };
type Resources = Record<string, Record<string, Texts>>;
type Translate = (key: string, options?: Record<string, unknown>) => unknown;

/** Every locale file of the UI, by language and namespace (the storefront's two parts merged, as the app adds them). */
const FILES = import.meta.glob<Texts>('../**/locales/*.json', { eager: true, import: 'default' });
const NAMESPACES: [RegExp, string][] = [
  [/\/locales\/(menu-page|other-screens)\.(de|en)\.json$/, 'translation'],
  [/\/locales\/errors\.(de|en)\.json$/, 'errors'],
  [/\/admin\/locales\/admin\.(de|en)\.json$/, 'admin'],
  [/\/auth\/locales\/(de|en)\.json$/, 'auth'],
];
const RESOURCES: Resources = { de: {}, en: {} };
for (const [path, texts] of Object.entries(FILES)) {
  const [, namespace] = NAMESPACES.find(([pattern]) => pattern.test(path)) ?? [];
  const language = /(de|en)\.json$/.exec(path)?.[1];
  if (namespace === undefined || language === undefined) throw new Error(`${path}: which namespace is this?`);
  RESOURCES[language]![namespace] = { ...RESOURCES[language]![namespace], ...texts };
}
const errorsDe = RESOURCES.de!.errors as { generic: string };
const errorsEn = RESOURCES.en!.errors as { generic: string };
const menuPageEn = FILES['../locales/menu-page.en.json']!;

/** The app's options (src/lib/i18n.ts), and i18next's defaults as tests use them. */
const APP_OPTIONS = { fallbackLng: 'de', supportedLngs: ['de', 'en'], initAsync: false, interpolation: { escapeValue: false } };
const DEFAULT_OPTIONS = {};

const PLURAL = /_(zero|one|two|few|many|other)$/;

/** `[key path, text]` for every text under `texts`. */
function leaves(texts: Texts, prefix = ''): [string, string][] {
  return Object.entries(texts).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null ? leaves(value as Texts, `${prefix}${key}.`) : [[`${prefix}${key}`, String(value)]],
  );
}

/** A value for every placeholder: one that would do harm if it were read as markup or as a placeholder. */
function hostileValues(texts: string[]): Record<string, string> {
  const names = texts.flatMap((text) => [...text.matchAll(/\{\{-?(.+?)\}\}/g)].map((match) => match[1]!.trim()));
  return Object.fromEntries(names.map((name) => [name, `<b>"${name}" & 'x'</b> {{${name}}} $t(errors:generic)`]));
}

async function both(options: Record<string, unknown>, resources: Resources): Promise<[Engine, typeof i18next]> {
  const ours = createInstance();
  const theirs = i18next.createInstance();
  await ours.init({ ...options, resources: structuredClone(resources) });
  await theirs.init({ ...options, resources: structuredClone(resources) });
  return [ours, theirs];
}

/** The calls the UI makes for each text, answered by `t`. */
function answers(t: Translate, namespace: string, key: string, values: Record<string, string>): unknown[] {
  const details = (options: Record<string, unknown>) => {
    const found = t(key, { ...options, ns: namespace, returnDetails: true }) as Record<string, unknown>;
    return [found.res, found.usedLng, found.usedNS, found.exactUsedKey];
  };
  return [
    t(key, { ns: namespace }),
    ...[0, 1, 2, 21].flatMap((count) => [t(key, { ns: namespace, count }), t(key, { ns: namespace, count, ...values })]),
    t(key, { ns: namespace, ...values }),
    t(key, { ns: namespace, replace: values }),
    t(key, { ns: namespace, defaultValue: '', replace: values, missingInterpolationHandler: () => '' }),
    details({}),
    details({ count: 1 }),
  ];
}

describe('the translation engine', () => {
  for (const [name, options] of [
    ['the app', APP_OPTIONS],
    ["i18next's defaults", DEFAULT_OPTIONS],
  ] as const) {
    it(`says every text as i18next does, with ${name}'s options`, async () => {
      const [ours, theirs] = await both(options, RESOURCES);
      let compared = 0;
      for (const language of ['de', 'en']) {
        await ours.changeLanguage(language);
        await theirs.changeLanguage(language);
        expect([ours.language, ours.resolvedLanguage, ours.languages]).toEqual([theirs.language, theirs.resolvedLanguage, theirs.languages]);
        for (const [namespace, texts] of Object.entries(RESOURCES[language]!)) {
          const byKey = new Map<string, string[]>();
          for (const [path, text] of leaves(texts)) {
            const key = path.replace(PLURAL, '');
            byKey.set(key, [...(byKey.get(key) ?? []), text]);
          }
          for (const [key, variants] of byKey) {
            const values = hostileValues(variants);
            expect(answers(ours.t as Translate, namespace, key, values), `${language} ${namespace}:${key}`).toEqual(
              answers(theirs.t as Translate, namespace, key, values),
            );
            const other = language === 'de' ? 'en' : 'de';
            expect(answers(ours.getFixedT(other, namespace) as Translate, namespace, key, values)).toEqual(
              answers(theirs.getFixedT(other, namespace) as Translate, namespace, key, values),
            );
            compared += 1;
          }
        }
      }
      // Every key of both languages, in the four namespaces.
      expect(Object.keys(FILES)).toHaveLength(10);
      expect(compared).toBeGreaterThan(1500);
    });
  }

  it('falls back to German where English lacks a text, and says so', async () => {
    const partial: Resources = { de: RESOURCES.de!, en: { translation: { ...menuPageEn } } };
    const [ours, theirs] = await both({ ...APP_OPTIONS, lng: 'en' }, partial);
    for (const call of [
      ['generic', { ns: 'errors' }],
      ['generic', { ns: 'errors', returnDetails: true }],
      ['no.such.key', { ns: 'errors', returnDetails: true }],
      ['no_such_key', { defaultValue: 'fallback {{name}}', name: 'N' }],
      ['no_such_key', { defaultValue_one: 'one', defaultValue: 'other', count: 1 }],
      ['no_such_key', { defaultValue: '' }],
    ] as const) {
      expect(ours.t(call[0], call[1])).toEqual(theirs.t(call[0], call[1]));
    }
    expect(ours.t('generic', { ns: 'errors', returnDetails: true }).usedLng).toBe('de');
    expect(ours.t('generic', { ns: 'errors' })).toBe(errorsDe.generic);
  });

  it('resolves the language as i18next does while the texts arrive', async () => {
    const ours = createInstance();
    const theirs = i18next.createInstance();
    const seen: [unknown[], unknown[]] = [[], []];
    ours.on('languageChanged', (language) => seen[0].push(language));
    theirs.on('languageChanged', (language) => seen[1].push(language));
    await ours.init({ ...APP_OPTIONS, lng: 'en', resources: {} });
    await theirs.init({ ...APP_OPTIONS, lng: 'en', resources: {} });
    const state = (instance: Engine | typeof i18next) => [instance.language, instance.resolvedLanguage, [...instance.languages], instance.isInitialized];
    expect(state(ours)).toEqual(state(theirs));
    ours.addResourceBundle('en', 'translation', menuPageEn, true, false);
    theirs.addResourceBundle('en', 'translation', menuPageEn, true, false);
    await ours.changeLanguage('en');
    await theirs.changeLanguage('en');
    expect(state(ours)).toEqual(state(theirs));
    expect(ours.resolvedLanguage).toBe('en');
    await ours.changeLanguage('fr');
    await theirs.changeLanguage('fr');
    expect(state(ours)).toEqual(state(theirs));
    expect(seen[0]).toEqual(seen[1]);
    expect(ours.hasResourceBundle('en', 'translation')).toBe(theirs.hasResourceBundle('en', 'translation'));
    expect(ours.hasResourceBundle('de', 'translation')).toBe(theirs.hasResourceBundle('de', 'translation'));
  });

  it('keeps texts already there when more arrive for the same namespace', async () => {
    const ours = createInstance();
    await ours.init({ ...APP_OPTIONS, lng: 'de', resources: { de: { translation: { a: 'A', b: { c: 'C' } } } } });
    ours.addResourceBundle('de', 'translation', { a: 'changed', b: { d: 'D' } }, true, false);
    expect([ours.t('a'), ours.t('b.c'), ours.t('b.d')]).toEqual(['A', 'C', 'D']);
  });

  it('stays bound when its methods are passed around or the instance is copied', async () => {
    const ours = createInstance();
    await ours.init({ ...APP_OPTIONS, lng: 'de', resources: RESOURCES });
    const { t, changeLanguage } = ours;
    const copy = Object.create(Object.getPrototypeOf(ours), Object.getOwnPropertyDescriptors(ours)) as Engine;
    await changeLanguage('en');
    expect(t('generic', { ns: 'errors' })).toBe(errorsEn.generic);
    await copy.changeLanguage('de');
    expect(ours.language).toBe('de');
  });

  it('uses nothing of i18next the engine leaves out', () => {
    for (const language of ['de', 'en']) {
      for (const [namespace, texts] of Object.entries(RESOURCES[language]!)) {
        for (const [key, text] of leaves(texts)) {
          // Nesting, formatting and ordinal or context forms.
          expect(text, `${language} ${namespace}:${key}`).not.toMatch(/\$t\(|\{\{[^}]*,[^}]*\}\}/);
          expect(key, `${language} ${namespace}:${key}`).not.toMatch(/_ordinal_|_(male|female)$/);
        }
      }
    }
  });
});
