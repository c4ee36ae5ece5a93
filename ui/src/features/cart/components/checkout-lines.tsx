import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format-price';
import { localized } from '../../../lib/localized';
import { fromCents } from '../../../lib/money';
import { displayNameFor } from '../../../lib/cart-lines';
import { useCart } from './cart-provider';

/**
 * The cart lines for review at checkout: quantity, name, extras and the line total
 * the server quoted (`lineTotalsCents`, in cart order; null shows no prices); no editing.
 */
export function CheckoutLines({ lineTotalsCents }: { lineTotalsCents: readonly number[] | null }) {
  const { i18n } = useTranslation();
  const { items } = useCart();
  const language = i18n.resolvedLanguage ?? 'de';
  return (
    <ul className="checkout-lines">
      {items.map((item, index) => {
        const totalCents = lineTotalsCents?.[index];
        return (
          <li key={item.uniqueKey} className="checkout-line">
            <span className="checkout-line__quantity">{item.quantity}×</span>
            <span className="checkout-line__main">
              <span className="checkout-line__name">{displayNameFor(item, language)}</span>
              {item.extras.length > 0 && (
                <span className="checkout-line__extras">
                  {item.extras
                    .map(
                      (extra) =>
                        `+ ${extra.quantity > 1 ? `${extra.quantity}× ` : ''}${localized(extra.name, extra.name_en, language)}`,
                    )
                    .join(', ')}
                </span>
              )}
            </span>
            {totalCents !== undefined && (
              <span className="checkout-line__price" data-testid="checkout-line-total">
                {formatPrice(fromCents(totalCents))}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
