import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format-price';
import { fromCents, toCents } from '../../../lib/money';
import { useOrderSettings } from '../../../lib/order-settings';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getDiscounts, type Discount } from '../../../lib/store-api';
import { useStore } from '../../../lib/store-context';
import { todayIn } from '../../../lib/store-time';
import { discountPercentFor, orderTotals, totalsLines } from '../lib/totals';
import { useCart } from './cart-provider';

const euros = (cents: number) => formatPrice(fromCents(cents));

/** Subtotal, discount, delivery fee and time, grand total and what the minimum order still lacks. */
export function OrderSummary({ open }: { open: boolean }) {
  const { t, i18n } = useTranslation();
  const cart = useCart();
  const store = useStore();
  const { orderType, postcode } = useOrderSettings();
  const [discounts, setDiscounts] = useState<Discount[]>([]);

  useEffect(() => {
    if (!open) return;
    let active = true;
    // Logged by the API helper; without the list there is no discount.
    getDiscounts(getRuntimeConfig().storeId).then(
      (list) => {
        if (active) setDiscounts(Array.isArray(list) ? list : []);
      },
      () => {},
    );
    return () => {
      active = false;
    };
  }, [open]);

  const timezone = store.status === 'success' ? store.data.timezone : 'Europe/Berlin';
  const discountPercent = discountPercentFor(discounts, orderType, todayIn(timezone));
  const delivery = orderType === 'delivery';
  const totals = orderTotals({
    lines: totalsLines(cart.items),
    orderType,
    discountPercent,
    deliveryFeeCents: toCents(postcode?.delivery_fee ?? 0),
    minimumOrderCents: toCents(postcode?.minimum_order_amount ?? 0),
  });

  const percent = String(discountPercent ?? 0).replace('.', i18n.resolvedLanguage === 'en' ? '.' : ',');

  return (
    <div className="cart-totals">
      <dl className="cart-totals__list">
        <div className="cart-summary__row">
          <dt>{t('cart.subtotal')}</dt>
          <dd data-testid="cart-subtotal">{euros(totals.subtotalCents)}</dd>
        </div>
        {discountPercent !== null && (
          <div className="cart-summary__row cart-summary__row--discount">
            <dt>{t('cart.discount', { percent })}</dt>
            <dd data-testid="cart-discount">−{euros(totals.discountCents)}</dd>
          </div>
        )}
        {delivery && (
          <div className="cart-summary__row">
            <dt>{t('cart.delivery_fee')}</dt>
            <dd data-testid="cart-delivery-fee">{euros(totals.deliveryFeeCents)}</dd>
          </div>
        )}
        {delivery && postcode !== null && (
          <div className="cart-summary__row cart-summary__row--muted">
            <dt>{t('cart.delivery_time')}</dt>
            <dd data-testid="cart-delivery-time">{`${postcode.delivery_time}m`}</dd>
          </div>
        )}
        <div className="cart-summary__row cart-summary__row--total">
          <dt>{t('cart.total')}</dt>
          <dd data-testid="cart-total">{euros(totals.totalCents)}</dd>
        </div>
      </dl>
      {delivery && postcode === null && <p className="cart-summary__hint">{t('cart.choose_postcode')}</p>}
      {totals.minimumMissingCents > 0 && (
        <p className="cart-summary__minimum" data-testid="cart-minimum-missing" role="status">
          {t('cart.minimum_missing', { amount: euros(totals.minimumMissingCents) })}
        </p>
      )}
    </div>
  );
}
