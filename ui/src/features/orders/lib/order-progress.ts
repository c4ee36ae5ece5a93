import type { Order, OrderStatus, OrderType } from '../../../lib/order-types';

/** The steps after the restaurant accepted, for this order type. */
export type ProgressStep = 'accepted' | 'preparing' | 'out_for_delivery' | 'ready_for_pickup' | 'completed';

export function progressSteps(orderType: OrderType): ProgressStep[] {
  return ['accepted', 'preparing', orderType === 'delivery' ? 'out_for_delivery' : 'ready_for_pickup', 'completed'];
}

/** Accepted or any later step (not waiting, not rejected, not cancelled). */
export function isAcceptedOrLater(status: OrderStatus): boolean {
  return status !== 'waiting_for_confirmation' && status !== 'rejected' && status !== 'cancelled';
}

/**
 * Nothing changes after these by itself. A completed order is corrected only after the
 * customer's complaint (they read it when they open the page again, and by mail).
 */
export function isFinal(status: OrderStatus): boolean {
  return status === 'completed' || status === 'rejected' || status === 'cancelled';
}

/**
 * Nothing more changes for the customer: completed, or rejected with its payment
 * settled. A paid order that was rejected is refunded right after: until then the
 * customer waits for "erstattet".
 */
export function isSettled(order: Pick<Order, 'status' | 'payment_status'>): boolean {
  return isFinal(order.status) && !(order.status === 'rejected' && order.payment_status === 'paid');
}

export type StepState = 'done' | 'current' | 'upcoming';

/** Each step as done, current or upcoming; steps the restaurant skipped count as done. */
export function stepStates(orderType: OrderType, status: OrderStatus): { step: ProgressStep; state: StepState }[] {
  const steps = progressSteps(orderType);
  const reached = steps.indexOf(status as ProgressStep);
  return steps.map((step, index) => ({
    step,
    state: reached === -1 || index > reached ? 'upcoming' : index === reached ? 'current' : 'done',
  }));
}
