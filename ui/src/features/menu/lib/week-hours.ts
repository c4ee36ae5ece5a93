import type { StoreHoursEntry } from '../../../lib/api';
import { cleanLabel } from '../../../lib/hours-label';
import { localized } from '../../../lib/localized';

export interface HoursSlot {
  open: string;
  close: string;
  /** In the UI language (the German label when there is no English one), cleaned; '' for none. */
  label: string;
}

export interface DayHours {
  /** 0 = Sunday … 6 = Saturday, as the store hours count. */
  day: number;
  /** Sorted by opening time; empty: closed all day. */
  slots: HoursSlot[];
  isToday: boolean;
}

/** Monday first, as a German week is written. */
const WEEK = [1, 2, 3, 4, 5, 6, 0];

const minutes = (time: string) => {
  const [hours, mins] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (mins ?? 0);
};

/**
 * The week's opening hours, Monday to Sunday, each day with its slots in order.
 * A slot closing before it opens runs past midnight and stays on the day it opens.
 */
export function weekHours(storeHours: readonly StoreHoursEntry[], todayWeekday: number, language: string): DayHours[] {
  return WEEK.map((day) => ({
    day,
    isToday: day === todayWeekday,
    slots: storeHours
      .filter((entry) => entry.day_of_week === day)
      .sort((a, b) => minutes(a.open_time) - minutes(b.open_time))
      .map((entry) => ({
        open: entry.open_time,
        close: entry.close_time,
        label: cleanLabel(localized(entry.label, entry.label_en, language)),
      })),
  }));
}

/** Closure dates from `today` on (YYYY-MM-DD, store zone), earliest first. */
export function upcomingClosures<T extends { date: string }>(closures: readonly T[], today: string): T[] {
  return closures.filter((closure) => closure.date >= today).sort((a, b) => a.date.localeCompare(b.date));
}
