import { useMemo } from 'react';
import { useLiveStatus } from '../../../lib/live-status';
import type { SocketLike } from '../../../lib/status-socket';

/** What the live status connection says about ordering for now. */
export interface LiveOrdering {
  /**
   * Changes whenever the store opens, closes, pauses or resumes (or the connection
   * fails); null until the first message. The order times are asked again on each change.
   */
  key: string | null;
  /** Whether the store takes orders for now; null while unknown. */
  isOpen: boolean | null;
  /**
   * Why it does not: paused, auto_paused, closure, outside_hours, clock_untrusted or
   * not_ready; 'unknown' when the connection reported an error; null while open or unknown.
   */
  closedReason: string | null;
}

const UNKNOWN: LiveOrdering = { key: null, isOpen: null, closedReason: null };
const FAILED: LiveOrdering = { key: 'failed', isOpen: false, closedReason: 'unknown' };

/**
 * Follows the store's live status while `enabled` (an open checkout or cart), on the
 * page's one status connection: the server sends a message on connect and at every
 * change, so closing, a pause and the resume reach the page without a reload.
 */
export function useLiveOrdering(enabled: boolean, createSocket?: (url: string) => SocketLike): LiveOrdering {
  const status = useLiveStatus(createSocket, enabled);
  // The state only, so a new message with the same state keeps the same answer.
  const state = status === null ? 'unknown' : status === 'failed' ? 'failed' : 'live';
  const isOpen = status !== null && status !== 'failed' ? status.message.is_open : null;
  const reason = status !== null && status !== 'failed' ? (status.message.closed_reason ?? null) : null;
  return useMemo(() => {
    if (state === 'unknown') return UNKNOWN;
    if (state === 'failed') return FAILED;
    const closedReason = isOpen ? null : (reason ?? 'unknown');
    return { key: `${isOpen ? 'open' : 'closed'}:${closedReason ?? ''}`, isOpen, closedReason };
  }, [state, isOpen, reason]);
}
