import { stringParams } from '../../lib/api-client';
import type { AdminOrder } from '../../lib/order-types';
import type { WaitingCounts } from '../api/orders-admin-api';
import { browserSocket, keepConnected, type SocketLike } from '../../lib/reconnecting-socket';
import { parsePrinterAlarms, type PrinterAlarm } from './printer-alarms';
import { noteServerTime } from './server-clock';
import { parseTseOutage, type BoardTseOutage } from './tse-outage';

/**
 * A message of the live order board (contract: orders-api.md, "Live board"). The
 * snapshot is the first page of the open orders (`next_after` for the next one) and
 * also carries the printers that do not answer and the TSE's outage; `printers` and
 * `tse` bring each change. The snapshot and each order change say how many orders
 * wait for an answer.
 */
export type BoardMessage =
  | {
      type: 'snapshot';
      orders: AdminOrder[];
      printer_alarms?: PrinterAlarm[];
      tse_outage?: BoardTseOutage | null;
      next_after?: number | null;
      waiting?: WaitingCounts;
    }
  | { type: 'order'; order: AdminOrder; waiting?: WaitingCounts }
  | { type: 'printers'; alarms: PrinterAlarm[] }
  | { type: 'tse'; outage: BoardTseOutage | null }
  | BoardRefusal;

/**
 * The server ends the connection (a bad or expired token): its English `detail`, and
 * the error `code` with its `params` when it gives them.
 */
export interface BoardRefusal {
  type: 'error';
  detail: string;
  code?: string;
  params?: Record<string, string>;
}

function isOrder(value: unknown): value is AdminOrder {
  if (typeof value !== 'object' || value === null) return false;
  const order = value as Record<string, unknown>;
  return typeof order.id === 'number' && typeof order.status === 'string' && typeof order.created_at === 'string';
}

/** The waiting count and its limit, when the message has both. */
function waitingCounts(record: Record<string, unknown>): WaitingCounts | undefined {
  const { waiting, waiting_limit: limit } = record;
  if (typeof waiting !== 'number' || typeof limit !== 'number') return undefined;
  return { waiting, waiting_limit: limit };
}

/** Adds `waiting` to `message` when `record` has the counts. */
function withWaiting<M extends object>(message: M, record: Record<string, unknown>): M & { waiting?: WaitingCounts } {
  const waiting = waitingCounts(record);
  return waiting === undefined ? message : { ...message, waiting };
}

/** Reads one message; null when it does not parse or has an unknown shape. */
export function parseBoardMessage(data: unknown): BoardMessage | null {
  if (typeof data !== 'string') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const record = parsed as Record<string, unknown>;
  noteServerTime(record.server_time);
  if (record.type === 'snapshot' && Array.isArray(record.orders)) {
    const snapshot: Extract<BoardMessage, { type: 'snapshot' }> = { type: 'snapshot', orders: record.orders.filter(isOrder) };
    if ('printer_alarms' in record) snapshot.printer_alarms = parsePrinterAlarms(record.printer_alarms);
    if ('tse_outage' in record) snapshot.tse_outage = parseTseOutage(record.tse_outage);
    if ('next_after' in record) snapshot.next_after = typeof record.next_after === 'number' ? record.next_after : null;
    return withWaiting(snapshot, record);
  }
  if (record.type === 'printers' && Array.isArray(record.alarms)) {
    return { type: 'printers', alarms: parsePrinterAlarms(record.alarms) };
  }
  if (record.type === 'tse' && 'outage' in record) {
    if (record.outage === null) return { type: 'tse', outage: null };
    const outage = parseTseOutage(record.outage);
    return outage === null ? null : { type: 'tse', outage };
  }
  if (record.type === 'order' && isOrder(record.order)) {
    const change: Extract<BoardMessage, { type: 'order' }> = { type: 'order', order: record.order };
    return withWaiting(change, record);
  }
  if (record.type === 'error') {
    const refusal: BoardRefusal = { type: 'error', detail: typeof record.detail === 'string' ? record.detail : '' };
    if (typeof record.code === 'string' && record.code !== '') {
      refusal.code = record.code;
      refusal.params = stringParams(record.params);
    }
    return refusal;
  }
  return null;
}

/** The board URL on the page's own origin (ws:// or wss://). */
export function boardSocketUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
  return `${scheme}${location.host}/ws/admin/orders`;
}

/** The parts of WebSocket the board uses (a fake one stands in during tests). */
export type BoardSocketLike = SocketLike;

export interface BoardConnectionOptions {
  url: string;
  /** The admin token, sent as the first message of every connection. */
  token: string;
  onMessage: (message: BoardMessage) => void;
  /** The connection closed and a new one is on its way. */
  onClosed: () => void;
  createSocket?: (url: string) => BoardSocketLike;
  document?: Document;
  /** Reconnect delay: doubles after each failed attempt, from initial up to max. */
  initialBackoffMs?: number;
  maxBackoffMs?: number;
}

export const defaultBoardSocket = browserSocket;

/**
 * Keeps the board connection open: authenticates with the token, reconnects with
 * backoff after a drop (in a hidden tab too, so new orders still ring) and at once
 * when the tab becomes visible again. After an error message from the server
 * (bad or expired token) it stays closed. Returns a stop function.
 */
export function connectOrdersBoard({
  url,
  token,
  onMessage,
  onClosed,
  createSocket = defaultBoardSocket,
  document: doc = document,
  initialBackoffMs = 1000,
  maxBackoffMs = 30_000,
}: BoardConnectionOptions): () => void {
  return keepConnected({
    url,
    label: 'Order board',
    onOpen: (send) => send(JSON.stringify({ token })),
    onMessage: (data) => {
      const message = parseBoardMessage(data);
      if (message === null) {
        console.error('Order board message rejected', data);
        return 'ignored';
      }
      onMessage(message);
      // A refused token (or an expired session) is not retried.
      return message.type === 'error' ? 'final' : 'ok';
    },
    onClosed,
    retryWhileHidden: true,
    createSocket,
    document: doc,
    initialBackoffMs,
    maxBackoffMs,
  });
}
