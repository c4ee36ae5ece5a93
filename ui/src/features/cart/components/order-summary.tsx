import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format-price';
import { fromCents } from '../../../lib/money';
import { useOrderSettings } from '../../../lib/order-settings';
import { TotalsList } from './totals-list';
import { useCartTotals } from './use-cart-totals';

/**
 * The cart's estimate before checkout: subtotal, discount, the chosen postcode's
 * fee and time, grand total and what the minimum order still lacks. Checkout
 * shows the server's quote instead.
 */
export function OrderSummary({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const { orderType, postcode } = useOrderSettings();
  const totals = useCartTotals(open);
  const delivery = orderType === 'delivery';

  return (
    <div className="cart-totals">
      <TotalsList
        figures={{
          subtotalCents: totals.subtotalCents,
          discountPercent: totals.discountPercent,
          discountCents: totals.discountCents,
          deliveryFeeCents: delivery ? totals.deliveryFeeCents : null,
          deliveryMinutes: delivery && postcode !== null ? postcode.delivery_time : null,
          depositCents: totals.depositCents,
          totalCents: totals.totalCents,
        }}
      />
      {delivery && postcode === null && <p className="cart-summary__hint">{t('cart.choose_postcode')}</p>}
      {totals.minimumMissingCents > 0 && (
        <p className="cart-summary__minimum" data-testid="cart-minimum-missing" role="status">
          {t('cart.minimum_missing', { amount: formatPrice(fromCents(totals.minimumMissingCents)) })}
        </p>
      )}
    </div>
  );
}
