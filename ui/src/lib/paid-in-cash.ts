import type { Order } from './order-types';

/**
 * Whether `order` was paid in cash already: a completed delivery or pickup paid in cash
 * (at the door or the counter), so what a correction takes off goes back from the till.
 * A table's guest may pay when leaving, so a completed table order is not taken as paid.
 * The server's `refundable_cents` (src/domain/order/correction.rs) has the same rule;
 * the customer's status page and the admin's order page both read it from here.
 */
export function paidInCash(order: Pick<Order, 'status' | 'order_type' | 'payment_method' | 'payment_status'>): boolean {
  return order.payment_method === 'cash' && order.status === 'completed' && order.order_type !== 'dine_in' && order.payment_status === 'cash_due';
}
