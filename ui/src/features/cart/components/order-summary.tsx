import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format-price';
import { fromCents } from '../../../lib/money';
import { useOrderSettings } from '../../../lib/order-settings';
import { useCartTotals, type CartTotals } from './use-cart-totals';

const euros = (cents: number) => formatPrice(fromCents(cents));

/**
 * Subtotal, discount, delivery fee and time, grand total and what the minimum
 * order still lacks. A caller that needs the totals itself passes them in, so
 * the discounts are fetched once.
 */
export function OrderSummary({ open, totals: given }: { open: boolean; totals?: CartTotals }) {
  const { i18n, t } = useTranslation();
  const { orderType, postcode } = useOrderSettings();
  const own = useCartTotals(open && given === undefined);
  const totals = given ?? own;
  const { discountPercent } = totals;
  const delivery = orderType === 'delivery';

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
