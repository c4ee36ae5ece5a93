import { apiFetch, logged, takeInitial } from './api-client';

/** Public reads for ordering: postcodes, discounts, pre-order slots (contract: store-api.md). Money is euros. */

export type OrderType = 'delivery' | 'pickup';

export const ORDER_TYPES: readonly OrderType[] = ['delivery', 'pickup'];

/** A delivery zone of the store. */
export interface PostcodeRecord {
  id: number;
  store_id: number;
  postcode: string;
  /** Euros, compared with the subtotal before discount. */
  minimum_order_amount: number;
  /** Euros. */
  delivery_fee: number;
  /** Minutes. */
  delivery_time: number;
}

export type DiscountCode = 'DELIVERY_DISCOUNT' | 'PICKUP_DISCOUNT';

export interface Discount {
  code: DiscountCode | string;
  /** Percent, ≤ 2 decimals. */
  value: number;
  /** Last day it applies (YYYY-MM-DD, store time zone); null = no expiry. */
  expires_on: string | null;
}

export interface PreorderSlot {
  /** HH:mm in the store's time zone. */
  time: string;
  /** The same instant in UTC (ISO 8601). */
  starts_at: string;
}

/** The pre-order times of one day. */
export interface PreorderDay {
  /** YYYY-MM-DD in the store's time zone. */
  date: string;
  slots: PreorderSlot[];
}

export interface PreorderSlots {
  /** Ordering for now is possible (store open and not paused). */
  immediately: boolean;
  /** Today's times. */
  slots: PreorderSlot[];
  /** Every offered time by day: today and, with `orders.preorder_days`, the days after it. */
  days?: PreorderDay[];
  /** Set while a guard keeps the shop shut (clock_untrusted, not_ready) or it paused itself (auto_paused). */
  closed_reason?: string;
}

export function getPostcodes(storeId: number): Promise<PostcodeRecord[]> {
  return logged('getPostcodes', apiFetch<PostcodeRecord[]>(`/postcodes/store/${encodeURIComponent(storeId)}`));
}

const discountsPath = (storeId: number) => `/discounts/${encodeURIComponent(storeId)}`;

export function getDiscounts(storeId: number): Promise<Discount[]> {
  return logged('getDiscounts', apiFetch<Discount[]>(discountsPath(storeId)));
}

/** The standing discounts as the page carries them, once (`takeInitial`). */
export const discountsFromPage = (storeId: number) => takeInitial(discountsPath(storeId)) as Discount[] | undefined;

const slotsPath = (storeId: number, orderType: OrderType) =>
  `/stores/${encodeURIComponent(storeId)}/slots?order_type=${encodeURIComponent(orderType)}`;

export function getPreorderSlots(storeId: number, orderType: OrderType): Promise<PreorderSlots> {
  return logged('getPreorderSlots', apiFetch<PreorderSlots>(slotsPath(storeId, orderType)));
}

/** The pre-order times as the page carries them while the shop is closed, once (`takeInitial`). */
export const preorderSlotsFromPage = (storeId: number, orderType: OrderType) =>
  takeInitial(slotsPath(storeId, orderType)) as PreorderSlots | undefined;
