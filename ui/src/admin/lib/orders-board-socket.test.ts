import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setVisibility } from '../../test/fake-websocket';
import { acceptedOrder, adminOrder, createFakeBoardSocket, FakeBoardSocket } from '../test-orders';
import { boardSocketUrl, connectOrdersBoard, parseBoardMessage, type BoardMessage } from './orders-board-socket';

function connect() {
  const messages: BoardMessage[] = [];
  const onClosed = vi.fn();
  const stop = connectOrdersBoard({
    url: 'ws://localhost/ws/admin/orders',
    token: 'jwt',
    onMessage: (message) => messages.push(message),
    onClosed,
    createSocket: createFakeBoardSocket,
    initialBackoffMs: 1000,
    maxBackoffMs: 4000,
  });
  return { messages, onClosed, stop };
}

describe('parseBoardMessage', () => {
  it('reads snapshot, order and error messages', () => {
    const order = adminOrder();
    expect(parseBoardMessage(JSON.stringify({ type: 'snapshot', orders: [order, { id: 'x' }] }))).toEqual({
      type: 'snapshot',
      orders: [order],
    });
    expect(parseBoardMessage(JSON.stringify({ type: 'order', order }))).toEqual({ type: 'order', order });
    expect(parseBoardMessage(JSON.stringify({ type: 'error', detail: 'Bad token' }))).toEqual({ type: 'error', detail: 'Bad token' });
  });

  it('reads the cursor of the first page and the waiting count of the snapshot and of each change', () => {
    const order = adminOrder();
    expect(
      parseBoardMessage(JSON.stringify({ type: 'snapshot', orders: [order], next_after: 57, waiting: 31, waiting_limit: 30 })),
    ).toEqual({ type: 'snapshot', orders: [order], next_after: 57, waiting: { waiting: 31, waiting_limit: 30 } });
    expect(parseBoardMessage(JSON.stringify({ type: 'snapshot', orders: [], next_after: null }))).toEqual({
      type: 'snapshot',
      orders: [],
      next_after: null,
    });
    expect(parseBoardMessage(JSON.stringify({ type: 'order', order, waiting: 2, waiting_limit: 30 }))).toEqual({
      type: 'order',
      order,
      waiting: { waiting: 2, waiting_limit: 30 },
    });
    // Half a count is no count.
    expect(parseBoardMessage(JSON.stringify({ type: 'order', order, waiting: 2 }))).toEqual({ type: 'order', order });
  });

  it("reads an error's code and its string params", () => {
    const message = { type: 'error', detail: 'Please log in.', code: 'unauthorized', params: { who: 'admin', count: 2 } };
    expect(parseBoardMessage(JSON.stringify(message))).toEqual({
      type: 'error',
      detail: 'Please log in.',
      code: 'unauthorized',
      params: { who: 'admin' },
    });
  });

  it('reads the printer alarms of the snapshot and of printers messages', () => {
    const alarm = {
      printer_id: 1,
      name: 'Küche',
      address: '192.168.1.50:9100',
      code: 'refused',
      detail: 'refused',
      since: '2026-11-23T11:00:00Z',
      waiting: 2,
    };
    expect(parseBoardMessage(JSON.stringify({ type: 'snapshot', orders: [], printer_alarms: [alarm, { name: 'x' }] }))).toEqual({
      type: 'snapshot',
      orders: [],
      printer_alarms: [alarm],
    });
    expect(parseBoardMessage(JSON.stringify({ type: 'printers', alarms: [alarm] }))).toEqual({ type: 'printers', alarms: [alarm] });
    expect(parseBoardMessage(JSON.stringify({ type: 'printers', alarms: [] }))).toEqual({ type: 'printers', alarms: [] });
    expect(parseBoardMessage(JSON.stringify({ type: 'printers' }))).toBeNull();
  });

  it("reads the TSE's outage of the snapshot and of tse messages, and its end", () => {
    const outage = { started_at: '2026-11-23T11:03:00Z', reason: 'timed out after 1 s', missed_orders: [41, 42] };
    expect(parseBoardMessage(JSON.stringify({ type: 'snapshot', orders: [], tse_outage: outage }))).toEqual({
      type: 'snapshot',
      orders: [],
      tse_outage: outage,
    });
    expect(parseBoardMessage(JSON.stringify({ type: 'snapshot', orders: [], tse_outage: null }))).toEqual({
      type: 'snapshot',
      orders: [],
      tse_outage: null,
    });
    // A snapshot's outage that is not one counts as none; ids that are not numbers are dropped.
    expect(parseBoardMessage(JSON.stringify({ type: 'snapshot', orders: [], tse_outage: { reason: 'x' } }))).toEqual({
      type: 'snapshot',
      orders: [],
      tse_outage: null,
    });
    expect(parseBoardMessage(JSON.stringify({ type: 'tse', outage: { ...outage, missed_orders: [41, '42'] } }))).toEqual({
      type: 'tse',
      outage: { ...outage, missed_orders: [41] },
    });
    expect(parseBoardMessage(JSON.stringify({ type: 'tse', outage }))).toEqual({ type: 'tse', outage });
    expect(parseBoardMessage(JSON.stringify({ type: 'tse', outage: null }))).toEqual({ type: 'tse', outage: null });
    expect(parseBoardMessage(JSON.stringify({ type: 'tse' }))).toBeNull();
    expect(parseBoardMessage(JSON.stringify({ type: 'tse', outage: { started_at: 'soon', missed_orders: [] } }))).toBeNull();
  });

  it('rejects anything else', () => {
    expect(parseBoardMessage('{nope')).toBeNull();
    expect(parseBoardMessage(JSON.stringify({ type: 'order', order: { id: 1 } }))).toBeNull();
    expect(parseBoardMessage(JSON.stringify({ type: 'hello' }))).toBeNull();
    expect(parseBoardMessage(42)).toBeNull();
  });
});

