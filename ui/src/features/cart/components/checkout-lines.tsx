import { useTranslation } from 'react-i18next';
import { LineDeposit } from '../../../components/line-deposit';
import { formatPrice } from '../../../lib/format-price';
import { localized } from '../../../lib/localized';
import { fromCents } from '../../../lib/money';
import { displayNameFor } from '../../../lib/cart-lines';
import { useCart } from './cart-provider';

/** A line as the server quoted it: its total (without the deposit) and its deposit per item. */
export interface QuotedLine {
  totalCents: number;
  depositCents: number;
}

/**
 * The cart lines for review at checkout: quantity, name, extras, and the line total and
 * deposit the server quoted (`quotedLines`, in cart order; null shows no prices); no editing.
 */
export function CheckoutLines({ quotedLines }: { quotedLines: readonly QuotedLine[] | null }) {
  const { i18n } = useTranslation();
  const { items } = useCart();
  const language = i18n.resolvedLanguage ?? 'de';
  return (
    <ul className="checkout-lines">
      {items.map((item, index) => {
        const quoted = quotedLines?.[index];
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
              {quoted && (
                <LineDeposit className="checkout-line__deposit" depositCents={quoted.depositCents} quantity={item.quantity} />
              )}
            </span>
            {quoted && (
              <span className="checkout-line__price" data-testid="checkout-line-total">
                {formatPrice(fromCents(quoted.totalCents))}
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
