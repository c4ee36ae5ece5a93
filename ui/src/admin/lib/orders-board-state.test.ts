import { describe, expect, it } from 'vitest';
import { acceptedOrder, adminOrder } from '../test-orders';
import type { OpenOrdersPage } from '../api/orders-admin-api';
import {
  boardReducer,
  INITIAL_BOARD,
  ordersInProgress,
  ordersOnHold,
  waitingImmediateOrders,
  waitingOrders,
  waitingPreorders,
  type BoardState,
} from './orders-board-state';

const first = adminOrder({ id: 1, number: 1, created_at: '2026-11-22T17:00:00Z' });
const second = adminOrder({ id: 2, number: 2, created_at: '2026-11-22T17:10:00Z' });
const live = (orders = [first, second]): BoardState => boardReducer(INITIAL_BOARD, { type: 'snapshot', orders });
const ids = (state: BoardState) => state.orders.map((order) => order.id);
const page = (orders: OpenOrdersPage['orders'], nextAfter: number | null = null, waiting = 0, limit = 30): OpenOrdersPage => ({
  orders,
  next_after: nextAfter,
  waiting,
  waiting_limit: limit,
});

describe('boardReducer', () => {
  it('takes the snapshot as the open orders, oldest first, and goes live', () => {
    const done = adminOrder({ id: 3, status: 'completed' });
    const state = boardReducer({ ...INITIAL_BOARD, error: 'old' }, { type: 'snapshot', orders: [second, done, first] });
    expect(ids(state)).toEqual([1, 2]);
    expect(state).toMatchObject({ connection: 'live', error: null, loaded: true });
  });

  it('keeps the printer alarms of the snapshot until the socket reports a change', () => {
    const alarm = {
      printer_id: 1,
      name: 'Küche',
      address: '192.168.1.50:9100',
      code: 'refused',
      detail: 'refused',
      since: '2026-11-23T11:00:00Z',
      waiting: 1,
    };
    const raised = boardReducer(INITIAL_BOARD, { type: 'snapshot', orders: [first], printer_alarms: [alarm] });
    expect(raised.printerAlarms).toEqual([alarm]);
    expect(boardReducer(raised, { type: 'order', order: second }).printerAlarms).toEqual([alarm]);
    expect(boardReducer(raised, { type: 'printers', alarms: [] }).printerAlarms).toEqual([]);
    // A snapshot without alarms (after a reconnect) clears them.
    expect(boardReducer(raised, { type: 'snapshot', orders: [] }).printerAlarms).toEqual([]);
  });

  it("keeps the TSE's outage of the snapshot until the socket reports a change, and drops it with its end", () => {
    const outage = { started_at: '2026-11-23T11:03:00Z', reason: 'timeout', missed_orders: [1] };
    expect(INITIAL_BOARD.tseOutage).toBeNull();
    const down = boardReducer(INITIAL_BOARD, { type: 'snapshot', orders: [first], tse_outage: outage });
    expect(down.tseOutage).toEqual(outage);
    expect(boardReducer(down, { type: 'order', order: second }).tseOutage).toEqual(outage);
    const more = { ...outage, missed_orders: [1, 2] };
    expect(boardReducer(down, { type: 'tse', outage: more }).tseOutage).toEqual(more);
    expect(boardReducer(down, { type: 'tse', outage: null }).tseOutage).toBeNull();
    // A snapshot without it (a server that does not sign, or after a reconnect) clears it.
    expect(boardReducer(down, { type: 'snapshot', orders: [] }).tseOutage).toBeNull();
    expect(boardReducer(INITIAL_BOARD, { type: 'tse', outage }).tseOutage).toEqual(outage);
  });

  it('inserts a new order in arrival order', () => {
    const early = adminOrder({ id: 9, created_at: '2026-11-22T17:05:00Z' });
    expect(ids(boardReducer(live(), { type: 'order', order: early }))).toEqual([1, 9, 2]);
  });

  it('replaces an order by id', () => {
    const state = boardReducer(live(), { type: 'order', order: acceptedOrder({ id: 1, created_at: first.created_at }) });
    expect(ids(state)).toEqual([1, 2]);
    expect(state.orders[0]?.status).toBe('accepted');
  });

  it('drops an order that left the open set (rejected or completed)', () => {
    const rejected = boardReducer(live(), { type: 'order', order: { ...first, status: 'rejected' } });
    expect(ids(rejected)).toEqual([2]);
    const completed = boardReducer(rejected, { type: 'order', order: { ...second, status: 'completed' } });
    expect(ids(completed)).toEqual([]);
    // A finished order that was never on the board does not appear either.
    expect(ids(boardReducer(completed, { type: 'order', order: adminOrder({ id: 5, status: 'completed' }) }))).toEqual([]);
  });

  it('reconnects after a drop, but stays failed after the server refused', () => {
    expect(boardReducer(live(), { type: 'closed' }).connection).toBe('reconnecting');
    const failed = boardReducer(live(), { type: 'error', detail: 'Your session has expired.' });
    expect(failed).toMatchObject({ connection: 'failed', error: 'Your session has expired.' });
    expect(ids(failed)).toEqual([1, 2]);
    expect(boardReducer(failed, { type: 'closed' }).connection).toBe('failed');
    expect(boardReducer(failed, { type: 'connecting' })).toMatchObject({ connection: 'connecting', error: null });
  });

  it('uses a loaded list only while the socket is not live', () => {
    const loaded = boardReducer(INITIAL_BOARD, { type: 'fallback', page: page([second, first], 2, 2) });
    expect(ids(loaded)).toEqual([1, 2]);
    expect(loaded).toMatchObject({ connection: 'connecting', loaded: true, nextAfter: 2, waiting: { waiting: 2, waiting_limit: 30 } });
    expect(ids(boardReducer(live([first]), { type: 'fallback', page: page([first, second]) }))).toEqual([1]);
  });

  it('splits the board into waiting orders and orders in progress', () => {
    const working = acceptedOrder({ id: 4, status: 'out_for_delivery' });
    const state = live([first, working, second]);
    expect(waitingOrders(state.orders).map((order) => order.id)).toEqual([1, 2]);
    expect(ordersInProgress(state.orders).map((order) => order.id)).toEqual([4]);
  });

  it('keeps waiting pre-orders apart from the immediate ones, the earliest time first', () => {
    const late = adminOrder({ id: 5, created_at: '2026-11-22T16:00:00Z', preorder_at: '2026-11-22T19:30:00Z' });
    const soon = adminOrder({ id: 6, created_at: '2026-11-22T17:20:00Z', preorder_at: '2026-11-22T18:45:00Z' });
    const sameSlot = adminOrder({ id: 7, created_at: '2026-11-22T17:25:00Z', preorder_at: '2026-11-22T18:45:00Z' });
    const acceptedPreorder = acceptedOrder({ id: 8, preorder_at: '2026-11-22T18:00:00Z' });
    const state = live([first, late, sameSlot, soon, acceptedPreorder, second]);
    const idsOf = (orders: { id: number }[]) => orders.map((order) => order.id);
    expect(idsOf(waitingImmediateOrders(state.orders))).toEqual([1, 2]);
    expect(idsOf(waitingPreorders(state.orders))).toEqual([6, 7, 5]);
    // The alert still counts every waiting order.
    expect(idsOf(waitingOrders(state.orders))).toHaveLength(5);
    expect(idsOf(ordersInProgress(state.orders))).toEqual([8]);
  });
});

