import type { TFunction } from 'i18next';
import type { Order } from '../../../lib/order-types';
import { isAcceptedOrLater } from './order-progress';
import { clockTime, dateTime } from './order-time';

type Timed = Pick<Order, 'status' | 'created_at' | 'preorder_at' | 'estimated_minutes' | 'estimated_ready_at'>;

/** A pre-order's time: "12:30" on the day the order was placed, else with the date. */
export function slotText(order: Pick<Order, 'created_at' | 'preorder_at'>, timezone: string, language: string): string | null {
  if (order.preorder_at === null) return null;
  const day = (iso: string) => dateTime(iso, timezone, language).slice(0, 10);
  return day(order.preorder_at) === day(order.created_at)
    ? clockTime(order.preorder_at, timezone)
    : dateTime(order.preorder_at, timezone, language);
}

/** The status of a pre-order waiting for the restaurant, naming its time; null for any other order. */
export function preorderWaitingText(order: Timed, timezone: string, language: string, t: TFunction): string | null {
  if (order.status !== 'waiting_for_confirmation') return null;
  const time = slotText(order, timezone, language);
  return time === null ? null : t('order_status.preorder_waiting', { time });
}

/**
 * When an accepted order will be ready: a pre-order at its time (and the later time
 * the restaurant gave, if it needs longer), any other order at the estimate with its
 * minutes. Null before acceptance, after a rejection, or without an estimate.
 */
export function readyTimeText(order: Timed, timezone: string, language: string, t: TFunction): string | null {
  if (!isAcceptedOrLater(order.status)) return null;
  const estimate = order.estimated_ready_at;
  const time = slotText(order, timezone, language);
  if (time !== null && order.preorder_at !== null) {
    const later = estimate !== null && Date.parse(estimate) - Date.parse(order.preorder_at) >= 60_000;
    return later
      ? t('order_status.preordered_later', { time, ready: clockTime(estimate, timezone) })
      : t('order_status.preordered', { time });
  }
  if (estimate === null) return null;
  return order.estimated_minutes !== null
    ? t('orders.status_page.estimated', { time: clockTime(estimate, timezone), minutes: order.estimated_minutes })
    : t('orders.status_page.estimated_time', { time: clockTime(estimate, timezone) });
}
