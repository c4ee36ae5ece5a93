/**
 * Open/closed state and hours text of the store (contract: store-api.md,
 * "Status rules"), as one pure function shared in spirit with the server:
 * both pass the vectors in assets/test-vectors/store-status.json.
 */

import type { TodaySlot } from '../../../lib/status-socket';

export type { TodaySlot };
export { cleanLabel } from '../../../lib/hours-label';

export type HoursText =
  | { kind: 'current'; open: string; close: string }
  | { kind: 'opens_at'; time: string }
  | { kind: 'closed_for_today' };

export interface StoreStatus {
  isOpen: boolean;
  hoursText: HoursText;
}

const MINUTES_PER_DAY = 24 * 60;
const SECONDS_PER_DAY = MINUTES_PER_DAY * 60;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

/** Minutes since midnight of "HH:mm", or null for anything else. */
export function minutesOf(time: string): number | null {
  const match = HH_MM.exec(time);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Seconds since midnight of a local time "yyyy-MM-dd HH:mm:ss", or null. */
export function secondsOfDay(localTime: string): number | null {
  const match = LOCAL_TIME.exec(localTime);
  if (!match) return null;
  const [hours, minutes, seconds] = [Number(match[4]), Number(match[5]), Number(match[6])];
  if (hours > 23 || minutes > 59 || seconds > 59) return null;
  return hours * 3600 + minutes * 60 + seconds;
}

/** Whether the slot contains the time; a slot closing before it opens runs until 24:00 today. */
function contains(slot: TodaySlot, seconds: number): boolean {
  const open = minutesOf(slot.open_time);
  const close = minutesOf(slot.close_time);
  if (open === null || close === null) return false;
  const end = close < open ? MINUTES_PER_DAY : close;
  return open * 60 <= seconds && seconds < end * 60;
}

/**
 * The status at `localTime` (store zone, "yyyy-MM-dd HH:mm:ss") for today's
 * slots: open iff not paused and a slot contains the time. The hours text names
 * the current slot (even while paused), else the next later opening today, else
 * "closed for today". An unreadable time counts as closed.
 */
export function storeStatus(todayHours: readonly TodaySlot[], localTime: string, paused: boolean): StoreStatus {
  const seconds = secondsOfDay(localTime);
  if (seconds === null) return { isOpen: false, hoursText: { kind: 'closed_for_today' } };

  const sorted = [...todayHours]
    .filter((slot) => minutesOf(slot.open_time) !== null && minutesOf(slot.close_time) !== null)
    .sort((a, b) => (minutesOf(a.open_time) ?? 0) - (minutesOf(b.open_time) ?? 0));

  const current = sorted.find((slot) => contains(slot, seconds));
  if (current) {
    return {
      isOpen: !paused,
      hoursText: { kind: 'current', open: current.open_time, close: current.close_time },
    };
  }
  const next = sorted.find((slot) => (minutesOf(slot.open_time) ?? 0) * 60 > seconds);
  if (next) return { isOpen: false, hoursText: { kind: 'opens_at', time: next.open_time } };
  return { isOpen: false, hoursText: { kind: 'closed_for_today' } };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/**
 * The local time `elapsedMs` after `localTime`, so the status can be recomputed
 * between server messages. Date arithmetic runs on a UTC calendar, which only
 * counts wall-clock seconds (no zone rules needed: the server sends a fresh
 * message at every change, including midnight and clock shifts).
 */
export function localTimeAfter(localTime: string, elapsedMs: number): string | null {
  const match = LOCAL_TIME.exec(localTime);
  if (!match || secondsOfDay(localTime) === null) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map(Number) as [
    number, number, number, number, number, number,
  ];
  const start = Date.UTC(year, month - 1, day, hours, minutes, seconds);
  const at = new Date(start + Math.max(0, Math.floor(elapsedMs / 1000)) * 1000);
  return (
    `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())} ` +
    `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}:${pad(at.getUTCSeconds())}`
  );
}

/**
 * Today's slots once the day has moved on past the last message: only the part
 * after midnight of yesterday's overnight slots is known for sure.
 */
export function hoursAfterMidnight(todayHours: readonly TodaySlot[]): TodaySlot[] {
  return todayHours
    .filter((slot) => {
      const open = minutesOf(slot.open_time);
      const close = minutesOf(slot.close_time);
      return open !== null && close !== null && close < open && close > 0;
    })
    .map((slot) => ({ ...slot, open_time: '00:00' }));
}

/**
 * The status `elapsedMs` after a server message: its today_hours at its
 * local_time plus the elapsed local time. Crossing midnight keeps only the
 * overnight parts until the server's next message.
 */
export function statusAfter(
  message: { today_hours: readonly TodaySlot[]; local_time: string; paused: boolean },
  elapsedMs: number,
): StoreStatus {
  const now = localTimeAfter(message.local_time, elapsedMs);
  if (now === null) return storeStatus([], '', message.paused);
  const sameDay = now.slice(0, 10) === message.local_time.slice(0, 10);
  const daysLater = sameDay ? 0 : (Date.parse(now.slice(0, 10)) - Date.parse(message.local_time.slice(0, 10))) / (SECONDS_PER_DAY * 1000);
  const hours = sameDay ? message.today_hours : daysLater === 1 ? hoursAfterMidnight(message.today_hours) : [];
  return storeStatus(hours, now, message.paused);
}

