import { describe, expect, it } from 'vitest';
import { formatDayMonth, shiftDate, weekdayName, weekdayOf } from './calendar-date';

describe('calendar dates', () => {
  it('move by whole days across months, years and clock changes', () => {
    expect(shiftDate('2026-11-30', 1)).toBe('2026-12-01');
    expect(shiftDate('2026-12-31', 1)).toBe('2027-01-01');
    expect(shiftDate('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDate('2026-03-28', 1)).toBe('2026-03-29');
    expect(shiftDate('2026-10-25', 1)).toBe('2026-10-26');
  });

  it('know their day of the week, Sunday = 0', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-23')).toBe(1);
    expect(weekdayOf('2026-11-28')).toBe(6);
  });

  it('name the days and write the date the way each language does', () => {
    expect([1, 3, 0].map((day) => weekdayName(day, 'de'))).toEqual(['Montag', 'Mittwoch', 'Sonntag']);
    expect([1, 3, 0].map((day) => weekdayName(day, 'en'))).toEqual(['Monday', 'Wednesday', 'Sunday']);
    expect(formatDayMonth('2026-12-31', 'de')).toBe('31.12.');
    expect(formatDayMonth('2026-01-05', 'de', { year: true })).toBe('05.01.2026');
    expect(formatDayMonth('2026-12-31', 'en')).toBe('31 Dec');
    expect(formatDayMonth('2026-01-05', 'en', { year: true })).toBe('5 Jan 2026');
  });
});
