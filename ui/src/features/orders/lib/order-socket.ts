import { browserSocket, keepConnected, type SocketLike } from '../../../lib/reconnecting-socket';
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

export type { SocketLike };

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

/**
 * Follows one order: reconnects with backoff after the connection drops and
 * re-opens at once when the tab becomes visible again (as the store status
 * connection does). An error message ends it for good. Returns a stop function.
 */
export function connectOrder({
  url,
  onOrder,
  onRefused,
  createSocket = browserSocket,
  document: doc = document,
  initialBackoffMs = 1000,
  maxBackoffMs = 30_000,
}: OrderConnectionOptions): () => void {
  return keepConnected({
    url,
    label: 'Order status',
    onMessage: (data) => {
      const message = parseOrderMessage(data);
      if (message === null) {
        console.error('Order status message rejected', data);
        return 'ignored';
      }
      if (message.type === 'error') {
        onRefused(message.detail);
        return 'final';
      }
      onOrder(message.order);
      return 'ok';
    },
    createSocket,
    document: doc,
    initialBackoffMs,
    maxBackoffMs,
  });
}
