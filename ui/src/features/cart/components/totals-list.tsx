import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format-price';
import { fromCents } from '../../../lib/money';

const euros = (cents: number) => formatPrice(fromCents(cents));

/** The figures of one order: the cart's estimate, or at checkout the server's quote. */
export interface TotalsFigures {
  subtotalCents: number;
  /** The discount percent; null shows no discount row. */
  discountPercent: number | null;
  discountCents: number;
  /** What a coupon takes off (checkout) and its code; a row only when above 0. */
  couponCents?: number;
  couponCode?: string | null;
  /** The delivery fee; null (pickup) shows no fee row. */
  deliveryFeeCents: number | null;
  /** The delivery time in minutes, when known. */
  deliveryMinutes: number | null;
  /** The deposits (Pfand) of all items; a row only when there are any. */
  depositCents: number;
  /** The tip for the team (checkout, online payment); a row only when above 0. */
  tipCents?: number;
  totalCents: number;
}

/** Subtotal, discount, coupon, delivery fee and time, deposit, tip, and the grand total. */
export function TotalsList({ figures }: { figures: TotalsFigures }) {
  const { i18n, t } = useTranslation();
  const { discountPercent, deliveryFeeCents, deliveryMinutes, depositCents } = figures;
  const percent = String(discountPercent ?? 0).replace('.', i18n.resolvedLanguage === 'en' ? '.' : ',');
  return (
    <dl className="cart-totals__list">
      <div className="cart-summary__row">
        <dt>{t('cart.subtotal')}</dt>
        <dd data-testid="cart-subtotal">{euros(figures.subtotalCents)}</dd>
      </div>
      {discountPercent !== null && (
        <div className="cart-summary__row cart-summary__row--discount">
          <dt>{t('cart.discount', { percent })}</dt>
          <dd data-testid="cart-discount">−{euros(figures.discountCents)}</dd>
        </div>
      )}
      {(figures.couponCents ?? 0) > 0 && (
        <div className="cart-summary__row cart-summary__row--discount">
          <dt>{t('cart.coupon', { code: figures.couponCode ?? '' })}</dt>
          <dd data-testid="cart-coupon">−{euros(figures.couponCents ?? 0)}</dd>
        </div>
      )}
      {deliveryFeeCents !== null && (
        <div className="cart-summary__row">
          <dt>{t('cart.delivery_fee')}</dt>
          <dd data-testid="cart-delivery-fee">{euros(deliveryFeeCents)}</dd>
        </div>
      )}
      {deliveryMinutes !== null && (
        <div className="cart-summary__row cart-summary__row--muted">
          <dt>{t('cart.delivery_time')}</dt>
          <dd data-testid="cart-delivery-time">{`${deliveryMinutes}m`}</dd>
        </div>
      )}
      {depositCents > 0 && (
        <div className="cart-summary__row">
          <dt>{t('cart.deposit')}</dt>
          <dd data-testid="cart-deposit">{euros(depositCents)}</dd>
        </div>
      )}
      {(figures.tipCents ?? 0) > 0 && (
        <div className="cart-summary__row">
          <dt>{t('cart.tip')}</dt>
          <dd data-testid="cart-tip">{euros(figures.tipCents ?? 0)}</dd>
        </div>
      )}
      <div className="cart-summary__row cart-summary__row--total">
        <dt>{t('cart.total')}</dt>
        <dd data-testid="cart-total">{euros(figures.totalCents)}</dd>
      </div>
    </dl>
  );
}
