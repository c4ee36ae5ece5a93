import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOtherScreenTexts } from '../../../lib/i18n';
import { useOrderSettings } from '../../../lib/order-settings';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getPreorderSlots, ORDER_TYPES, preorderSlotsFromPage, type OrderType, type PreorderSlot, type PreorderSlots } from '../../../lib/store-api';
import { preorderTime, useCart } from './cart-provider';
import './preorder-now.css';

// The checkout gate (the cart's checks) is only needed once the button is pressed.
const PreorderCheckout = lazy(async () => {
  const [module] = await Promise.all([import('./preorder-checkout'), loadOtherScreenTexts()]);
  return { default: module.PreorderCheckout };
});

/** The earliest pre-order time: today's first, else (with `orders.preorder_days`) a later day's first, with its date. */
interface FirstTime {
  slot: PreorderSlot;
  date?: string;
}

type Offers = Record<OrderType, FirstTime | null>;

function firstTime(answer: PreorderSlots): FirstTime | null {
  const [today] = answer.slots;
  if (today) return { slot: today };
  // Without times today, the first day listed is a later one.
  const later = answer.days?.find((day) => day.slots.length > 0);
  return later?.slots[0] ? { slot: later.slots[0], date: later.date } : null;
}

async function loadOffers(storeId: number): Promise<Offers> {
  // A failed list (logged by the API helper) offers nothing for that order type.
  const [delivery = null, pickup = null] = await Promise.all(
    ORDER_TYPES.map((type) => getPreorderSlots(storeId, type).then(firstTime, () => null)),
  );
  return { delivery, pickup };
}

/** Both lists from the page (a closed shop's page carries them), or nothing. */
function offersFromPage(storeId: number): Offers | null {
  const [delivery, pickup] = ORDER_TYPES.map((type) => preorderSlotsFromPage(storeId, type));
  return delivery && pickup ? { delivery: firstTime(delivery), pickup: firstTime(pickup) } : null;
}

/**
 * "Jetzt vorbestellen" while the store is closed and pre-order times are left for the
 * chosen order type or the other one, today or (with `orders.preorder_days`) on a later
 * day: with an empty cart it leads to the menu (`onCartEmpty`), else to checkout with the
 * earliest pre-order time chosen, switching the order type if only the other one has
 * times. Nothing when there are no times.
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
  const type = offers[orderType] !== null ? orderType : ORDER_TYPES.find((other) => offers[other] !== null);
  const first = type === undefined ? null : offers[type];
  if (type === undefined || first === null) return null;

  const preorder = () => {
    if (cart.count === 0) {
      onCartEmpty();
      return;
    }
    if (type !== orderType) setOrderType(type);
    cart.setOrderTime(preorderTime(first.slot, first.date));
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
