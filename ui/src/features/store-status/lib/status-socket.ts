import type { TodaySlot } from './store-status';

/** A message of the live status connection (contract: store-api.md, "Live status"). */
export interface StatusMessage {
  today_hours: TodaySlot[];
  /** Server time in the store's zone, "yyyy-MM-dd HH:mm:ss". */
  local_time: string;
  timezone: string;
  is_open: boolean;
  paused: boolean;
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
    })),
    local_time: record.local_time,
    timezone: typeof record.timezone === 'string' ? record.timezone : '',
    is_open: record.is_open === true,
    paused: record.paused === true,
  };
}

/** The status URL on the page's own origin (ws:// or wss://). */
export function statusUrl(storeId: number, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
  return `${scheme}${location.host}/ws/store/${encodeURIComponent(storeId)}/status`;
}

/** The parts of WebSocket the connection uses (a fake one stands in during tests). */
export interface SocketLike {
  readonly readyState: number;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close: () => void;
}

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

const CLOSING = 2;

/**
 * Keeps a status connection open: reconnects with backoff after a close and
 * re-opens at once when the tab becomes visible again. Returns a stop function.
 */
export function connectStoreStatus({
  url,
  onEvent,
  createSocket = (target) => new WebSocket(target) as unknown as SocketLike,
  now = () => performance.now(),
  document: doc = document,
  initialBackoffMs = 1000,
  maxBackoffMs = 30_000,
}: StatusConnectionOptions): () => void {
  let socket: SocketLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let stopped = false;

  const clearRetry = () => {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  };

  const open = () => {
    clearRetry();
    if (stopped) return;
    let current: SocketLike;
    try {
      current = createSocket(url);
    } catch (error) {
      console.error('Store status connection failed', error);
      scheduleRetry();
      return;
    }
    socket = current;
    current.onmessage = (event) => {
      const message = parseStatusMessage(event.data);
      if (message === null) {
        console.error('Store status message rejected', event.data);
        onEvent({ kind: 'failed' });
        return;
      }
      failures = 0;
      onEvent({ kind: 'message', message, receivedAt: now() });
    };
    current.onerror = () => {
      // A close event follows; reconnecting happens there.
    };
    current.onclose = () => {
      if (socket === current) socket = null;
      scheduleRetry();
    };
  };

  function scheduleRetry() {
    if (stopped || retryTimer !== null) return;
    // A hidden tab waits for visibilitychange instead of retrying in the background.
    if (doc.visibilityState === 'hidden') return;
    const delay = Math.min(maxBackoffMs, initialBackoffMs * 2 ** failures);
    failures += 1;
    retryTimer = setTimeout(open, delay);
  }

  const onVisibilityChange = () => {
    if (doc.visibilityState !== 'visible') return;
    if (socket === null || socket.readyState >= CLOSING) open();
  };

  doc.addEventListener('visibilitychange', onVisibilityChange);
  open();

  return () => {
    stopped = true;
    clearRetry();
    doc.removeEventListener('visibilitychange', onVisibilityChange);
    const current = socket;
    socket = null;
    if (current) {
      current.onclose = null;
      current.onmessage = null;
      current.onerror = null;
      current.close();
    }
  };
}
