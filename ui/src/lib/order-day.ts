/** A pre-order's day (YYYY-MM-DD in the store's time zone) as customers and staff read it. */

const LOCALES: Record<string, string> = { de: 'de-DE', en: 'en-GB' };

/** The day after `date` (YYYY-MM-DD). */
export function nextDate(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** "Do., 3. Dez." (de) or "Thu 3 Dec" (en). */
export function weekdayDate(date: string, language: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(at.getTime())) return date;
  return new Intl.DateTimeFormat(LOCALES[language] ?? LOCALES.de, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(at);
}

/**
 * A day's name from `today`: `todayText` and `tomorrowText` for those two, else the
 * weekday and date.
 */
export function dayName(date: string, today: string, language: string, todayText: string, tomorrowText: string): string {
  if (date === today) return todayText;
  if (date === nextDate(today)) return tomorrowText;
  return weekdayDate(date, language);
}

/** The device's date today, YYYY-MM-DD: the best guess when the server names no day as today. */
export function deviceToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
