import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../../../lib/live-status';
import { localized } from '../../../lib/localized';
import { localTimeIn } from '../../../lib/store-time';
import { useStore } from '../../../lib/store-context';
import { STORE_STATUS_REFRESH_MS } from '../../../lib/ui-constants';
import { autoPausedAfter, GUARD_REASONS, type SocketLike } from '../../../lib/status-socket';
import { todayHoursFromWeek } from '../lib/store-hours';
import { cleanLabel, localTimeAfter, statusAfter, type StoreStatus, type TodaySlot } from '../lib/store-status';

interface Basis {
  today_hours: TodaySlot[];
  local_time: string;
  paused: boolean;
  closed_reason: string | null;
  auto_paused_after: number | null;
  next_opening: string | null;
  timezone: string;
  /** performance.now() when this basis was taken. */
  takenAt: number;
}

export interface LiveStoreStatus extends StoreStatus {
  paused: boolean;
  /** The live connection reported an error or sent something unreadable. */
  failed: boolean;
  /** Label of the current slot in the UI language (English falls back to the German one), if any. */
  label: string;
  /** A guard keeping the store closed whatever the hours say: clock_untrusted or not_ready. */
  guard: string | null;
  /** While ordering is paused automatically: how many orders in a row were not answered. */
  autoPausedAfter: number | null;
  /**
   * Why it is closed (clock_untrusted, not_ready, auto_paused, paused, closure,
   * outside_hours); null while open or when the connection failed.
   */
  closedReason: string | null;
  /** RFC 3339 UTC: when the hours next say open, if the server named it. */
  nextOpening: string | null;
  /** The store's time zone and its current local time ("yyyy-MM-dd HH:mm:ss"), if known. */
  timezone: string;
  localTime: string | null;
}

export interface UseStoreStatusOptions {
  createSocket?: (url: string) => SocketLike;
}

const monotonicNow = () => performance.now();

/**
 * The store's open state: first from GET /stores/{id} and the device clock in
 * the store's zone, then from the live connection, which replaces hours and
 * server time. Recomputed every STORE_STATUS_REFRESH_MS from the last server
 * time plus the time elapsed since (monotonic clock). null until known.
 */
export function useStoreStatus({ createSocket }: UseStoreStatusOptions = {}): LiveStoreStatus | null {
  const store = useStore();
  const { i18n } = useTranslation();
  const latest = useLiveStatus(createSocket);
  const live = useMemo<Basis | 'failed' | null>(() => {
    if (latest === null || latest === 'failed') return latest;
    const { message, receivedAt } = latest;
    return {
      today_hours: message.today_hours,
      local_time: message.local_time,
      paused: message.paused,
      closed_reason: message.closed_reason ?? null,
      auto_paused_after: message.auto_paused_after ?? null,
      next_opening: message.next_opening ?? null,
      timezone: message.timezone,
      takenAt: receivedAt,
    };
  }, [latest]);
  const [ticked, setClock] = useState(monotonicNow);

  useEffect(() => {
    const timer = setInterval(() => setClock(monotonicNow()), STORE_STATUS_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  const storeData = store.status === 'success' ? store.data : null;
  const fromStore = useMemo<Basis | null>(() => {
    if (storeData === null) return null;
    const localTime = localTimeIn(storeData.timezone);
    return {
      today_hours: todayHoursFromWeek(
        storeData.store_hours,
        (storeData.closures ?? []).map((closure) => closure.date),
        localTime,
      ),
      local_time: localTime,
      paused: storeData.paused === true,
      closed_reason: typeof storeData.closed_reason === 'string' ? storeData.closed_reason : null,
      auto_paused_after: autoPausedAfter(storeData.auto_pause),
      next_opening: typeof storeData.next_opening === 'string' ? storeData.next_opening : null,
      timezone: storeData.timezone,
      takenAt: monotonicNow(),
    };
  }, [storeData]);

  if (live === 'failed') {
    return {
      isOpen: false,
      hoursText: { kind: 'closed_for_today' },
      paused: false,
      failed: true,
      label: '',
      guard: null,
      autoPausedAfter: null,
      closedReason: null,
      nextOpening: null,
      timezone: storeData?.timezone ?? '',
      localTime: null,
    };
  }
  const basis = live ?? fromStore;
  if (basis === null) return null;
  // A new message counts from when it arrived, even before the next tick.
  const clock = Math.max(ticked, basis.takenAt);
  const elapsed = clock - basis.takenAt;
  const status = statusAfter(basis, elapsed);
  const text = status.hoursText;
  const current =
    text.kind === 'current'
      ? basis.today_hours.find((slot) => slot.open_time === text.open && slot.close_time === text.close)
      : undefined;
  const guard = basis.closed_reason !== null && GUARD_REASONS.includes(basis.closed_reason) ? basis.closed_reason : null;
  const isOpen = status.isOpen && guard === null;
  return {
    ...status,
    isOpen,
    paused: basis.paused,
    failed: false,
    label: cleanLabel(localized(current?.label ?? '', current?.label_en, i18n.language)),
    guard,
    autoPausedAfter: basis.paused ? basis.auto_paused_after : null,
    // Hours that ended since the last message close the store with no reason sent yet.
    closedReason: isOpen ? null : (basis.closed_reason ?? 'outside_hours'),
    nextOpening: isOpen ? null : basis.next_opening,
    timezone: basis.timezone || (storeData?.timezone ?? ''),
    localTime: localTimeAfter(basis.local_time, elapsed),
  };
}
