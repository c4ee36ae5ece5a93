import type { PreorderDay, PreorderSlots } from '../../lib/store-api';

/** The value of today in a day choice. */
export const TODAY = '';

/**
 * The days of a slots answer a pre-order can be placed for: today (value `TODAY`, with
 * today's times, when it has any) and each later day with times of its own; a time
 * past midnight that today offers already stays with today.
 */
export function preorderDays(answer: PreorderSlots): PreorderDay[] {
  const today = new Set(answer.slots.map((slot) => slot.starts_at));
  const later = (answer.days ?? [])
    .map((day) => ({ date: day.date, slots: day.slots.filter((slot) => !today.has(slot.starts_at)) }))
    .filter((day) => day.slots.length > 0);
  return answer.slots.length > 0 ? [{ date: TODAY, slots: answer.slots }, ...later] : later;
}

const LOCALES: Record<string, string> = { de: 'de-DE', en: 'en-GB' };

/** The day after `date` (YYYY-MM-DD). */
function nextDate(date: string): string {
  const at = new Date(`${date}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + 1);
  return at.toISOString().slice(0, 10);
}

/** The device's date today, YYYY-MM-DD. */
function deviceToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * A later day's name: `tomorrowText` for the day after today (the day of today's first
 * time; without times today, the device's date), else "Do., 3. Dez." (de) / "Thu 3 Dec" (en).
 */
export function laterDayName(date: string, answer: PreorderSlots, language: string, tomorrowText: string): string {
  const first = answer.slots[0];
  const named = first && answer.days?.find((day) => day.slots.some((slot) => slot.starts_at === first.starts_at));
  if (date === nextDate(named?.date ?? deviceToday())) return tomorrowText;
  return new Intl.DateTimeFormat(LOCALES[language] ?? LOCALES.de, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}
