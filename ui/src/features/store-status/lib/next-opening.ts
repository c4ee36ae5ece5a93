import { formatDayMonth, shiftDate, weekdayName, weekdayOf } from '../../../lib/calendar-date';
import { localTimeIn } from '../../../lib/store-time';

/** When the store opens next, as the store's wall clock shows it. */
export interface NextOpening {
  /** Relative to the store's today. */
  day: 'today' | 'tomorrow' | 'later';
  /** YYYY-MM-DD in the store's zone. */
  date: string;
  /** HH:mm in the store's zone. */
  time: string;
}

/**
 * The next opening `nextOpening` (an RFC 3339 instant) on the store's wall clock,
 * compared with the store's current local time `nowLocal` ("yyyy-MM-dd HH:mm:ss").
 * Converting the instant in the store's zone (not the device's) keeps the hour right
 * across clock shifts. null when there is none, it does not parse or it has passed.
 */
export function nextOpeningIn(
  nextOpening: string | null | undefined,
  timezone: string,
  nowLocal: string | null,
): NextOpening | null {
  if (!nextOpening || nowLocal === null) return null;
  const instant = Date.parse(nextOpening);
  if (Number.isNaN(instant)) return null;
  const local = localTimeIn(timezone, new Date(instant));
  if (local <= nowLocal) return null;
  const date = local.slice(0, 10);
  const today = nowLocal.slice(0, 10);
  const day = date === today ? 'today' : date === shiftDate(today, 1) ? 'tomorrow' : 'later';
  return { day, date, time: local.slice(11, 16) };
}

type Translate = (key: string, options: Record<string, string>) => string;

/**
 * "Wir öffnen wieder heute um 17:00 Uhr." / "… morgen um 11:30 Uhr." /
 * "… am Mittwoch, 25.11., um 11:30 Uhr." (and the English sentences).
 */
export function nextOpeningSentence(opening: NextOpening, language: string, t: Translate): string {
  if (opening.day !== 'later') return t(`closed_banner.reopens_${opening.day}`, { time: opening.time });
  const day = `${weekdayName(weekdayOf(opening.date), language)}, ${formatDayMonth(opening.date, language)}`;
  return t('closed_banner.reopens_on', { day, time: opening.time });
}
