import { useTranslation } from 'react-i18next';
import { LoadingMessage } from '../../components/status-message';
import { TotalsList, type QuotedLine, type TotalsFigures } from '../../features/cart/checkout';
import { orderErrorMessage, shownQuote, type CheckoutQuote } from '../../features/orders';
import { toCents } from '../../lib/money';
import type { OrderQuote } from '../../lib/order-types';
import { useOrderSettings } from '../../lib/order-settings';
import { servedPostcodeFor } from '../../lib/served-postcodes';

function figuresOf(quote: OrderQuote, deliveryMinutes: number | null): TotalsFigures {
  const delivery = quote.order_type === 'delivery';
  return {
    subtotalCents: toCents(quote.subtotal),
    discountPercent: quote.discount_percentage > 0 ? quote.discount_percentage : null,
    discountCents: toCents(quote.discount),
    couponCents: toCents(quote.coupon ?? 0),
    couponCode: quote.coupon_code ?? null,
    deliveryFeeCents: delivery ? toCents(quote.delivery_fee) : null,
    deliveryMinutes: delivery ? deliveryMinutes : null,
    depositCents: toCents(quote.deposit),
    tipCents: toCents(quote.tip ?? 0),
    totalCents: toCents(quote.total),
  };
}

/**
 * The quoted line totals and deposits in cart order, or null unless the quote's lines
 * are the cart's (same products and quantities in the same order).
 */
export function quotedLines(
  quote: OrderQuote | null,
  items: readonly { id: number; quantity: number }[],
): QuotedLine[] | null {
  if (quote === null || quote.lines.length !== items.length) return null;
  const same = quote.lines.every(
    (line, index) => line.product_id === items[index]?.id && line.quantity === items[index]?.quantity,
  );
  return same
    ? quote.lines.map((line) => ({ totalCents: toCents(line.total), depositCents: toCents(line.deposit) }))
    : null;
}

/**
 * The checkout's totals: only the server's quote for the order as it would be
 * submitted. While it loads, the figures shown before stay dimmed; a refusal
 * (e.g. below the minimum) takes their place.
 */
export function CheckoutTotals({ quote }: { quote: CheckoutQuote }) {
  const { t } = useTranslation();
  const { postcode } = useOrderSettings();
  const { state, refresh } = quote;
  const shown = shownQuote(state);
  // The delivery time is the chosen zone's; shown only when that zone is the address's.
  const zone = shown?.postcode != null && postcode !== null ? servedPostcodeFor(shown.postcode, [postcode]) : undefined;
  const loading = state.status === 'loading';

  return (
    <div className="cart-totals checkout-quote" data-testid="checkout-quote" data-state={state.status} aria-busy={loading}>
      {shown !== null && (
        <div className={loading ? 'checkout-quote__figures checkout-quote__figures--updating' : 'checkout-quote__figures'}>
          <TotalsList figures={figuresOf(shown, zone?.delivery_time ?? null)} />
        </div>
      )}
      {state.status === 'idle' && <p className="cart-summary__hint">{t('checkout.quote_idle')}</p>}
      {loading && <LoadingMessage text={shown === null ? t('checkout.quote_loading') : t('checkout.quote_updating')} />}
      {state.status === 'refused' && (
        <p className="status status--error checkout-quote__refusal" role="status" data-testid="quote-refusal">
          {orderErrorMessage(state.error, t)}
        </p>
      )}
      {state.status === 'failed' && (
        <div className="status status--error checkout-quote__refusal" role="status" data-testid="quote-refusal">
          <p>{t('checkout.quote_failed')}</p>
          <button type="button" className="button" onClick={refresh}>
            {t('common.retry')}
          </button>
        </div>
      )}
    </div>
  );
}
