import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { localized } from '../../../lib/localized';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { localTimeIn } from '../../../lib/store-time';
import { useStore } from '../../../lib/store-context';
import { STORE_STATUS_REFRESH_MS } from '../../../lib/ui-constants';
import {
  autoPausedAfter,
  connectStoreStatus,
  GUARD_REASONS,
  statusUrl,
  type LiveStatusEvent,
  type SocketLike,
} from '../../../lib/status-socket';
import { todayHoursFromWeek } from '../lib/store-hours';
import { cleanLabel, statusAfter, type StoreStatus, type TodaySlot } from '../lib/store-status';

interface Basis {
  today_hours: TodaySlot[];
  local_time: string;
  paused: boolean;
  closed_reason: string | null;
  auto_paused_after: number | null;
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
  const { storeId } = getRuntimeConfig();
  const store = useStore();
  const { i18n } = useTranslation();
  const [live, setLive] = useState<Basis | 'failed' | null>(null);
  const [clock, setClock] = useState(monotonicNow);

  useEffect(
    () =>
      connectStoreStatus({
        url: statusUrl(storeId),
        createSocket,
        now: monotonicNow,
        onEvent: (event: LiveStatusEvent) => {
          if (event.kind === 'failed') {
            setLive('failed');
            return;
          }
          const { today_hours, local_time, paused, closed_reason, auto_paused_after } = event.message;
          setLive({
            today_hours,
            local_time,
            paused,
            closed_reason: closed_reason ?? null,
            auto_paused_after: auto_paused_after ?? null,
            takenAt: event.receivedAt,
          });
          setClock(event.receivedAt);
        },
      }),
    [storeId, createSocket],
  );

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
    };
  }
  const basis = live ?? fromStore;
  if (basis === null) return null;
  const status = statusAfter(basis, Math.max(0, clock - basis.takenAt));
  const text = status.hoursText;
  const current =
    text.kind === 'current'
      ? basis.today_hours.find((slot) => slot.open_time === text.open && slot.close_time === text.close)
      : undefined;
  const guard = basis.closed_reason !== null && GUARD_REASONS.includes(basis.closed_reason) ? basis.closed_reason : null;
  return {
    ...status,
    isOpen: status.isOpen && guard === null,
    paused: basis.paused,
    failed: false,
    label: cleanLabel(localized(current?.label ?? '', current?.label_en, i18n.language)),
    guard,
    autoPausedAfter: basis.paused ? basis.auto_paused_after : null,
  };
}
