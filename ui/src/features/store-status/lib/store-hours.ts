import type { StoreHoursEntry } from '../../../lib/api';
import { shiftDate, weekdayOf } from '../../../lib/calendar-date';
import { cleanLabel, minutesOf, type TodaySlot } from './store-status';

/** A slot's labels as the live connection sends them: cleaned, the English one only when set. */
function labels(entry: StoreHoursEntry): Pick<TodaySlot, 'label' | 'label_en'> {
  const label = cleanLabel(entry.label);
  return entry.label_en?.trim() ? { label, label_en: cleanLabel(entry.label_en) } : { label };
}

/**
 * Today's slots from the weekly hours, the way the live connection sends them:
 * today's own slots plus the after-midnight part of yesterday's overnight slots
 * (as 00:00–close), none on a closure date, sorted by open_time, labels cleaned
 * (the English label only when one is set).
 * Used until the first live message arrives.
 */
export function todayHoursFromWeek(
  storeHours: readonly StoreHoursEntry[],
  closures: readonly string[],
  localTime: string,
): TodaySlot[] {
  const today = localTime.slice(0, 10);
  const yesterday = shiftDate(today, -1);
  const overnight = (entry: StoreHoursEntry) => {
    const open = minutesOf(entry.open_time);
    const close = minutesOf(entry.close_time);
    return open !== null && close !== null && close < open;
  };
  const slots: TodaySlot[] = [];
  if (closures.includes(today)) return slots;
  if (!closures.includes(yesterday)) {
    for (const entry of storeHours) {
      if (entry.day_of_week === weekdayOf(yesterday) && overnight(entry) && entry.close_time !== '00:00') {
        slots.push({ open_time: '00:00', close_time: entry.close_time, ...labels(entry) });
      }
    }
  }
  for (const entry of storeHours) {
    if (entry.day_of_week === weekdayOf(today)) {
      slots.push({ open_time: entry.open_time, close_time: entry.close_time, ...labels(entry) });
    }
  }
  return slots.sort((a, b) => (minutesOf(a.open_time) ?? 0) - (minutesOf(b.open_time) ?? 0));
}
