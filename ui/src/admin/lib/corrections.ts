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
