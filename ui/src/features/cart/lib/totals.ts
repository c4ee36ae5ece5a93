import type { Discount, OrderType } from '../../../lib/store-api';
import { toCents } from '../../../lib/money';
import { unitDepositCents, type CartItem } from '../../../lib/cart-lines';

/**
 * Order totals in integer cents (contract: store-api.md, "Totals"); the server
 * computes the same and both pass assets/test-vectors/order-totals.json.
 */

export interface TotalsLine {
  price_cents: number;
  /** The deposit (Pfand) per unit; absent or 0: none. */
  deposit_cents?: number;
  quantity: number;
  extras: { price_cents: number; quantity: number }[];
}

export interface TotalsInput {
  lines: readonly TotalsLine[];
  orderType: OrderType;
  /** Percent (≤ 2 decimals) for this order type, or null for none. */
  discountPercent: number | null;
  /** The chosen postcode's fee; ignored for pickup. */
  deliveryFeeCents: number;
  /** The chosen postcode's minimum; applies to delivery only. */
  minimumOrderCents: number;
}

export interface OrderTotals {
  subtotalCents: number;
  discountCents: number;
  deliveryFeeCents: number;
  /** Σ deposit × quantity: added after the discount, never discounted. */
  depositCents: number;
  totalCents: number;
  /** How much the subtotal lacks to reach the minimum (delivery only); 0 when reached. */
  minimumMissingCents: number;
}

/** round_half_up(amount × basisPoints / 10000) on exact integers (amount, basisPoints ≥ 0). */
export function percentOfCents(amountCents: number, percent: number): number {
  const basisPoints = Math.round(percent * 100);
  if (amountCents <= 0 || basisPoints <= 0) return 0;
  return Math.floor((amountCents * basisPoints + 5000) / 10000);
}

/**
 * subtotal = Σ (price + Σ extra price × extra quantity) × quantity;
 * discount = subtotal × percent, half up; fee = 0 for pickup;
 * deposit = Σ deposit × quantity (PAngV: beside the price, never discounted);
 * total = subtotal − discount + fee + deposit;
 * missing = max(0, minimum − subtotal) for delivery (the deposit does not count).
 */
export function orderTotals(input: TotalsInput): OrderTotals {
  const subtotalCents = input.lines.reduce(
    (sum, line) =>
      sum +
      (line.price_cents + line.extras.reduce((extras, extra) => extras + extra.price_cents * extra.quantity, 0)) *
        line.quantity,
    0,
  );
  const discountCents = input.discountPercent === null ? 0 : percentOfCents(subtotalCents, input.discountPercent);
  const delivery = input.orderType === 'delivery';
  const deliveryFeeCents = delivery ? input.deliveryFeeCents : 0;
  const depositCents = input.lines.reduce((sum, line) => sum + (line.deposit_cents ?? 0) * line.quantity, 0);
  return {
    subtotalCents,
    discountCents,
    deliveryFeeCents,
    depositCents,
    totalCents: subtotalCents - discountCents + deliveryFeeCents + depositCents,
    minimumMissingCents: delivery ? Math.max(0, input.minimumOrderCents - subtotalCents) : 0,
  };
}

/** Cart lines in the shape orderTotals reads. */
export function totalsLines(
  items: readonly Pick<CartItem, 'price' | 'deposit' | 'quantity' | 'extras'>[],
): TotalsLine[] {
  return items.map((item) => ({
    price_cents: toCents(item.price),
    deposit_cents: unitDepositCents(item),
    quantity: item.quantity,
    extras: item.extras.map((extra) => ({ price_cents: toCents(extra.price), quantity: extra.quantity })),
  }));
}

export const DISCOUNT_CODES: Record<OrderType, string> = {
  delivery: 'DELIVERY_DISCOUNT',
  pickup: 'PICKUP_DISCOUNT',
};

/**
 * The discount percent for the order type: DELIVERY_DISCOUNT or PICKUP_DISCOUNT,
 * skipping one whose expires_on lies before `today` (YYYY-MM-DD). null = none.
 */
export function discountPercentFor(
  discounts: readonly Discount[],
  orderType: OrderType,
  today: string,
): number | null {
  const discount = discounts.find(
    (entry) =>
      entry.code === DISCOUNT_CODES[orderType] &&
      (entry.expires_on === null || entry.expires_on === undefined || entry.expires_on >= today),
  );
  if (!discount || !Number.isFinite(discount.value) || discount.value <= 0) return null;
  return Math.min(100, discount.value);
}
