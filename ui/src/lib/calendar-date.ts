/**
 * Calendar dates "YYYY-MM-DD" as the store's zone sees them. The arithmetic runs on
 * a UTC calendar, which has no clock shifts, so adding a day is always one day.
 */

const DAY_MS = 86_400_000;

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

function utcMidday(date: string): Date {
  return new Date(Date.parse(`${date}T12:00:00Z`));
}

/** The date `days` after `date` (negative: before). */
export function shiftDate(date: string, days: number): string {
  const at = new Date(utcMidday(date).getTime() + days * DAY_MS);
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
}

/** Day of the week of `date`: 0 = Sunday … 6 = Saturday (as the store hours count). */
export function weekdayOf(date: string): number {
  return utcMidday(date).getUTCDay();
}

function locale(language: string): string {
  return language === 'en' ? 'en-GB' : 'de-DE';
}

/** "Mittwoch" / "Wednesday" for a day of the week (0 = Sunday). */
export function weekdayName(day: number, language: string): string {
  // 2026-11-22 is a Sunday.
  const sunday = Date.UTC(2026, 10, 22, 12);
  return new Intl.DateTimeFormat(locale(language), { weekday: 'long', timeZone: 'UTC' }).format(sunday + day * DAY_MS);
}

/** Day and month: "25.11." in German, "25 Nov" in English; with `year` "25.11.2026" / "25 Nov 2026". */
export function formatDayMonth(date: string, language: string, { year = false } = {}): string {
  const [y, m, d] = date.split('-');
  if (language !== 'en') return `${d}.${m}.${year ? y : ''}`;
  const month = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' }).format(utcMidday(date));
  return `${Number(d)} ${month}${year ? ` ${y}` : ''}`;
}
