import { describe, expect, it } from 'vitest';
import vectorFile from '../../../../../assets/test-vectors/order-totals.json';
import type { OrderType } from '../../../lib/store-api';
import { discountPercentFor, orderTotals, percentOfCents, totalsLines, type TotalsLine } from './totals';

interface Vector {
  name: string;
  lines: TotalsLine[];
  order_type: OrderType;
  discount_percent: number | null;
  delivery_fee_cents: number;
  minimum_order_cents: number;
  expect: {
    subtotal_cents: number;
    discount_cents: number;
    delivery_fee_cents: number;
    /** Absent in vectors written before deposits: none. */
    deposit_cents?: number;
    total_cents: number;
    minimum_missing_cents: number;
  };
}

const vectors = (vectorFile as { vectors: Vector[] }).vectors;

describe('order totals (shared vectors)', () => {
  it('has vectors to check', () => {
    expect(vectors.length).toBeGreaterThan(0);
  });

  it.each(vectors.map((vector) => [vector.name, vector] as const))('%s', (_name, vector) => {
    const totals = orderTotals({
      lines: vector.lines,
      orderType: vector.order_type,
      discountPercent: vector.discount_percent,
      deliveryFeeCents: vector.delivery_fee_cents,
      minimumOrderCents: vector.minimum_order_cents,
    });
    expect(totals).toEqual({
      subtotalCents: vector.expect.subtotal_cents,
      discountCents: vector.expect.discount_cents,
      deliveryFeeCents: vector.expect.delivery_fee_cents,
      depositCents: vector.expect.deposit_cents ?? 0,
      totalCents: vector.expect.total_cents,
      minimumMissingCents: vector.expect.minimum_missing_cents,
    });
  });
});

describe('orderTotals', () => {
  const lines = totalsLines([
    { price: 7.9, quantity: 1, extras: [{ id: 3, name: 'Salami', price: 1.5, quantity: 1 }] },
    { price: 2.5, quantity: 1, extras: [] },
  ]);
  const base = { lines, discountPercent: 10, deliveryFeeCents: 250, minimumOrderCents: 1500 };

  it('charges the fee and checks the minimum for delivery only', () => {
    expect(orderTotals({ ...base, orderType: 'delivery' })).toEqual({
      subtotalCents: 1190,
      discountCents: 119,
      deliveryFeeCents: 250,
      depositCents: 0,
      totalCents: 1321,
      minimumMissingCents: 310,
    });
    expect(orderTotals({ ...base, orderType: 'pickup' })).toEqual({
      subtotalCents: 1190,
      discountCents: 119,
      deliveryFeeCents: 0,
      depositCents: 0,
      totalCents: 1071,
      minimumMissingCents: 0,
    });
  });

  it("adds each cart line's deposit per item after the discount, a line stored without one counting none", () => {
    const withDeposits = totalsLines([
      { price: 7.9, quantity: 1, extras: [], deposit: null },
      { price: 2.5, quantity: 4, extras: [], deposit: 0.25 },
      { price: 3.2, quantity: 1, extras: [] },
    ]);
    expect(withDeposits.map((line) => line.deposit_cents)).toEqual([0, 25, 0]);
    expect(
      orderTotals({ lines: withDeposits, orderType: 'delivery', discountPercent: 10, deliveryFeeCents: 250, minimumOrderCents: 2200 }),
    ).toEqual({
      subtotalCents: 2110,
      discountCents: 211,
      deliveryFeeCents: 250,
      depositCents: 100,
      totalCents: 2249,
      minimumMissingCents: 90,
    });
  });

  it('rounds the discount half up on the exact integer division', () => {
    expect(percentOfCents(5, 10)).toBe(1);
    expect(percentOfCents(4, 10)).toBe(0);
    expect(percentOfCents(1999, 12.5)).toBe(250);
    expect(percentOfCents(1000, 0)).toBe(0);
  });
});

describe('discountPercentFor', () => {
  const discounts = [
    { code: 'DELIVERY_DISCOUNT', value: 10, expires_on: '2026-12-31' },
    { code: 'PICKUP_DISCOUNT', value: 15, expires_on: null },
  ];

  it('picks the code of the order type', () => {
    expect(discountPercentFor(discounts, 'delivery', '2026-11-23')).toBe(10);
    expect(discountPercentFor(discounts, 'pickup', '2026-11-23')).toBe(15);
  });

  it('applies on its last day and ignores it after', () => {
    expect(discountPercentFor(discounts, 'delivery', '2026-12-31')).toBe(10);
    expect(discountPercentFor(discounts, 'delivery', '2027-01-01')).toBeNull();
  });

  it('has none without a matching code', () => {
    expect(discountPercentFor([], 'pickup', '2026-11-23')).toBeNull();
  });
});
