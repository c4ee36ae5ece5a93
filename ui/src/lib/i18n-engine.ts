/**
 * The translation engine under react-i18next: the part of i18next's API this UI and
 * react-i18next use, with i18next's results. `vite.config.ts` aliases `i18next` to this
 * module, as it aliases `react` to `preact/compat`: i18next itself is 50 KB of minified
 * code (backends, formatters, nesting, post-processors, ...) that every first visit
 * would download for the little the storefront needs. The code keeps importing
 * `i18next` and its types; `i18n-engine.test.ts` checks that every text of every
 * locale file, in both languages, with and without counts and values, comes out as
 * i18next makes it.
 *
 * What it does as i18next does (default options):
 * - keys are paths (`a.b.c`) into a namespace's texts; `ns` picks the namespace;
 * - a `count` picks `key_zero` (for 0, if there is one), else the language's plural
 *   form (`key_one`, `key_other`, by `Intl.PluralRules`), else `key`;
 * - languages: the asked one, then `fallbackLng`; only `supportedLngs` count;
 * - `{{name}}` (and `{{- name}}`) takes values from the options (or `replace`), escaped
 *   for HTML unless `interpolation.escapeValue` is false; a value is never read for
 *   placeholders again; a missing one leaves its placeholder, or is '' when the
 *   options name it, or is what `missingInterpolationHandler` returns;
 * - a missing text is `defaultValue`, else the key; `returnDetails` gives the
 *   language, namespace and key a text was found under.
 *
 * What it does not do, because nothing here uses it: nesting (`$t(...)` inside a
 * text), formatting (`{{value, format}}`), context, ordinals, backends, language
 * detection, post-processors and `returnObjects`.
 */

type Texts = { [key: string]: unknown };
type Options = { [key: string]: unknown };
type Listener = (...args: unknown[]) => void;

interface InitOptions {
  lng?: string;
  fallbackLng?: string | false;
  supportedLngs?: readonly string[] | false;
  resources?: Record<string, Record<string, Texts>>;
  ns?: string | readonly string[];
  defaultNS?: string | readonly string[];
  interpolation?: { escapeValue?: boolean };
  [option: string]: unknown;
}

interface Details {
  res: unknown;
  usedKey: string;
  exactUsedKey: string;
  usedLng: string | undefined;
  usedNS: string | undefined;
  usedParams: Options;
}

