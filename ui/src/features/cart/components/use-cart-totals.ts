import { useEffect } from 'react';
import { toCents } from '../../../lib/money';
import { useOrderSettings } from '../../../lib/order-settings';
import { useStore } from '../../../lib/store-context';
import { todayIn } from '../../../lib/store-time';
import { discountPercentFor, orderTotals, totalsLines, type OrderTotals } from '../lib/totals';
import { loadDiscounts, useStoreDiscounts } from './store-discounts';
import { useCheckedLines } from './use-checked-lines';

export interface CartTotals extends OrderTotals {
  /** The discount percent for the order type, or null for none. */
  discountPercent: number | null;
}

/**
 * The cart's totals with today's discount for the order type and the chosen
 * postcode's fee, counting only the lines that can be ordered (a sold-out line is
 * left out). The discounts are fetched again whenever `active` turns on; until an
 * answer arrives the list known so far applies (the cart waits for the first one
 * before it opens).
 */
export function useCartTotals(active: boolean): CartTotals {
  const { orderable } = useCheckedLines();
  const store = useStore();
  const { orderType, postcode } = useOrderSettings();
  const discounts = useStoreDiscounts();

  useEffect(() => {
    if (active) void loadDiscounts();
  }, [active]);

  const timezone = store.status === 'success' ? store.data.timezone : 'Europe/Berlin';
  const discountPercent = discountPercentFor(discounts, orderType, todayIn(timezone));
  const totals = orderTotals({
    lines: totalsLines(orderable),
    orderType,
    discountPercent,
    deliveryFeeCents: toCents(postcode?.delivery_fee ?? 0),
    minimumOrderCents: toCents(postcode?.minimum_order_amount ?? 0),
  });
  return { ...totals, discountPercent };
}
