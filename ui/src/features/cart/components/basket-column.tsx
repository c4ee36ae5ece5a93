import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOtherScreenTexts } from '../../../lib/i18n';
import { fetchLiveProducts } from '../../../lib/live-menu';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useMediaQuery } from '../../../lib/use-media-query';
import { BASKET_COLUMN_ID, WIDE_LAYOUT_QUERY } from './basket-layout';
import { useCart } from './cart-provider';
import { useCartView } from './cart-view';
import { EmptyCart } from './empty-cart';
import './basket.css';

// The lines, totals and checkout are the cart dialog's parts: their code comes with
// the first item, so a first visit with an empty cart downloads none of it. Like the
// dialog, the first render waits for the discounts, so the first total has them.
const BasketPanel = lazy(async () => {
  const [module] = await Promise.all([
    import('./basket-panel'),
    loadOtherScreenTexts(),
    import('./store-discounts').then((discounts) => discounts.discountsReady()),
  ]);
  return { default: module.BasketPanel };
});

function Column() {
  const { t } = useTranslation();
  const cart = useCart();
  const { setColumn } = useCartView();
  const titleId = useId();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const [panelWanted, setPanelWanted] = useState(cart.items.length > 0);
  if (cart.items.length > 0 && !panelWanted) setPanelWanted(true);

  useEffect(() => {
    setColumn({
      focus: () => {
        titleRef.current?.focus();
        // As when the dialog opens: whether a product sold out meanwhile is asked again.
        fetchLiveProducts(getRuntimeConfig().storeId).catch(() => {});
      },
    });
    return () => setColumn(null);
  }, [setColumn]);

  return (
    <aside id={BASKET_COLUMN_ID} className="basket-column" aria-labelledby={titleId}>
      <h2 id={titleId} ref={titleRef} className="basket-column__title" tabIndex={-1}>
        {t('cart.title')}
      </h2>
      {panelWanted ? (
        <Suspense fallback={<div className="basket-column__body" aria-busy="true" />}>
          <BasketPanel titleRef={titleRef} />
        </Suspense>
      ) : (
        <div className="basket-column__body">
          <EmptyCart />
        </div>
      )}
    </aside>
  );
}

/**
 * The basket beside the menu on a wide screen: the cart dialog's lines, totals and
 * "Zur Kasse", always in view. Narrower screens show none (the sticky basket bar
 * takes its place there).
 */
export function BasketColumn() {
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  return wide ? <Column /> : null;
}
