import type { CartItem } from '../../lib/cart-lines';
import type { Product } from '../../lib/menu-api';
import { fromCents } from '../../lib/money';
import type { OrderType } from '../../lib/order-types';
import { requestLine } from '../../lib/orders-api';
import type { PhoneCaller, PhoneOrderRequest } from '../api/phone-orders-api';
import { filterItems } from './search';

// The phone order's lines are cart lines (lib/cart-lines.ts: buildCartItem,
// addItem, setItemQuantity, removeItem, subtotalCents) and go to the server through
// requestLine (lib/orders-api.ts); what is the phone order's own is finding the dish
// and the body it sends.

/** What the staff entered in the phone order dialog, checked. */
export interface PhoneOrderDraft {
  orderType: OrderType;
  items: readonly CartItem[];
  caller: PhoneCaller;
  /** The chosen pre-order slot's start; null: as soon as possible. */
  preorderAt: string | null;
  note: string;
  minutes: number;
  /** What the caller pays with, in cents; null when not said. */
  cashGivenCents: number | null;
}

/**
 * The body of POST /admin/phone-orders: a pickup sends no street, postcode or city;
 * `cash_given` (euros) only when the caller said what they pay with.
 */
export function phoneOrderRequest(draft: PhoneOrderDraft): PhoneOrderRequest {
  const request: PhoneOrderRequest = {
    order_type: draft.orderType,
    lines: draft.items.map(requestLine),
    customer: draft.orderType === 'delivery' ? draft.caller : { ...draft.caller, line1: '', zip: '', city: '' },
    preorder_at: draft.preorderAt,
    note: draft.note,
    minutes: draft.minutes,
  };
  if (draft.cashGivenCents !== null) request.cash_given = fromCents(draft.cashGivenCents);
  return request;
}

/** Products whose names or description contain every word of `query` (accents ignored), sold-out ones last. */
export function searchProducts(products: readonly Product[], query: string): Product[] {
  const matches = filterItems(products, query, (product) =>
    [product.name, product.name_en ?? '', product.description ?? '', product.description_en ?? ''].join(' '),
  );
  return [...matches.filter((p) => p.available), ...matches.filter((p) => !p.available)];
}
