import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import errorsDe from './errors.de.json';
import errorsEn from './errors.en.json';
import menuPageDe from './menu-page.de.json';
import menuPageEn from './menu-page.en.json';
import otherScreensDe from './other-screens.de.json';
import otherScreensEn from './other-screens.en.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

/** The {{placeholders}} of a text, sorted. */
function placeholders(text: unknown): string[] {
  return [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

/** The server's error codes with the params each one's answer gives: its `error_codes!` list (`Variant = "code" ["param", …];`). */
function serverErrorCodes(): Map<string, string[]> {
  const errorCodeSource = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../../src/domain/error_code.rs'), 'utf8');
  const entries = [...errorCodeSource.matchAll(/^\s*[A-Z]\w* = "([a-z_]+)"(?: \[([^\]]*)\])?;/gm)];
  return new Map(entries.map((match) => [match[1] ?? '', [...(match[2] ?? '').matchAll(/"(\w+)"/g)].map((param) => param[1] ?? '')]));
}

describe('storefront translations', () => {
  it('have the same keys in German and English, part by part', () => {
    expect(keys(menuPageDe).sort()).toEqual(keys(menuPageEn).sort());
    expect(keys(otherScreensDe).sort()).toEqual(keys(otherScreensEn).sort());
  });

  // Both parts land in one namespace, merged key by key.
  it('keep each text in one part only', () => {
    const menuPageKeys = keys(menuPageDe);
    expect(keys(otherScreensDe).filter((key) => menuPageKeys.includes(key))).toEqual([]);
  });
});

describe('error texts', () => {
  const de: Record<string, unknown> = errorsDe;
  const en: Record<string, unknown> = errorsEn;

  it('have the same keys in German and English, each a sentence of its own', () => {
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort());
    for (const texts of [de, en]) {
      for (const [key, text] of Object.entries(texts)) {
        expect(typeof text === 'string' && text.trim() !== '', key).toBe(true);
      }
    }
  });

  it('use the same placeholders in German and English', () => {
    for (const key of Object.keys(en)) {
      expect(placeholders(de[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it("say every error code of the server, naming only that code's params", () => {
    const codes = serverErrorCodes();
    expect(codes.size).toBeGreaterThan(50);
    expect(codes.get('below_minimum')).toEqual(['postcode', 'minimum']);
    for (const [code, params] of codes) {
      for (const texts of [de, en]) {
        expect(typeof texts[code], code).toBe('string');
        for (const name of placeholders(texts[code])) expect(params, `${code}: {{${name}}}`).toContain(name);
      }
    }
  });

  it('say the printer alarms and the order nobody answered', () => {
    for (const key of ['printer_refused', 'printer_no_answer', 'printer_unreachable', 'printer_stalled', 'printer_network', 'order_not_answered']) {
      expect(typeof de[key], key).toBe('string');
    }
  });
});

/** Every text of a locale file, flattened. */
function texts(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(texts);
}

describe('German form of address', () => {
  // The storefront and the admin area both say "Sie": no "du", "dich", "dir", "dein…".
  const informal = /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b/i;

  it('is "Sie" in the storefront and the admin area alike', async () => {
    const adminDe = (await import('../admin/locales/admin.de.json')).default;
    const offending = [menuPageDe, otherScreensDe, errorsDe, adminDe].flatMap(texts).filter((text) => informal.test(text));
    expect(offending).toEqual([]);
  });
});
