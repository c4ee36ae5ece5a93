import { useCallback, useEffect, useState } from 'react';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getStoreSettings } from '../api/store-admin-api';
import type { AutoPause, ClosedReason } from '../types';

/** Why the store is closed, from GET /stores/{id}. */
export interface ClosedState {
  reason: ClosedReason | null;
  autoPause: AutoPause | null;
}

/** How often the dashboard asks again: the clock guard and the auto-pause change without a click here. */
export const CLOSED_REASON_REFRESH_MS = 10_000;

/**
 * The store's closed reason, asked every CLOSED_REASON_REFRESH_MS and on `refresh()`.
 * Keeps the last answer while asking again (no flicker), null until the first one.
 */
export function useClosedReason(): { state: ClosedState | null; refresh: () => void } {
  const { storeId } = getRuntimeConfig();
  const [state, setState] = useState<ClosedState | null>(null);
  const refresh = useCallback(() => {
    getStoreSettings(storeId).then(
      (store) => setState({ reason: store.closed_reason ?? null, autoPause: store.auto_pause ?? null }),
      () => {},
    );
  }, [storeId]);
  useEffect(() => {
    refresh();
    const timer = setInterval(refresh, CLOSED_REASON_REFRESH_MS);
    return () => clearInterval(timer);
  }, [refresh]);
  return { state, refresh };
}
