import type { AdminOrder } from '../../lib/order-types';

/**
 * The statuses an order may be cancelled or changed in: accepted and on its way, or
 * completed (a complaint after delivery or pickup).
 */
const CORRECTABLE = new Set<AdminOrder['status']>(['accepted', 'preparing', 'out_for_delivery', 'ready_for_pickup', 'completed']);

/** What the order page gives each of its corrections (the change of lines, the cancellation). */
export interface CorrectionProps {
  order: AdminOrder;
  /** The order's business day has its daily closing. */
  dayClosed: boolean;
  /** Takes the corrected order as the server answered it. */
  onChanged: (order: AdminOrder) => void;
}

/** Whether staff may still cancel or change `order`: its status allows it and its business day is not closed. */
export function correctable(order: Pick<AdminOrder, 'status'>, dayClosed: boolean): boolean {
  return !dayClosed && CORRECTABLE.has(order.status);
}

/**
 * Whether `order` was paid in cash already: a completed delivery or pickup paid in cash
 * (at the door or the counter). What a correction takes off then goes back from the
 * till. A table's guest may pay when leaving, so a completed table order is not taken
 * as paid (the server's `refundable_cents` has the same rule).
 */
export function paidInCash(order: Pick<AdminOrder, 'status' | 'order_type' | 'payment_method' | 'payment_status'>): boolean {
  return order.payment_method === 'cash' && order.status === 'completed' && order.order_type !== 'dine_in' && order.payment_status === 'cash_due';
}
