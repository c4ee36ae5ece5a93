import { describe, expect, it } from 'vitest';
import { ADMIN_NAV } from '../components/admin-layout';
import de from './admin.de.json';
import en from './admin.en.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

function lookup(value: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], value);
}

/** The {{placeholders}} of a text, sorted. */
function placeholders(text: unknown): string[] {
  return [...String(text).matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

describe('admin translations', () => {
  it('have the same keys in German and English', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });

  it('use the same placeholders in German and English', () => {
    for (const key of keys(en)) {
      expect(placeholders(lookup(de, key)), key).toEqual(placeholders(lookup(en, key)));
    }
  });

  it('name every screen of the admin navigation in both languages', () => {
    for (const { label } of ADMIN_NAV) {
      expect(typeof lookup(de, label), label).toBe('string');
      expect(typeof lookup(en, label), label).toBe('string');
    }
    expect(lookup(en, 'nav.outbox')).toBe('Outbox');
    expect(lookup(de, 'nav.outbox')).toBe('Postausgang');
    expect(lookup(en, 'nav.support')).toBe('Support messages');
    expect(lookup(de, 'nav.support')).toBe('Kontaktanfragen');
  });
});
