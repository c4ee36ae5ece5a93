import { describe, expect, it } from 'vitest';
import { formatDayWithWeekday, vatTotal } from './revenue-figures';

describe('revenue figures', () => {
  it('adds up the VAT lines in cents', () => {
    const lines = [
      { percentage: 7, gross: 0.1, net: 0.09, vat: 0.01 },
      { percentage: 19, gross: 0.2, net: 0.17, vat: 0.03 },
    ];
    expect(vatTotal(lines)).toEqual({ net: 0.26, vat: 0.04, gross: 0.3 });
    expect(vatTotal([])).toEqual({ net: 0, vat: 0, gross: 0 });
  });

  it('dates a day like the order history, with its weekday', () => {
    expect(formatDayWithWeekday('2026-11-23', 'de')).toBe('Montag, 23.11.2026');
    expect(formatDayWithWeekday('2026-11-23', 'en')).toBe('Monday, 23.11.2026');
    expect(formatDayWithWeekday('2026-11-29', 'de')).toBe('Sonntag, 29.11.2026');
    expect(formatDayWithWeekday('soon', 'de')).toBe('soon');
  });
});
