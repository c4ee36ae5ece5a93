import { apiFetch, logged } from '../../lib/api-client';
import type { AdminOrder, OrderRequestLine, OrderType } from '../../lib/order-types';
import type { PreorderSlots } from '../../lib/store-api';

/** The caller, as the phone order form sends them: name and phone; street and postcode for delivery. */
export interface PhoneCaller {
  customer_name: string;
  phone: string;
  email: string;
  line1: string;
  zip: string;
  city: string;
}

/** POST /admin/phone-orders: the caller's choices; paid in cash, accepted at once with `minutes`. */
export interface PhoneOrderRequest {
  order_type: OrderType;
  lines: OrderRequestLine[];
  customer: PhoneCaller;
  preorder_at: string | null;
  note: string;
  minutes: number;
  /** What the caller pays with, in euros (≤ 1000, at least the total, else 400 cash_given_below_total); absent when not said. */
  cash_given?: number;
}

/** Places the order; the same `idempotencyKey` again returns the first order instead of a second. */
export function placePhoneOrder(request: PhoneOrderRequest, idempotencyKey: string): Promise<AdminOrder> {
  return logged(
    'placePhoneOrder',
    apiFetch<AdminOrder>('/admin/phone-orders', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
      body: JSON.stringify(request),
    }),
  );
}

/** Whether an order for now is possible, and the pre-order times (also while online ordering is paused). */
export function getPhoneOrderSlots(orderType: OrderType): Promise<PreorderSlots> {
  const query = new URLSearchParams({ order_type: orderType });
  return logged('getPhoneOrderSlots', apiFetch<PreorderSlots>(`/admin/phone-orders/slots?${query.toString()}`));
}
