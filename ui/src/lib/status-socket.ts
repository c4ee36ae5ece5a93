import { browserSocket, keepConnected, type SocketLike } from './reconnecting-socket';

/** A slot that matters today, as the live status connection sends it. */
export interface TodaySlot {
  /** HH:mm */
  open_time: string;
  /** HH:mm; before open_time = runs past midnight (counts as open until 24:00 today). */
  close_time: string;
  label: string;
  /** The English label, sent when one is set. */
  label_en?: string;
}

/** A message of the live status connection (contract: store-api.md, "Live status"). */
export interface StatusMessage {
  today_hours: TodaySlot[];
  /** Server time in the store's zone, "yyyy-MM-dd HH:mm:ss". */
  local_time: string;
  timezone: string;
  is_open: boolean;
  paused: boolean;
  /** Why the store is closed (clock_untrusted, not_ready, auto_paused, paused, closure, outside_hours); null while open. */
  closed_reason?: string;
  /** While ordering is paused automatically: since when, after how many unanswered orders in a row. */
  auto_pause?: AutoPause;
  /** Orders in a row nobody answered, while ordering is paused automatically. */
  auto_paused_after?: number;
  /** RFC 3339 UTC: when the hours next say open; absent while open, paused or blocked. */
  next_opening?: string;
}

/** The `auto_pause` object of a status message. */
export interface AutoPause {
  unanswered: number;
  /** RFC 3339 UTC. */
  since: string;
}

export type LiveStatusEvent =
  | { kind: 'message'; message: StatusMessage; receivedAt: number }
  /** A message failed to parse or carried an error: the store counts as closed. */
  | { kind: 'failed' };

function isSlot(value: unknown): value is TodaySlot {
  if (typeof value !== 'object' || value === null) return false;
  const slot = value as Record<string, unknown>;
  return typeof slot.open_time === 'string' && typeof slot.close_time === 'string';
}

/** The count of an `auto_pause` object ({ unanswered, since }), or null. */
export function autoPausedAfter(value: unknown): number | null {
  if (typeof value !== 'object' || value === null) return null;
  const unanswered = (value as Record<string, unknown>).unanswered;
  return typeof unanswered === 'number' ? unanswered : null;
}

/** An `auto_pause` object ({ unanswered, since }) with both fields, or null. */
export function parseAutoPause(value: unknown): AutoPause | null {
  const unanswered = autoPausedAfter(value);
  const since = (value as Record<string, unknown> | null)?.since;
  return unanswered !== null && typeof since === 'string' ? { unanswered, since } : null;
}

/** Guards that keep the store closed whatever the hours say. */
export const GUARD_REASONS: readonly string[] = ['clock_untrusted', 'not_ready'];

/** Reads one message; null when it does not parse or reports an error. */
export function parseStatusMessage(data: unknown): StatusMessage | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  if (record.error !== undefined && record.error !== null && record.error !== '') return null;
  if (!Array.isArray(record.today_hours) || typeof record.local_time !== 'string') return null;
  return {
    today_hours: record.today_hours.filter(isSlot).map((slot) => ({
      open_time: slot.open_time,
      close_time: slot.close_time,
      label: typeof slot.label === 'string' ? slot.label : '',
      ...(typeof slot.label_en === 'string' && slot.label_en !== '' ? { label_en: slot.label_en } : {}),
    })),
    local_time: record.local_time,
    timezone: typeof record.timezone === 'string' ? record.timezone : '',
    is_open: record.is_open === true,
    paused: record.paused === true,
    closed_reason: typeof record.closed_reason === 'string' ? record.closed_reason : undefined,
    auto_pause: parseAutoPause(record.auto_pause) ?? undefined,
    auto_paused_after: autoPausedAfter(record.auto_pause) ?? undefined,
    next_opening: typeof record.next_opening === 'string' ? record.next_opening : undefined,
  };
}

/** The status URL on the page's own origin (ws:// or wss://). */
export function statusUrl(storeId: number, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
  return `${scheme}${location.host}/ws/store/${encodeURIComponent(storeId)}/status`;
}

export type { SocketLike };

export interface StatusConnectionOptions {
  url: string;
  onEvent: (event: LiveStatusEvent) => void;
  createSocket?: (url: string) => SocketLike;
  /** Monotonic clock in ms (performance.now), so changes of the device clock do not matter. */
  now?: () => number;
  document?: Document;
  /** Reconnect delay: doubles after each failed attempt, from initial up to max. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
}

/**
 * Keeps a status connection open: reconnects with backoff after a close and
 * re-opens at once when the tab becomes visible again. Returns a stop function.
 */
export function connectStoreStatus({
  url,
  onEvent,
  createSocket = browserSocket,
  now = () => performance.now(),
  document: doc = document,
  initialBackoffMs = 1000,
  maxBackoffMs = 30_000,
}: StatusConnectionOptions): () => void {
  return keepConnected({
    url,
    label: 'Store status',
    onMessage: (data) => {
      const message = parseStatusMessage(data);
      if (message === null) {
        console.error('Store status message rejected', data);
        onEvent({ kind: 'failed' });
        return 'ignored';
      }
      onEvent({ kind: 'message', message, receivedAt: now() });
      return 'ok';
    },
    createSocket,
    document: doc,
    initialBackoffMs,
    maxBackoffMs,
  });
}