describe('connectOrdersBoard', () => {
  beforeEach(() => {
    FakeBoardSocket.reset();
    vi.useFakeTimers();
    setVisibility('visible');
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    setVisibility('visible');
  });

  it('opens the board URL of the page origin', () => {
    expect(boardSocketUrl({ protocol: 'http:', host: 'shop.test:8080' })).toBe('ws://shop.test:8080/ws/admin/orders');
    expect(boardSocketUrl({ protocol: 'https:', host: 'shop.test' })).toBe('wss://shop.test/ws/admin/orders');
  });

  it('sends the admin token first and passes the messages on', () => {
    const { messages } = connect();
    const socket = FakeBoardSocket.latest();
    expect(socket.url).toBe('ws://localhost/ws/admin/orders');
    socket.open();
    expect(socket.sent).toEqual([JSON.stringify({ token: 'jwt' })]);
    socket.receive({ type: 'snapshot', orders: [adminOrder()] });
    socket.receive({ type: 'order', order: acceptedOrder() });
    socket.receive('garbage');
    expect(messages.map((message) => message.type)).toEqual(['snapshot', 'order']);
  });

  it('reconnects with a growing delay and sends the token again', () => {
    const { onClosed } = connect();
    FakeBoardSocket.latest().drop();
    expect(onClosed).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(999);
    expect(FakeBoardSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeBoardSocket.instances).toHaveLength(2);

    FakeBoardSocket.latest().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeBoardSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeBoardSocket.instances).toHaveLength(3);
    FakeBoardSocket.latest().open();
    expect(FakeBoardSocket.latest().sent).toEqual([JSON.stringify({ token: 'jwt' })]);

    // A snapshot resets the delay.
    FakeBoardSocket.latest().receive({ type: 'snapshot', orders: [] });
    FakeBoardSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeBoardSocket.instances).toHaveLength(4);
  });

  it('keeps reconnecting in a hidden tab, and at once when the tab becomes visible', () => {
    connect();
    setVisibility('hidden');
    FakeBoardSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeBoardSocket.instances).toHaveLength(2);

    FakeBoardSocket.latest().drop();
    setVisibility('visible');
    expect(FakeBoardSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(10_000);
    expect(FakeBoardSocket.instances).toHaveLength(3);
  });

  it('does not open a second connection when the tab becomes visible with one open', () => {
    connect();
    FakeBoardSocket.latest().open();
    setVisibility('hidden');
    setVisibility('visible');
    expect(FakeBoardSocket.instances).toHaveLength(1);
  });

  it('stays closed after the server refused the token', () => {
    const { messages, onClosed } = connect();
    FakeBoardSocket.latest().receive({ type: 'error', detail: 'Your session has expired.' });
    FakeBoardSocket.latest().drop();
    vi.advanceTimersByTime(60_000);
    setVisibility('visible');
    expect(FakeBoardSocket.instances).toHaveLength(1);
    expect(onClosed).not.toHaveBeenCalled();
    expect(messages).toEqual([{ type: 'error', detail: 'Your session has expired.' }]);
  });

  it('closes the socket and stops reconnecting when stopped', () => {
    const { stop } = connect();
    const socket = FakeBoardSocket.latest();
    stop();
    expect(socket.closedByClient).toBe(true);
    vi.advanceTimersByTime(60_000);
    setVisibility('visible');
    expect(FakeBoardSocket.instances).toHaveLength(1);
  });
});
