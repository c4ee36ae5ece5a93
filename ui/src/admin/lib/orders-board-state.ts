import { OPEN_STATUSES, type AdminOrder, type OrderStatus } from '../../lib/order-types';
import type { OpenOrdersPage, WaitingCounts } from '../api/orders-admin-api';
import type { PrinterAlarm } from './printer-alarms';
import type { BoardTseOutage } from './tse-outage';

/** How the live board is connected: the first snapshot makes it live; a drop makes it reconnect. */
export type BoardConnection = 'connecting' | 'live' | 'reconnecting' | 'failed';

/** Loading the next page of open orders: not asked, on its way, or failed (the button asks again). */
export type MoreState = 'idle' | 'loading' | 'failed';

export interface BoardState {
  /** Open orders, oldest first: the pages loaded and every order that changed since. */
  orders: AdminOrder[];
  /** The last loaded page's `next_after`: more open orders after this id; null when all are loaded. */
  nextAfter: number | null;
  /** Ids finished or rejected after `nextAfter` since the first page: a later page must not bring them back. */
  gone: number[];
  more: MoreState;
  /** How many orders wait for an answer in all, and the limit; null until the server said. */
  waiting: WaitingCounts | null;
  connection: BoardConnection;
  /** The server's reason when it refused the connection (e.g. an expired session). */
  error: string | null;
  /** Whether any list (snapshot or fallback load) arrived yet. */
  loaded: boolean;
  /** Printers that do not take their documents, as the socket last said. */
  printerAlarms: PrinterAlarm[];
  /** The cloud TSE's outage while it lasts, as the socket last said; null while it signs. */
  tseOutage: BoardTseOutage | null;
}

export type BoardAction =
  /** The socket's first page of open orders (and the printer alarms, the TSE's outage, the waiting count). */
  | {
      type: 'snapshot';
      orders: AdminOrder[];
      printer_alarms?: PrinterAlarm[];
      tse_outage?: BoardTseOutage | null;
      next_after?: number | null;
      waiting?: WaitingCounts;
    }
  /** The printer alarms changed. */
  | { type: 'printers'; alarms: PrinterAlarm[] }
  /** The TSE's outage began, changed (another order missed) or ended. */
  | { type: 'tse'; outage: BoardTseOutage | null }
  /** An order was created or changed (from the socket, with the new waiting count, or from our own action). */
  | { type: 'order'; order: AdminOrder; waiting?: WaitingCounts }
  /** The server refused the connection; no reconnecting until asked. */
  | { type: 'error'; detail: string }
  /** The socket closed; it reconnects. */
  | { type: 'closed' }
  /** A new connection attempt was asked for. */
  | { type: 'connecting' }
  /** The first page of GET /admin/orders/open while the socket is not live. */
  | { type: 'fallback'; page: OpenOrdersPage }
  /** The next page was asked for. */
  | { type: 'more' }
  /** The page after order `after` arrived. */
  | { type: 'page'; after: number; page: OpenOrdersPage }
  /** The page after order `after` could not be loaded. */
  | { type: 'more_failed'; after: number };

export const INITIAL_BOARD: BoardState = {
  orders: [],
  nextAfter: null,
  gone: [],
  more: 'idle',
  waiting: null,
  connection: 'connecting',
  error: null,
  loaded: false,
  printerAlarms: [],
  tseOutage: null,
};

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

/** The board's orders from a first page: what came before it is replaced. */
function firstPage(state: BoardState, orders: readonly AdminOrder[], nextAfter: number | null, waiting: WaitingCounts | null): BoardState {
  return { ...state, orders: openOrders(orders), nextAfter, gone: [], more: 'idle', waiting, loaded: true };
}

/** Adds a later page: orders already on the board are newer there, and ones that left meanwhile stay gone. */
function laterPage(state: BoardState, page: OpenOrdersPage): BoardState {
  const known = new Set([...state.orders.map((order) => order.id), ...state.gone]);
  const added = page.orders.filter((order) => !known.has(order.id));
  const nextAfter = page.next_after;
  return {
    ...state,
    orders: openOrders([...state.orders, ...added]),
    nextAfter,
    gone: nextAfter === null ? [] : state.gone.filter((id) => id > nextAfter),
    more: 'idle',
    waiting: { waiting: page.waiting, waiting_limit: page.waiting_limit },
  };
}

/** An order changed: on the board while open; remembered as gone if its page is not loaded yet. */
function changed(state: BoardState, order: AdminOrder, waiting: WaitingCounts | undefined): BoardState {
  const orders = openOrders([...state.orders.filter((known) => known.id !== order.id), order]);
  const unloaded = state.nextAfter !== null && order.id > state.nextAfter;
  const gone = !isOpenStatus(order.status) && unloaded && !state.gone.includes(order.id) ? [...state.gone, order.id] : state.gone;
  return { ...state, orders, gone, waiting: waiting ?? state.waiting };
}

export function boardReducer(state: BoardState, action: BoardAction): BoardState {
  switch (action.type) {
    case 'snapshot':
      return {
        ...firstPage(state, action.orders, action.next_after ?? null, action.waiting ?? null),
        connection: 'live',
        error: null,
        printerAlarms: action.printer_alarms ?? [],
        tseOutage: action.tse_outage ?? null,
      };
    case 'printers':
      return { ...state, printerAlarms: action.alarms };
    case 'tse':
      return { ...state, tseOutage: action.outage };
    case 'order':
      return changed(state, action.order, action.waiting);
    case 'error':
      return { ...state, connection: 'failed', error: action.detail };
    case 'closed':
      return state.connection === 'failed' ? state : { ...state, connection: 'reconnecting' };
    case 'connecting':
      return { ...state, connection: 'connecting', error: null };
    case 'fallback': {
      // While live, the socket's own list is newer than any answer of the API.
      if (state.connection === 'live') return state;
      const { orders, next_after: nextAfter, waiting, waiting_limit: limit } = action.page;
      return firstPage(state, orders, nextAfter, { waiting, waiting_limit: limit });
    }
    case 'more':
      return { ...state, more: 'loading' };
    case 'page':
      // An answer for a cursor the board has moved past (a new first page came meanwhile) is dropped.
      return state.nextAfter === action.after ? laterPage(state, action.page) : state;
    case 'more_failed':
      return state.nextAfter === action.after ? { ...state, more: 'failed' } : state;
  }
}

/** Whether new online orders are refused because too many wait for an answer. */
export function ordersOnHold(state: Pick<BoardState, 'waiting'>): boolean {
  return state.waiting !== null && state.waiting.waiting >= state.waiting.waiting_limit;
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
