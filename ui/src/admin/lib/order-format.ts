import { localTimeIn } from '../../lib/store-time';
import type { Order, OrderStatus, OrderType } from '../../lib/order-types';

/** The store's zone when the store record does not say (contract: orders-api.md). */
export const DEFAULT_TIMEZONE = 'Europe/Berlin';

/** "yyyy-MM-dd" → "dd.MM.yyyy". */
export function formatDay(date: string): string {
  const [year, month, day] = date.split('-');
  return year && month && day ? `${day}.${month}.${year}` : date;
}

/** A UTC timestamp as "HH:mm" in the store's zone. */
export function formatTime(iso: string, timezone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return localTimeIn(timezone, date).slice(11, 16);
}

/** A UTC timestamp as "dd.MM.yyyy" in the store's zone. */
export function formatDate(iso: string, timezone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDay(localTimeIn(timezone, date).slice(0, 10));
}

/** A UTC timestamp as "dd.MM.yyyy HH:mm" in the store's zone. */
export function formatDateTime(iso: string, timezone: string): string {
  const date = formatDate(iso, timezone);
  return date === '' ? '' : `${date} ${formatTime(iso, timezone)}`;
}

/** The pre-order time: "HH:mm" on the order's own day, else with the date in front. */
export function formatPreorder(order: Pick<Order, 'preorder_at' | 'created_at'>, timezone: string): string | null {
  if (order.preorder_at === null) return null;
  const sameDay = formatDate(order.preorder_at, timezone) === formatDate(order.created_at, timezone);
  return sameDay ? formatTime(order.preorder_at, timezone) : formatDateTime(order.preorder_at, timezone);
}

/** Remaining milliseconds as "m:ss" (never negative). */
export function formatCountdown(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** How many pieces an order has (quantities added up). */
export function itemCount(order: Pick<Order, 'lines'>): number {
  return order.lines.reduce((sum, line) => sum + line.quantity, 0);
}

/** The translation key of an order's payment in one word: cash, paid online, refunded, refund failed. */
export function paymentKey(order: Pick<Order, 'payment_method' | 'payment_status'>): string {
  if (order.payment_status === 'refunded' || order.payment_status === 'refund_failed' || order.payment_status === 'cancelled') {
    return `orders.payment.${order.payment_status}`;
  }
  return order.payment_method === 'cash' ? 'orders.payment.cash' : 'orders.payment.paid';
}

const FLOW: Record<OrderType, readonly OrderStatus[]> = {
  delivery: ['accepted', 'preparing', 'out_for_delivery', 'completed'],
  pickup: ['accepted', 'preparing', 'ready_for_pickup', 'completed'],
  // Served at the table: ready, then done; never out for delivery.
  dine_in: ['accepted', 'preparing', 'ready_for_pickup', 'completed'],
};

/** The statuses an accepted order may move on to, next one first (skipping steps is allowed). */
export function nextStatuses(order: Pick<Order, 'status' | 'order_type'>): OrderStatus[] {
  const flow = FLOW[order.order_type] ?? FLOW.delivery;
  const at = flow.indexOf(order.status);
  return at === -1 ? [] : flow.slice(at + 1);
}

/** "yyyy-MM-dd" moved by `days`. */
export function shiftDay(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const moved = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, (day ?? 1) + days));
  return moved.toISOString().slice(0, 10);
}

export function isDay(value: string | null): value is string {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));
}

/**
 * The order with the erasure's fixed marker ("anonymised" in the stored name, street
 * and note) replaced by `marker`, the word in the admin's language.
 */
export function withErasureMarker<T extends Order>(order: T, marker: string): T {
  if (order.anonymised_at === null) return order;
  return {
    ...order,
    note: order.note === '' ? '' : marker,
    customer: { ...order.customer, customer_name: marker, line1: order.customer.line1 === '' ? '' : marker },
  };
}
