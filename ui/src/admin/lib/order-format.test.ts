import { describe, expect, it } from 'vitest';
import { acceptedOrder, adminOrder } from '../test-orders';
import {
  formatCountdown,
  formatDate,
  formatDateTime,
  formatDay,
  formatPreorder,
  formatTime,
  isDay,
  itemCount,
  nextStatuses,
  paymentKey,
  shiftDay,
  withErasureMarker,
} from './order-format';

describe('order times', () => {
  it('shows UTC times in the store zone as HH:mm and dd.MM.yyyy', () => {
    expect(formatTime('2026-11-22T17:30:00Z', 'Europe/Berlin')).toBe('18:30');
    expect(formatTime('2026-07-01T17:30:00Z', 'Europe/Berlin')).toBe('19:30');
    expect(formatDate('2026-11-22T23:30:00Z', 'Europe/Berlin')).toBe('23.11.2026');
    expect(formatDateTime('2026-11-22T17:30:00Z', 'America/New_York')).toBe('22.11.2026 12:30');
    expect(formatTime('not a time', 'Europe/Berlin')).toBe('');
    expect(formatDay('2026-11-02')).toBe('02.11.2026');
  });

  it('shows a pre-order time alone on the same day, with the date on another', () => {
    const order = adminOrder({ preorder_at: '2026-11-22T18:15:00Z' });
    expect(formatPreorder(order, 'Europe/Berlin')).toBe('19:15');
    expect(formatPreorder({ ...order, preorder_at: '2026-11-23T10:00:00Z' }, 'Europe/Berlin')).toBe('23.11.2026 11:00');
    expect(formatPreorder(adminOrder(), 'Europe/Berlin')).toBeNull();
  });

  it('counts down in minutes and seconds, never below zero', () => {
    expect(formatCountdown(9 * 60_000 + 5_000)).toBe('9:05');
    expect(formatCountdown(400)).toBe('0:01');
    expect(formatCountdown(-5000)).toBe('0:00');
  });

  it('moves and checks business days', () => {
    expect(shiftDay('2026-03-01', -1)).toBe('2026-02-28');
    expect(shiftDay('2026-12-31', 1)).toBe('2027-01-01');
    expect(isDay('2026-11-22')).toBe(true);
    expect(isDay('22.11.2026')).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

describe('order facts', () => {
  it('adds up the pieces', () => {
    const order = adminOrder();
    expect(itemCount({ lines: [...order.lines, { ...order.lines[0]!, quantity: 3 }] })).toBe(5);
  });

  it('names the payment in one word', () => {
    expect(paymentKey({ payment_method: 'cash', payment_status: 'cash_due' })).toBe('orders.payment.cash');
    expect(paymentKey({ payment_method: 'online', payment_status: 'paid' })).toBe('orders.payment.paid');
    expect(paymentKey({ payment_method: 'online', payment_status: 'refunded' })).toBe('orders.payment.refunded');
    expect(paymentKey({ payment_method: 'online', payment_status: 'refund_failed' })).toBe('orders.payment.refund_failed');
  });

  it('offers the next statuses by order type, skipping allowed', () => {
    expect(nextStatuses(acceptedOrder())).toEqual(['preparing', 'out_for_delivery', 'completed']);
    expect(nextStatuses(acceptedOrder({ order_type: 'pickup', status: 'preparing' }))).toEqual(['ready_for_pickup', 'completed']);
    expect(nextStatuses(acceptedOrder({ status: 'out_for_delivery' }))).toEqual(['completed']);
    expect(nextStatuses(adminOrder())).toEqual([]);
    expect(nextStatuses(acceptedOrder({ status: 'completed' }))).toEqual([]);
  });
});

describe('withErasureMarker', () => {
  it('shows the stored marker in the admin language and leaves other orders alone', () => {
    const stored = adminOrder({
      anonymised_at: '2027-02-22T11:00:00Z',
      note: 'anonymised',
      customer: { customer_name: 'anonymised', line1: 'anonymised', city: 'Berlin', zip: '10115', country: 'DE', phone: '', email: '' },
    });
    const shown = withErasureMarker(stored, 'anonymisiert');
    expect(shown.customer).toEqual({ ...stored.customer, customer_name: 'anonymisiert', line1: 'anonymisiert' });
    expect(shown.note).toBe('anonymisiert');
    expect(shown.total).toBe(stored.total);
    const pickup = withErasureMarker(adminOrder({ anonymised_at: '2027-02-22T11:00:00Z', note: '', customer: { ...stored.customer, line1: '' } }), 'x');
    expect([pickup.customer.line1, pickup.note]).toEqual(['', '']);
    const kept = adminOrder();
    expect(withErasureMarker(kept, 'anonymisiert')).toBe(kept);
  });
});
