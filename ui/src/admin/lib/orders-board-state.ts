import { OPEN_STATUSES, type AdminOrder, type OrderStatus } from '../../lib/order-types';
import type { PrinterAlarm } from './printer-alarms';

/** How the live board is connected: the first snapshot makes it live; a drop makes it reconnect. */
export type BoardConnection = 'connecting' | 'live' | 'reconnecting' | 'failed';

export interface BoardState {
  /** Open orders, oldest first. */
  orders: AdminOrder[];
  connection: BoardConnection;
  /** The server's reason when it refused the connection (e.g. an expired session). */
  error: string | null;
  /** Whether any list (snapshot or fallback load) arrived yet. */
  loaded: boolean;
  /** Printers that do not take their documents, as the socket last said. */
  printerAlarms: PrinterAlarm[];
}

export type BoardAction =
  /** The socket's full list of open orders (and the printer alarms). */
  | { type: 'snapshot'; orders: AdminOrder[]; printer_alarms?: PrinterAlarm[] }
  /** The printer alarms changed. */
  | { type: 'printers'; alarms: PrinterAlarm[] }
  /** An order was created or changed (from the socket or from our own action). */
  | { type: 'order'; order: AdminOrder }
  /** The server refused the connection; no reconnecting until asked. */
  | { type: 'error'; detail: string }
  /** The socket closed; it reconnects. */
  | { type: 'closed' }
  /** A new connection attempt was asked for. */
  | { type: 'connecting' }
  /** GET /admin/orders/open while the socket is not live. */
  | { type: 'fallback'; orders: AdminOrder[] };

export const INITIAL_BOARD: BoardState = { orders: [], connection: 'connecting', error: null, loaded: false, printerAlarms: [] };

export function isOpenStatus(status: OrderStatus): boolean {
  return OPEN_STATUSES.includes(status);
}

const byArrival = (a: AdminOrder, b: AdminOrder) => Date.parse(a.created_at) - Date.parse(b.created_at) || a.id - b.id;

/** The open ones of `orders`, oldest first, each id once (the last one wins). */
function openOrders(orders: readonly AdminOrder[]): AdminOrder[] {
  const byId = new Map<number, AdminOrder>();
  for (const order of orders) {
    if (isOpenStatus(order.status)) byId.set(order.id, order);
    else byId.delete(order.id);
  }
  return [...byId.values()].sort(byArrival);
}

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'snapshot':
      return {
        orders: openOrders(action.orders),
        connection: 'live',
        error: null,
        loaded: true,
        printerAlarms: action.printer_alarms ?? [],
      };
    case 'printers':
      return { ...state, printerAlarms: action.alarms };
    case 'order':
      return { ...state, orders: openOrders([...state.orders.filter((order) => order.id !== action.order.id), action.order]) };
    case 'error':
      return { ...state, connection: 'failed', error: action.detail };
    case 'closed':
      return state.connection === 'failed' ? state : { ...state, connection: 'reconnecting' };
    case 'connecting':
      return { ...state, connection: 'connecting', error: null };
    case 'fallback':
      // While live, the socket's own list is newer than any answer of the API.
      return state.connection === 'live' ? state : { ...state, orders: openOrders(action.orders), loaded: true };
  }
}

/** Orders that wait for the restaurant's accept or reject, pre-orders included. */
export function waitingOrders(orders: readonly AdminOrder[]): AdminOrder[] {
  return orders.filter((order) => order.status === 'waiting_for_confirmation');
}

/** Waiting orders wanted as soon as possible, oldest first. */
export function waitingImmediateOrders(orders: readonly AdminOrder[]): AdminOrder[] {
  return waitingOrders(orders).filter((order) => order.preorder_at === null);
}

const bySlot = (a: AdminOrder, b: AdminOrder) =>
  Date.parse(a.preorder_at ?? '') - Date.parse(b.preorder_at ?? '') || byArrival(a, b);

/** Waiting pre-orders, the earliest time first. */
export function waitingPreorders(orders: readonly AdminOrder[]): AdminOrder[] {
  return waitingOrders(orders)
    .filter((order) => order.preorder_at !== null)
    .sort(bySlot);
}

/** Accepted orders on their way through the kitchen. */
export function ordersInProgress(orders: readonly AdminOrder[]): AdminOrder[] {
  return orders.filter((order) => order.status !== 'waiting_for_confirmation' && isOpenStatus(order.status));
}
