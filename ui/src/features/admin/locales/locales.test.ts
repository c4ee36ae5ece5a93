import { describe, expect, it } from 'vitest';
import de from './de.json';
import en from './en.json';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key));
}

describe('admin translations', () => {
  it('have the same keys in German and English', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });
});
