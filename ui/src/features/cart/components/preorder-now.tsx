import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadOtherScreenTexts } from '../../../lib/i18n';
import { useOrderSettings } from '../../../lib/order-settings';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getPreorderSlots, ORDER_TYPES, preorderSlotsFromPage, type OrderType, type PreorderSlot, type PreorderSlots } from '../../../lib/store-api';
import { useCart } from './cart-provider';
import './preorder-now.css';

// The checkout gate (the cart's checks) is only needed once the button is pressed.
const PreorderCheckout = lazy(async () => {
  const [module] = await Promise.all([import('./preorder-checkout'), loadOtherScreenTexts()]);
  return { default: module.PreorderCheckout };
});

/** The earliest day with pre-order times: today's, else (with `orders.preorder_days`) a later day's, with its date. */
interface FirstDay {
  slots: PreorderSlot[];
  date?: string;
}

type Offers = Record<OrderType, FirstDay>;

function firstDay(answer: PreorderSlots): FirstDay {
  if (answer.slots.length > 0) return { slots: answer.slots };
  // Without times today, the first day listed is a later one.
  const later = answer.days?.find((day) => day.slots.length > 0);
  return later ? { slots: later.slots, date: later.date } : { slots: [] };
}

async function loadOffers(storeId: number): Promise<Offers> {
  // A failed list (logged by the API helper) offers nothing for that order type.
  const lists = await Promise.all(ORDER_TYPES.map((type) => getPreorderSlots(storeId, type).then(firstDay, () => ({ slots: [] }))));
  return { delivery: lists[0] ?? { slots: [] }, pickup: lists[1] ?? { slots: [] } };
}

/** Both lists from the page (a closed shop's page carries them), or nothing. */
function offersFromPage(storeId: number): Offers | null {
  const [delivery, pickup] = ORDER_TYPES.map((type) => preorderSlotsFromPage(storeId, type));
  return delivery && pickup ? { delivery: firstDay(delivery), pickup: firstDay(pickup) } : null;
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
  const type = offers[orderType].slots.length > 0 ? orderType : ORDER_TYPES.find((other) => offers[other].slots.length > 0);
  if (type === undefined) return null;

  const preorder = () => {
    if (cart.count === 0) {
      onCartEmpty();
      return;
    }
    const { slots, date } = offers[type];
    const [first] = slots;
    if (!first) return;
    if (type !== orderType) setOrderType(type);
    cart.setOrderTime(
      date === undefined
        ? { kind: 'preorder', time: first.time, startsAt: first.starts_at }
        : { kind: 'preorder', time: first.time, startsAt: first.starts_at, date },
    );
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
