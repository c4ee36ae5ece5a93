import { lazy, Suspense } from 'react';
import { loadOtherScreenTexts } from '../../../lib/i18n';
import { useMediaQuery } from '../../../lib/use-media-query';
import { WIDE_LAYOUT_QUERY } from './basket-layout';
import { useCart } from './cart-provider';
import './basket.css';

// The total needs the cart's totals code; it comes with the first item, with the
// texts of the cart's other parts, and (as the dialog does) the bar waits for the
// discounts, so its first total has them.
const BasketBarButton = lazy(async () => {
  const [module] = await Promise.all([
    import('./basket-bar-button'),
    loadOtherScreenTexts(),
    import('./store-discounts').then((discounts) => discounts.discountsReady()),
  ]);
  return { default: module.BasketBarButton };
});

/**
 * The sticky bar at the bottom of a phone's (or tablet's) menu page while the cart has
 * items: "Warenkorb ansehen · 26,10 €", opening the cart. Wide screens have the
 * basket column instead.
 */
export function BasketBar() {
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const { items } = useCart();
  if (wide || items.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <BasketBarButton />
    </Suspense>
  );
}
