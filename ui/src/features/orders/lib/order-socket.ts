import type { Order } from '../../../lib/order-types';

/** A message of the live order connection (contract: orders-api.md, "Live"). */
export type OrderSocketMessage = { type: 'order'; order: Order } | { type: 'error'; detail: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Enough of an order to show it; the rest is the server's customer view as documented. */
function isOrder(value: unknown): value is Order {
  return (
    isRecord(value) &&
    typeof value.token === 'string' &&
    typeof value.number === 'number' &&
    typeof value.status === 'string' &&
    typeof value.order_type === 'string' &&
    Array.isArray(value.lines)
  );
}

/** Reads one message; null when it does not parse or has an unknown shape. */
export function parseOrderMessage(data: unknown): OrderSocketMessage | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isRecord(parsed)) return null;
  if (parsed.type === 'order' && isOrder(parsed.order)) return { type: 'order', order: parsed.order };
  if (parsed.type === 'error') {
    return { type: 'error', detail: typeof parsed.detail === 'string' ? parsed.detail : '' };
  }
  return null;
}

/** The order's live URL on the page's own origin (ws:// or wss://). */
export function orderSocketUrl(token: string, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
  return `${scheme}${location.host}/ws/orders/${encodeURIComponent(token)}`;
}

/** The parts of WebSocket the connection uses (a fake one stands in during tests). */
export interface SocketLike {
  readonly readyState: number;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: unknown) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close: () => void;
}

export interface OrderConnectionOptions {
  url: string;
  /** Every state of the order the server sends (on connect and after each change). */
  onOrder: (order: Order) => void;
  /** The server refused the token; the connection is not re-opened. */
  onRefused: (detail: string) => void;
  createSocket?: (url: string) => SocketLike;
  document?: Document;
  /** Reconnect delay: doubles after each failed attempt, from initial up to max. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
}

const CLOSING = 2;

/**
 * Follows one order: reconnects with backoff after the connection drops and
 * re-opens at once when the tab becomes visible again (as the store status
 * connection does). An error message ends it for good. Returns a stop function.
 */
export function connectOrder({
  url,
  onOrder,
  onRefused,
  createSocket = (target) => new WebSocket(target) as unknown as SocketLike,
  document: doc = document,
  initialBackoffMs = 1000,
  maxBackoffMs = 30_000,
}: OrderConnectionOptions): () => void {
  let socket: SocketLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let stopped = false;

  const clearRetry = () => {
    if (retryTimer !== null) clearTimeout(retryTimer);
    retryTimer = null;
  };

  const detach = () => {
    const current = socket;
    socket = null;
    if (current) {
      current.onclose = null;
      current.onmessage = null;
      current.onerror = null;
      current.close();
    }
  };

  const stop = () => {
    stopped = true;
    clearRetry();
    doc.removeEventListener('visibilitychange', onVisibilityChange);
    detach();
  };

  const open = () => {
    clearRetry();
    if (stopped) return;
    let current: SocketLike;
    try {
      current = createSocket(url);
    } catch (error) {
      console.error('Order status connection failed', error);
      scheduleRetry();
      return;
    }
    socket = current;
    current.onmessage = (event) => {
      const message = parseOrderMessage(event.data);
      if (message === null) {
        console.error('Order status message rejected', event.data);
        return;
      }
      if (message.type === 'error') {
        stop();
        onRefused(message.detail);
        return;
      }
      failures = 0;
      onOrder(message.order);
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

  function onVisibilityChange() {
    if (doc.visibilityState !== 'visible') return;
    if (socket === null || socket.readyState >= CLOSING) open();
  }

  doc.addEventListener('visibilitychange', onVisibilityChange);
  open();
  return stop;
}