interface Plugin {
  type: string;
  init?: (instance: Engine) => void;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;', '/': '&#x2F;' };
const escapeHtml = (text: string) => text.replace(/[&<>"'/]/g, (c) => ENTITIES[c]!);
const own = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);
const isObject = (value: unknown): value is Texts => typeof value === 'object' && value !== null;
const asList = (value: string | readonly string[] | undefined | false): string[] =>
  value === undefined || value === false ? [] : typeof value === 'string' ? [value] : [...value];

/** `object`'s value at a dotted path, if every step is its own property. */
function pathValue(object: unknown, path: string): unknown {
  let current = object;
  for (const step of path.split('.')) {
    if (!isObject(current) || !own(current, step)) return undefined;
    current = current[step];
  }
  return current;
}

/** `source` merged into `target` key by key; existing texts stay unless `overwrite`. */
function merge(target: Texts, source: Texts, overwrite: boolean): void {
  for (const key of Object.keys(source)) {
    if (key === '__proto__' || key === 'constructor') continue;
    const from = source[key];
    const to = target[key];
    if (!own(target, key)) target[key] = from;
    else if (isObject(to) && isObject(from)) merge(to, from, overwrite);
    else if (overwrite) target[key] = from;
  }
}

const pluralRules = new Map<string, Intl.PluralRules | null>();

/** `_one`, `_other`, ... for `count` in `language` (i18next reads `dev` as English). */
function pluralSuffix(language: string, count: number): string {
  const code = language === 'dev' ? 'en' : language;
  if (!pluralRules.has(code)) {
    let rules: Intl.PluralRules | null = null;
    try {
      rules = new Intl.PluralRules(code);
    } catch {
      // No rules for this code: English's.
    }
    pluralRules.set(code, rules);
  }
  return `_${(pluralRules.get(code) ?? new Intl.PluralRules('en')).select(count)}`;
}

/** `{{- name}}` (the value as it is), then `{{name}}` (escaped unless `escapeValue` is false), as i18next goes. */
const PLACEHOLDERS = [
  { pattern: /\{\{-(.+?)\}\}/g, escapes: false },
  { pattern: /\{\{(.+?)\}\}/g, escapes: true },
];

/** i18next's `interpolate` (skipOnVariables): values are never scanned for placeholders. */
function interpolate(text: string, data: Options, options: Options, escape: boolean): string {
  const written: [number, number][] = [];
  let out = text;
  for (const { pattern, escapes } of PLACEHOLDERS) {
    const regex = new RegExp(pattern.source, 'g');
    let shift = 0;
    let match: RegExpExecArray | null;
    while ((match = regex.exec(out)) !== null) {
      const at = match.index - shift;
      const inside = written.find(([start, end]) => at >= start && at < end);
      if (inside) {
        regex.lastIndex = inside[1] + shift;
        continue;
      }
      const name = match[1]!.trim();
      let value = pathValue(data, name);
      if (value === undefined) {
        const handler = options.missingInterpolationHandler;
        if (typeof handler === 'function') {
          const given: unknown = handler(out, match, options);
          value = typeof given === 'string' ? given : '';
        } else if (own(options, name)) value = '';
        else continue;
      }
      let safe = value == null ? '' : String(value);
      if (escapes && escape) safe = escapeHtml(safe);
      out = out.slice(0, match.index) + safe + out.slice(match.index + match[0].length);
      // Values put in as they are are skipped by the escaped pass (i18next's `unescapedValues`).
      if (!escapes) written.push([match.index, match.index + safe.length]);
      else shift += safe.length - match[0].length;
      regex.lastIndex += safe.length - match[0].length;
    }
  }
  return out;
}

/** `on`, `off` and `emit` for space-separated event names. */
function emitter() {
  const listeners = new Map<string, Set<Listener>>();
  return {
    on(events: string, listener: Listener) {
      for (const event of events.split(' ')) {
        if (!listeners.has(event)) listeners.set(event, new Set());
        listeners.get(event)!.add(listener);
      }
    },
    off(event: string, listener?: Listener) {
      if (listener === undefined) listeners.delete(event);
      else listeners.get(event)?.delete(listener);
    },
    emit(event: string, ...args: unknown[]) {
      for (const listener of [...(listeners.get(event) ?? [])]) listener(...args);
    },
  };
}

/** `t` as i18next's: the text, or with `returnDetails` where it was found. */
interface TFunction {
  (key: string, options: Options & { returnDetails: true }): Details;
  (key: string, options?: Options | string): string;
}

/** An i18next instance as this UI uses it (see the module's comment). */
export class Engine {
  options: InitOptions & { ns: string[]; defaultNS: string[]; fallbackLng: string | false; react?: object } = {
    ns: ['translation'],
    defaultNS: ['translation'],
    fallbackLng: 'dev',
  };
  /** `{ language: { namespace: texts } }`. */
  data: Record<string, Record<string, Texts>> = {};
  language: string | undefined = undefined;
  languages: string[] = [];
  resolvedLanguage: string | undefined = undefined;
  isInitialized = false;
  services = {};
  private events = emitter();
  private plugins: Plugin[] = [];
  /** Announces added texts (`added`), as i18next's resource store does. */
  store = { ...emitter(), data: this.data };

  constructor() {
    // Methods stay bound, as i18next's do: react-i18next hands out copies of the
    // instance, and code passes `i18n.t` around on its own.
    const self = this as unknown as Record<string, unknown>;
    for (const name of Object.getOwnPropertyNames(Engine.prototype)) {
      const member = self[name];
      if (name !== 'constructor' && typeof member === 'function') self[name] = member.bind(this);
    }
  }

  on(events: string, listener: Listener): this {
    this.events.on(events, listener);
    return this;
  }

  off(event: string, listener?: Listener): void {
    this.events.off(event, listener);
  }

  emit(event: string, ...args: unknown[]): void {
    this.events.emit(event, ...args);
  }

  /** A fresh instance, as `i18next.createInstance()` makes one. */
  createInstance(): Engine {
    return new Engine();
  }

  use(plugin: Plugin): this {
    this.plugins.push(plugin);
    return this;
  }

  init(options: InitOptions = {}): Promise<TFunction> {
    const ns = options.ns === undefined ? this.options.ns : asList(options.ns);
    const defaultNS =
      options.defaultNS !== undefined
        ? asList(options.defaultNS)
        : options.ns !== undefined && !ns.includes('translation')
          ? ns.slice(0, 1)
          : this.options.defaultNS;
    const supportedLngs = options.supportedLngs ? [...options.supportedLngs, 'cimode'] : false;
    this.options = { ...this.options, ...options, ns, defaultNS, supportedLngs, fallbackLng: options.fallbackLng ?? this.options.fallbackLng };
    for (const [language, namespaces] of Object.entries(options.resources ?? {})) {
      for (const [namespace, texts] of Object.entries(namespaces)) this.addResourceBundle(language, namespace, texts, true, true);
    }
    for (const plugin of this.plugins) if (plugin.type === '3rdParty') plugin.init?.(this);
    const done = this.changeLanguage(options.lng);
    this.isInitialized = true;
    this.emit('initialized', this.options);
    return done;
  }

  /** Where to look for texts in `language`: itself, then the fallback; supported ones only. */
  private hierarchy(language: string | undefined): string[] {
    const supported = this.options.supportedLngs;
    const codes = [...(language ? [language] : []), ...asList(this.options.fallbackLng)];
    return codes.filter((code, at) => codes.indexOf(code) === at && (!supported || supported.includes(code)));
  }

  private hasSomeTexts(language: string): boolean {
    return Object.values(this.data[language] ?? {}).some((texts) => Object.keys(texts).length > 0);
  }

  /** Switches at once (there is nothing to download) and says so (`languageChanged`). */
  changeLanguage(language?: string): Promise<TFunction> {
    const supported = this.options.supportedLngs;
    if (language !== undefined) {
      const chosen =
        this.hasSomeTexts(language) || !supported || supported.includes(language) ? language : asList(this.options.fallbackLng)[0];
      if (chosen !== undefined) {
        this.language = chosen;
        this.languages = this.hierarchy(chosen);
        this.resolvedLanguage = this.languages.find((code) => code !== 'cimode' && code !== 'dev' && this.hasSomeTexts(code));
        if (this.resolvedLanguage === undefined && !this.languages.includes(chosen) && this.hasSomeTexts(chosen)) {
          this.resolvedLanguage = chosen;
          this.languages.unshift(chosen);
        }
        this.emit('languageChanged', chosen);
      }
    }
    return Promise.resolve(this.t);
  }

  /** Adds texts, copied; `deep` merges them key by key, keeping existing texts unless `overwrite`. */
  addResourceBundle(language: string, namespace: string, texts: Texts, deep = false, overwrite = false): this {
    const copy = JSON.parse(JSON.stringify(texts)) as Texts;
    const bundles = (this.data[language] ??= {});
    const bundle = (bundles[namespace] ??= {});
    if (deep) merge(bundle, copy, overwrite);
    else Object.assign(bundle, copy);
    this.store.emit('added', language, namespace, texts);
    return this;
  }

  hasResourceBundle(language: string, namespace: string): boolean {
    return Object.keys(this.data[language]?.[namespace] ?? {}).length > 0;
  }

  /** Every text is added by the app, none is downloaded by the engine (i18next with `resources`). */
  hasLoadedNamespace(): boolean {
    return this.isInitialized && this.languages.length > 0;
  }

  loadNamespaces(_namespaces: string | string[], done?: () => void): Promise<void> {
    done?.();
    return Promise.resolve();
  }

  loadLanguages(_languages: string | string[], done?: () => void): Promise<void> {
    done?.();
    return Promise.resolve();
  }

  /** A `t` for one language and namespace, as react-i18next's `useTranslation` asks for. */
  getFixedT(language?: string | null, namespace?: string | readonly string[] | null, keyPrefix?: string): TFunction {
    const fixed = (key: string, options?: Options | string) => {
      const given: Options = typeof options === 'string' ? { defaultValue: options } : { ...options };
      given.lng ||= language ?? undefined;
      given.ns ||= namespace ?? undefined;
      const prefix = given.keyPrefix === '' ? '' : ((given.keyPrefix as string | undefined) || keyPrefix);
      return this.t(prefix ? `${prefix}.${key}` : key, given);
    };
    return fixed as TFunction;
  }

  t(key: string, options: Options & { returnDetails: true }): Details;
  t(key: string, options?: Options | string): string;
  t(key: string, options?: Options | string): string | Details {
    const given: Options = typeof options === 'string' ? { defaultValue: options } : { ...options };
    const namespaces = asList((given.ns as string | string[] | undefined) || this.options.defaultNS);
    const language = (given.lng as string | undefined) || this.language;
    const count = given.count !== undefined && typeof given.count !== 'string' ? Number(given.count) : undefined;
    const details: Details = { res: undefined, usedKey: key, exactUsedKey: key, usedLng: undefined, usedNS: undefined, usedParams: {} };
    let found: unknown;
    search: for (const namespace of namespaces) {
      details.usedNS = namespace;
      for (const code of this.hierarchy(language)) {
        details.usedLng = code;
        const keys = count === undefined ? [key] : [...(count === 0 ? [`${key}_zero`] : []), key + pluralSuffix(code, count), key];
        for (const candidate of keys) {
          found = pathValue(this.data[code]?.[namespace], candidate);
          if (found !== undefined && found !== null) {
            details.exactUsedKey = candidate;
            break search;
          }
        }
      }
    }
    let text: string;
    if (isObject(found)) {
      text = `key '${key} (${this.language})' returned an object instead of string.`;
    } else {
      let chosen = found;
      const hasDefault = Object.keys(given).some((name) => name.startsWith('defaultValue') && given[name] !== undefined);
      if ((chosen === undefined || chosen === null) && hasDefault) {
        chosen =
          (count === 0 && given.defaultValue_zero) ||
          (count !== undefined && given[`defaultValue${pluralSuffix(language ?? 'dev', count)}`]) ||
          given.defaultValue;
      }
      if (chosen === undefined || chosen === null) chosen = key;
      const data = isObject(given.replace) ? given.replace : given;
      text = interpolate(String(chosen), data, given, this.options.interpolation?.escapeValue !== false);
    }
    if (!given.returnDetails) return text;
    details.res = text;
    return details;
  }
}

/** A fresh instance, as `i18next.createInstance()` makes one. */
export function createInstance(): Engine {
  return new Engine();
}

/** react-i18next imports this for selector key prefixes, which this UI does not use. */
export function keyFromSelector(selector: unknown): string {
  return String(selector);
}

const i18n = createInstance();
export default i18n;
