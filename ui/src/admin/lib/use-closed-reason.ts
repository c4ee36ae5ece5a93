import { useEffect, useState } from 'react';
import { getRuntimeConfig } from '../../lib/runtime-config';
import type { AsyncResult } from '../../lib/use-async';
import { connectStoreStatus, parseAutoPause, statusUrl, type StatusMessage } from '../../lib/status-socket';
import type { AutoPause, StoreSettings } from '../types';

/** Whether ordering is paused and why the store is closed. */
export interface ClosedState {
  /** clock_untrusted, not_ready, auto_paused, paused, closure or outside_hours; null while open. */
  reason: string | null;
  /** Set while ordering is paused automatically. */
  autoPause: AutoPause | null;
  /** The pause switch: set by hand or by the automatic pause. */
  paused: boolean;
}

/**
 * null while nothing is known yet; 'unknown' when the store record could not be loaded
 * or the status connection sent an error.
 */
export type ClosedStatus = ClosedState | 'unknown' | null;

function fromMessage(message: StatusMessage): ClosedState {
  return { reason: message.closed_reason ?? null, autoPause: message.auto_pause ?? null, paused: message.paused };
}

function fromRecord(store: StoreSettings): ClosedState {
  return { reason: store.closed_reason ?? null, autoPause: parseAutoPause(store.auto_pause), paused: store.paused === true };
}

/**
 * The store's pause and closed reason: first from the record the screen already loaded
 * (`store`, GET /stores/{id}), then from the live status connection, which pushes every
 * change (clock guard, readiness, automatic pause, resume) and then wins. One
 * connection per call: a screen calls this once and hands the state to whoever shows it.
 */
export function useClosedReason(store: AsyncResult<StoreSettings>): ClosedStatus {
  const { storeId } = getRuntimeConfig();
  const [live, setLive] = useState<ClosedState | 'unknown' | null>(null);

  useEffect(
    () =>
      connectStoreStatus({
        url: statusUrl(storeId),
        onEvent: (event) => setLive(event.kind === 'failed' ? 'unknown' : fromMessage(event.message)),
      }),
    [storeId],
  );

  if (live !== null) return live;
  if (store.status === 'loading') return null;
  return store.status === 'error' ? 'unknown' : fromRecord(store.data);
}
