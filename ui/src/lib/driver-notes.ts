import type { Order } from './order-types';

/** An order whose customer may carry the saved address's notes for the driver. */
type WithDriverNotes = Pick<Order, 'order_type' | 'customer'>;

/**
 * What the driver should know ("Hinterhaus, 3. OG"): the notes of the address the
 * order goes to. Empty for a pickup order, which no driver takes, and for none.
 */
export function driverNotes(order: WithDriverNotes): string {
  if (order.order_type !== 'delivery') return '';
  return (order.customer.notes ?? '').trim();
}
