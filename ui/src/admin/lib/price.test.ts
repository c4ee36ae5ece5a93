import { describe, expect, it } from 'vitest';
import { formatPriceInput, parseDecimal, parsePrice } from './price';

describe('price input', () => {
  it.each([
    ['1,20', 1.2],
    ['1.20', 1.2],
    ['1,2', 1.2],
    ['8', 8],
    [' 11,50 ', 11.5],
    ['11,50 €', 11.5],
    ['0', 0],
    ['999,99', 999.99],
  ])('reads %j as %d euros', (input, euros) => {
    expect(parsePrice(input)).toEqual({ ok: true, value: euros });
  });

  it.each(['1,234', '1,2x', 'abc', '1.000,00', ',5', '1,'])('rejects %j as badly formatted', (input) => {
    expect(parsePrice(input)).toEqual({ ok: false, error: 'format' });
  });

  it('rejects empty input and amounts outside 0–999,99 €', () => {
    expect(parsePrice('  ')).toEqual({ ok: false, error: 'required' });
    expect(parsePrice('1000')).toEqual({ ok: false, error: 'range' });
    expect(parsePrice('-1')).toEqual({ ok: false, error: 'range' });
  });

  it('parses whole numbers only when no decimals are allowed', () => {
    expect(parseDecimal('12', { decimals: 0, min: 0, max: 20 })).toEqual({ ok: true, value: 12 });
    expect(parseDecimal('1,5', { decimals: 0 })).toEqual({ ok: false, error: 'format' });
    expect(parseDecimal('21', { decimals: 0, max: 20 })).toEqual({ ok: false, error: 'range' });
  });

  it('shows euros with a comma and two decimals in the form', () => {
    expect(formatPriceInput(1.2)).toBe('1,20');
    expect(formatPriceInput(8)).toBe('8,00');
    expect(formatPriceInput(null)).toBe('');
  });
});
