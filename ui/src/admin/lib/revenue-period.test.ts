import { describe, expect, it } from 'vitest';
import { isMonth, monthOf, monthPeriod, periodFromQuery, shiftMonth, wholeMonth } from './revenue-period';

describe('revenue periods', () => {
  it('spans a month from its first to its last day', () => {
    expect(monthPeriod('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthPeriod('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthPeriod('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('moves a month across the turn of the year', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2026-12', 1)).toBe('2027-01');
    expect(shiftMonth('2026-11', -13)).toBe('2025-10');
    expect(monthOf('2026-11-23')).toBe('2026-11');
  });

  it('knows a whole month from any other period', () => {
    expect(wholeMonth({ from: '2026-11-01', to: '2026-11-30' })).toBe('2026-11');
    expect(wholeMonth({ from: '2026-11-01', to: '2026-11-29' })).toBeNull();
    expect(wholeMonth({ from: '2026-11-01', to: '2026-12-31' })).toBeNull();
  });

  it('takes the period from the address, else the given month', () => {
    expect(periodFromQuery(new URLSearchParams('from=2026-10-15&to=2026-11-14'), '2026-11')).toEqual({
      from: '2026-10-15',
      to: '2026-11-14',
    });
    expect(periodFromQuery(new URLSearchParams('from=2026-10-15'), '2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(periodFromQuery(new URLSearchParams('from=soon&to=2026-11-14'), '2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('accepts only months as the month input gives them', () => {
    expect(isMonth('2026-11')).toBe(true);
    expect(isMonth('2026-13')).toBe(false);
    expect(isMonth('2026-11-01')).toBe(false);
    expect(isMonth('')).toBe(false);
    expect(isMonth(null)).toBe(false);
  });
});
