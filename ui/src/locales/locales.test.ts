import { describe, expect, it } from 'vitest';
import menuPageDe from './menu-page.de.json';
import menuPageEn from './menu-page.en.json';
import otherScreensDe from './other-screens.de.json';
import otherScreensEn from './other-screens.en.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
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
