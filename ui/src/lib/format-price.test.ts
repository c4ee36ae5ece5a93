import { describe, expect, it } from 'vitest';
import { formatPrice } from './format-price';

describe('formatPrice', () => {
  it.each([
    [8.5, '8,50 €'],
    [0, '0,00 €'],
    [12, '12,00 €'],
    [1234.567, '1234,57 €'],
    [1.005, '1,01 €'],
    [0.1 + 0.2, '0,30 €'],
    [-2.5, '-2,50 €'],
  ])('formats %s as %s', (amount, expected) => {
    expect(formatPrice(amount)).toBe(expected);
  });

  it('treats non-finite amounts as zero', () => {
    expect(formatPrice(Number.NaN)).toBe('0,00 €');
  });
});
