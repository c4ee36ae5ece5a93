import { vi } from 'vitest';
import type { AdminOrder } from '../lib/order-types';
import type { OpenOrdersPage } from './api/orders-admin-api';
import { FakeSocket } from '../test/fake-websocket';

/** A page of GET /admin/orders/open: `orders` and nothing after them, none waiting unless `change` says so. */
export function openOrdersPage(orders: AdminOrder[] = [], change: Partial<OpenOrdersPage> = {}): OpenOrdersPage {
  return { orders, next_after: null, waiting: 0, waiting_limit: 30, ...change };
}

/** A waiting delivery order as GET /admin/orders/open sends it (contract example). */
export function adminOrder(change: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 57,
    number: 3,
    token: 'Jx8aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    created_at: '2026-11-22T17:30:00Z',
    business_date: '2026-11-22',
    status: 'waiting_for_confirmation',
    order_type: 'delivery',
    payment_method: 'online',
    payment_status: 'paid',
    preorder_at: null,
    note: 'Bitte klingeln',
    customer: {
      customer_name: 'Kim Kunde',
      line1: 'Hauptstraße 1',
      city: 'Berlin',
      zip: '10115',
      country: 'DE',
      phone: '030 123456',
      email: 'kim@example.com',
    },
    lines: [
      {
        product_id: 3,
        variant_id: 7,
        name: 'Pizza Salami (Groß)',
        unit_price: 9.5,
        quantity: 2,
        extras: [
          { topping_id: 5, name: 'Extra Käse', price: 1, quantity: 1, allergens: [{ code: 'G', name: 'Milch' }] },
        ],
        tax_percentage: 7,
        allergens: [{ code: 'A', name: 'Gluten' }],
        total: 21,
        deposit: 0,
      },
    ],
    subtotal: 21,
    discount_percentage: 10,
    discount: 2.1,
    delivery_fee: 2.5,
    deposit: 0,
    total: 21.4,
    vat: [{ percentage: 7, gross: 21.4, net: 20, vat: 1.4 }],
    estimated_minutes: null,
    estimated_ready_at: null,
    rejection_reason: null,
    history: [{ status: 'waiting_for_confirmation', at: '2026-11-22T17:30:00Z', note: '' }],
    source: 'online',
    anonymised_at: null,
    user_id: null,
    paypal_order_id: '5O190127TN364715T',
    capture_id: '3C679366HH908993F',
    refund_id: null,
    refund_error: null,
    auto_reject_at: '2026-11-22T17:40:00Z',
    ...change,
  };
}

/** The same order after it was accepted with `minutes`. */
export function acceptedOrder(change: Partial<AdminOrder> = {}): AdminOrder {
  return adminOrder({
    status: 'accepted',
    estimated_minutes: 20,
    estimated_ready_at: '2026-11-22T17:52:00Z',
    auto_reject_at: null,
    history: [
      { status: 'waiting_for_confirmation', at: '2026-11-22T17:30:00Z', note: '' },
      { status: 'accepted', at: '2026-11-22T17:32:00Z', note: '' },
    ],
    ...change,
  });
}

/** A WebSocket stand-in for the board: records what the page sends, the test drives the rest. */
export class FakeBoardSocket {
  static readonly instances: FakeBoardSocket[] = [];
  readyState = 0;
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: unknown) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  readonly sent: string[] = [];
  closedByClient = false;

  constructor(readonly url: string) {
    FakeBoardSocket.instances.push(this);
  }

  static reset() {
    FakeBoardSocket.instances.length = 0;
  }

  static latest(): FakeBoardSocket {
    const socket = FakeBoardSocket.instances.at(-1);
    if (!socket) throw new Error('no board socket was opened');
    return socket;
  }

  open() {
    this.readyState = 1;
    this.onopen?.({});
  }

  receive(data: unknown) {
    this.onmessage?.({ data: typeof data === 'string' ? data : JSON.stringify(data) });
  }

  /** The server (or the network) ends the connection. */
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }

  send(data: string) {
    this.sent.push(data);
  }

  close() {
    this.closedByClient = true;
    this.readyState = 3;
  }
}

export const createFakeBoardSocket = (url: string) => new FakeBoardSocket(url);

/**
 * Stands in for WebSocket on the dashboard, which opens two connections: the orders
 * board's becomes a FakeBoardSocket, the store status's a FakeSocket.
 */
export function stubDashboardSockets() {
  FakeBoardSocket.reset();
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', function DashboardSocket(url: string) {
    return url.includes('/ws/store/') ? new FakeSocket(url) : new FakeBoardSocket(url);
  });
}
