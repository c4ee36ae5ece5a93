import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format-price';
import { fromCents } from '../../../lib/money';
import { useCart } from './cart-provider';
import { useCartView } from './cart-view';
import { useCartTotals } from './use-cart-totals';

/** While the bar is shown the page keeps room for it at its end (basket.css), so it covers nothing. */
const BAR_SHOWN_CLASS = 'basket-bar-shown';

/** The basket bar itself: item count, "Warenkorb ansehen" and the total the cart shows. */
export function BasketBarButton() {
  const { t } = useTranslation();
  const cart = useCart();
  const { openCart } = useCartView();
  const totals = useCartTotals(true);
  const text = t('cart.bar_text', { total: formatPrice(fromCents(totals.totalCents)) });

  useLayoutEffect(() => {
    document.body.classList.add(BAR_SHOWN_CLASS);
    return () => document.body.classList.remove(BAR_SHOWN_CLASS);
  }, []);

  return (
    <div className="basket-bar">
      <button
        type="button"
        className="basket-bar__button"
        onClick={openCart}
        aria-haspopup="dialog"
        aria-label={t('cart.bar_label', { text, count: cart.count })}
      >
        <span className="basket-bar__count" aria-hidden="true">
          {cart.count}
        </span>
        <span className="basket-bar__text" data-testid="basket-bar-text">
          {text}
        </span>
      </button>
    </div>
  );
}
