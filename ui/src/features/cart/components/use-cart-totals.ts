import { useEffect, useState } from 'react';
import { toCents } from '../../../lib/money';
import { useOrderSettings } from '../../../lib/order-settings';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getDiscounts, type Discount } from '../../../lib/store-api';
import { useStore } from '../../../lib/store-context';
import { todayIn } from '../../../lib/store-time';
import { discountPercentFor, orderTotals, totalsLines, type OrderTotals } from '../lib/totals';
import { useCart } from './cart-provider';

export interface CartTotals extends OrderTotals {
  /** The discount percent for the order type, or null for none. */
  discountPercent: number | null;
}

/**
 * The cart's totals with today's discount for the order type and the chosen
 * postcode's fee. The discount list is fetched whenever `active` turns on.
 */
export function useCartTotals(active: boolean): CartTotals {
  const cart = useCart();
  const store = useStore();
  const { orderType, postcode } = useOrderSettings();
  const [discounts, setDiscounts] = useState<Discount[]>([]);

  useEffect(() => {
    if (!active) return;
    let current = true;
    // Logged by the API helper; without the list there is no discount.
    getDiscounts(getRuntimeConfig().storeId).then(
      (list) => {
        if (current) setDiscounts(Array.isArray(list) ? list : []);
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [active]);

  const timezone = store.status === 'success' ? store.data.timezone : 'Europe/Berlin';
  const discountPercent = discountPercentFor(discounts, orderType, todayIn(timezone));
  const totals = orderTotals({
    lines: totalsLines(cart.items),
    orderType,
    discountPercent,
    deliveryFeeCents: toCents(postcode?.delivery_fee ?? 0),
    minimumOrderCents: toCents(postcode?.minimum_order_amount ?? 0),
  });
  return { ...totals, discountPercent };
}
