import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Order } from '../../../lib/order-types';
import { createFakeSocket, FakeSocket, setVisibility } from '../../../test/fake-websocket';
import { demoOrder } from '../test/demo-order';
import { connectOrder, orderSocketUrl, parseOrderMessage } from './order-socket';

const order = demoOrder();

function connect() {
  const orders: Order[] = [];
  const refusals: string[] = [];
  const stop = connectOrder({
    url: 'ws://localhost/ws/orders/tok',
    onOrder: (next) => orders.push(next),
    onRefused: (detail) => refusals.push(detail),
    createSocket: createFakeSocket,
    initialBackoffMs: 1000,
    maxBackoffMs: 4000,
  });
  return { orders, refusals, stop };
}

describe('parseOrderMessage', () => {
  it('reads an order message and an error message', () => {
    expect(parseOrderMessage(JSON.stringify({ type: 'order', order }))).toEqual({ type: 'order', order });
    expect(parseOrderMessage(JSON.stringify({ type: 'error', detail: 'There is no such order.' }))).toEqual({
      type: 'error',
      detail: 'There is no such order.',
    });
  });

  it('rejects text that is not JSON, unknown types and orders without their key fields', () => {
    expect(parseOrderMessage('{not json')).toBeNull();
    expect(parseOrderMessage(42)).toBeNull();
    expect(parseOrderMessage(JSON.stringify({ type: 'snapshot', orders: [] }))).toBeNull();
    expect(parseOrderMessage(JSON.stringify({ type: 'order', order: { id: 1 } }))).toBeNull();
    expect(parseOrderMessage(JSON.stringify([1]))).toBeNull();
  });
});

describe('connectOrder', () => {
  beforeEach(() => {
    FakeSocket.reset();
    vi.useFakeTimers();
    setVisibility('visible');
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    setVisibility('visible');
  });

  it('opens the order URL of the page origin', () => {
    expect(orderSocketUrl('a-b_c', { protocol: 'http:', host: 'shop.test:8080' } as Location)).toBe(
      'ws://shop.test:8080/ws/orders/a-b_c',
    );
    expect(orderSocketUrl('tok', { protocol: 'https:', host: 'shop.test' } as Location)).toBe('wss://shop.test/ws/orders/tok');
    connect();
    expect(FakeSocket.latest().url).toBe('ws://localhost/ws/orders/tok');
  });

  it('passes every order state on and skips unreadable messages', () => {
    const { orders } = connect();
    FakeSocket.latest().receive({ type: 'order', order });
    FakeSocket.latest().receive('garbage');
    FakeSocket.latest().receive({ type: 'order', order: { ...order, status: 'accepted' } });
    expect(orders.map((entry) => entry.status)).toEqual(['waiting_for_confirmation', 'accepted']);
  });

  it('reconnects with a growing delay after a drop; a good message resets the delay', () => {
    connect();
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);

    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1999);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(3);

    FakeSocket.latest().receive({ type: 'order', order });
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.instances).toHaveLength(4);
  });

  it('waits while the tab is hidden and re-opens at once when it becomes visible', () => {
    connect();
    setVisibility('hidden');
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    setVisibility('visible');
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('does not open a second connection when the tab becomes visible with one open', () => {
    connect();
    FakeSocket.latest().receive({ type: 'order', order });
    setVisibility('hidden');
    setVisibility('visible');
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('stops for good when the server refuses the token', () => {
    const { refusals } = connect();
    const socket = FakeSocket.latest();
    socket.receive({ type: 'error', detail: 'There is no such order.' });
    expect(refusals).toEqual(['There is no such order.']);
    expect(socket.closedByClient).toBe(true);
    socket.drop();
    setVisibility('visible');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('closes the socket and stops reconnecting when stopped', () => {
    const { stop } = connect();
    const socket = FakeSocket.latest();
    stop();
    expect(socket.closedByClient).toBe(true);
    setVisibility('visible');
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});