describe('paging the board', () => {
  const third = adminOrder({ id: 3, number: 3, created_at: '2026-11-22T17:20:00Z' });
  const fourth = adminOrder({ id: 4, number: 4, created_at: '2026-11-22T17:30:00Z' });
  const firstPage = (): BoardState =>
    boardReducer(INITIAL_BOARD, { type: 'snapshot', orders: [first, second], next_after: 2, waiting: { waiting: 4, waiting_limit: 30 } });

  it('starts with the first page and adds the next one after it', () => {
    const state = firstPage();
    expect(state).toMatchObject({ nextAfter: 2, more: 'idle', waiting: { waiting: 4, waiting_limit: 30 } });
    const asked = boardReducer(state, { type: 'more' });
    expect(asked.more).toBe('loading');
    const all = boardReducer(asked, { type: 'page', after: 2, page: page([third, fourth], null, 4) });
    expect(ids(all)).toEqual([1, 2, 3, 4]);
    expect(all).toMatchObject({ nextAfter: null, more: 'idle', gone: [] });
    // A snapshot without a cursor (every open order on one page) needs no more.
    expect(live().nextAfter).toBeNull();
  });

  it('shows a new order whichever pages are loaded, and a page does not bring back what changed since', () => {
    const newest = adminOrder({ id: 9, number: 9, created_at: '2026-11-22T17:50:00Z' });
    let state = boardReducer(firstPage(), { type: 'order', order: newest, waiting: { waiting: 5, waiting_limit: 30 } });
    expect(ids(state)).toEqual([1, 2, 9]);
    // While the next page is on its way, order 3 is accepted and order 4 rejected.
    state = boardReducer(state, { type: 'more' });
    state = boardReducer(state, { type: 'order', order: acceptedOrder({ id: 3, number: 3, created_at: third.created_at }) });
    state = boardReducer(state, { type: 'order', order: { ...fourth, status: 'rejected' }, waiting: { waiting: 3, waiting_limit: 30 } });
    expect(state.gone).toEqual([4]);
    state = boardReducer(state, { type: 'page', after: 2, page: page([third, fourth, newest], null, 3) });
    expect(ids(state)).toEqual([1, 2, 3, 9]);
    expect(state.orders[2]?.status).toBe('accepted');
    expect(state.waiting).toEqual({ waiting: 3, waiting_limit: 30 });
  });

  it('drops a page asked for before the board started over, and says when loading failed', () => {
    const asked = boardReducer(firstPage(), { type: 'more' });
    const restarted = boardReducer(asked, { type: 'snapshot', orders: [second], next_after: null });
    expect(boardReducer(restarted, { type: 'page', after: 2, page: page([third]) })).toBe(restarted);
    expect(boardReducer(restarted, { type: 'more_failed', after: 2 })).toBe(restarted);
    const failed = boardReducer(asked, { type: 'more_failed', after: 2 });
    expect(failed).toMatchObject({ more: 'failed', nextAfter: 2 });
    expect(ids(failed)).toEqual([1, 2]);
  });

  it('puts orders on hold while as many wait as may, and lifts it as they are answered', () => {
    expect(ordersOnHold(INITIAL_BOARD)).toBe(false);
    const full = boardReducer(INITIAL_BOARD, {
      type: 'snapshot',
      orders: [first, second, third],
      waiting: { waiting: 3, waiting_limit: 3 },
    });
    expect(ordersOnHold(full)).toBe(true);
    const answered = boardReducer(full, {
      type: 'order',
      order: acceptedOrder({ id: 1, created_at: first.created_at }),
      waiting: { waiting: 2, waiting_limit: 3 },
    });
    expect(ordersOnHold(answered)).toBe(false);
    // Our own answer (no count with it) leaves the count as the server last said.
    expect(boardReducer(full, { type: 'order', order: acceptedOrder({ id: 2, created_at: second.created_at }) }).waiting).toEqual({
      waiting: 3,
      waiting_limit: 3,
    });
    const again = boardReducer(answered, { type: 'order', order: fourth, waiting: { waiting: 3, waiting_limit: 3 } });
    expect(ordersOnHold(again)).toBe(true);
    // Without the socket the board's first page brings the count.
    const reconnecting = boardReducer(again, { type: 'closed' });
    expect(ordersOnHold(boardReducer(reconnecting, { type: 'fallback', page: page([], null, 1, 3) }))).toBe(false);
  });
});
