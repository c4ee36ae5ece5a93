import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOtherScreenTexts } from '../../../lib/i18n';
import { useOrderSettings } from '../../../lib/order-settings';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getPreorderSlots, ORDER_TYPES, preorderSlotsFromPage, type OrderType, type PreorderSlot } from '../../../lib/store-api';
import { useCart } from './cart-provider';
import './preorder-now.css';

// The checkout gate (the cart's checks) is only needed once the button is pressed.
const PreorderCheckout = lazy(async () => {
  const [module] = await Promise.all([import('./preorder-checkout'), loadOtherScreenTexts()]);
  return { default: module.PreorderCheckout };
});

type Offers = Record<OrderType, PreorderSlot[]>;

async function loadOffers(storeId: number): Promise<Offers> {
  // A failed list (logged by the API helper) offers nothing for that order type.
  const lists = await Promise.all(
    ORDER_TYPES.map((type) => getPreorderSlots(storeId, type).then((offer) => offer.slots, () => [])),
  );
  return { delivery: lists[0] ?? [], pickup: lists[1] ?? [] };
}

/** Both lists from the page (a closed shop's page carries them), or nothing. */
function offersFromPage(storeId: number): Offers | null {
  const [delivery, pickup] = ORDER_TYPES.map((type) => preorderSlotsFromPage(storeId, type)?.slots);
  return delivery && pickup ? { delivery, pickup } : null;
}

/**
 * "Jetzt vorbestellen" while the store is closed and pre-order times are left for the
 * chosen order type or the other one: with an empty cart it leads to the menu
 * (`onCartEmpty`), else to checkout with the earliest pre-order time chosen, switching
 * the order type if only the other one has times. Nothing when there are no times.
 */
export function PreorderNow({ onCartEmpty }: { onCartEmpty: () => void }) {
  const { t } = useTranslation();
  const cart = useCart();
  const { orderType, setOrderType } = useOrderSettings();
  // From the page when it carries them: the button is then in the first paint and
  // nothing below it moves when it appears.
  const [fromPage] = useState(() => offersFromPage(getRuntimeConfig().storeId));
  const [offers, setOffers] = useState<Offers | null>(fromPage);
  const [checkingOut, setCheckingOut] = useState(0);

  useEffect(() => {
    if (fromPage !== null) return;
    let active = true;
    void loadOffers(getRuntimeConfig().storeId).then((loaded) => {
      if (active) setOffers(loaded);
    });
    return () => {
      active = false;
    };
  }, [fromPage]);

  if (offers === null) return null;
  const type = offers[orderType].length > 0 ? orderType : ORDER_TYPES.find((other) => offers[other].length > 0);
  if (type === undefined) return null;

  const preorder = () => {
    if (cart.count === 0) {
      onCartEmpty();
      return;
    }
    const [first] = offers[type];
    if (!first) return;
    if (type !== orderType) setOrderType(type);
    cart.setOrderTime({ kind: 'preorder', time: first.time, startsAt: first.starts_at });
    setCheckingOut((attempt) => attempt + 1);
  };

  return (
    <div className="preorder-now">
      <button type="button" className="button preorder-now__button" onClick={preorder}>
        {t('closed_banner.preorder')}
      </button>
      {checkingOut > 0 && (
        <Suspense fallback={null}>
          <PreorderCheckout key={checkingOut} />
        </Suspense>
      )}
    </div>
  );
}
