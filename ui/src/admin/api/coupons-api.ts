import { apiFetch, logged } from '../../lib/api-client';

export type CouponKind = 'percent' | 'amount' | 'free_delivery';
export type CouponOrderTypes = 'both' | 'delivery' | 'pickup';

/** A coupon's terms: the body of POST and PUT /admin/coupons (PUT takes the whole record). */
export interface CouponBody {
  /** 3–24 letters, digits or `-`, any case; stored in upper case. */
  code: string;
  kind: CouponKind;
  /** With `percent`: more than 0, at most 100. */
  percent: number | null;
  /** With `amount`: euros, more than 0, at most 1000. */
  amount: number | null;
  /** Euros; the goods before any discount must come to at least this. 0: any. */
  minimum_order: number;
  /** Dates (yyyy-MM-dd) in the store's calendar; null: no bound. */
  valid_from: string | null;
  valid_to: string | null;
  order_types: CouponOrderTypes;
  first_order_only: boolean;
  /** Uses per customer (account, phone number, e-mail address); null: unlimited. */
  per_customer_limit: number | null;
  /** Uses in all; null: unlimited. */
  total_limit: number | null;
  /** A paused code is refused at the checkout as unknown. */
  paused: boolean;
}

/** A coupon as GET /admin/coupons lists it, with what it did so far. */
export interface Coupon extends CouponBody {
  id: number;
  /** UTC, RFC 3339. */
  created_at: string;
  /** Orders placed with it that are sales (a rejected or cancelled one gives its use back). */
  uses: number;
  /** Those orders' revenue in euros (without tips). */
  revenue: number;
  /** What it took off those orders, in euros. */
  given: number;
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

/** Every coupon, newest first (owner only). */
export function getCoupons(): Promise<Coupon[]> {
  return logged('getCoupons', apiFetch<Coupon[]>('/admin/coupons'));
}

/** Answers the new coupon (201); 400 `invalid` names its field, 409 `coupon_code_taken` the code. */
export function createCoupon(body: CouponBody): Promise<Coupon> {
  return logged('createCoupon', apiFetch<Coupon>('/admin/coupons', json('POST', body)));
}

/** PUT /admin/coupons/{id}: new terms, or paused/resumed; its uses and figures stay. */
export function updateCoupon(id: number, body: CouponBody): Promise<Coupon> {
  return logged('updateCoupon', apiFetch<Coupon>(`/admin/coupons/${encodeURIComponent(id)}`, json('PUT', body)));
}

/** A coupon's terms as PUT takes them (what the list shows, without its figures). */
export function couponBody(coupon: Coupon): CouponBody {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percent: coupon.kind === 'percent' ? coupon.percent : null,
    amount: coupon.kind === 'amount' ? coupon.amount : null,
    minimum_order: coupon.minimum_order,
    valid_from: coupon.valid_from,
    valid_to: coupon.valid_to,
    order_types: coupon.order_types,
    first_order_only: coupon.first_order_only,
    per_customer_limit: coupon.per_customer_limit,
    total_limit: coupon.total_limit,
    paused: coupon.paused,
  };
}
