import { formatPrice } from '../../lib/format-price';
import { localized } from '../../lib/localized';
import { fromCents } from '../../lib/money';
import { displayNameFor, lineTotalCents, MAX_LINE_QUANTITY, type CartItem } from '../../lib/cart-lines';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** What the caller ordered so far: name with size and extras, quantity, price. */
export function PhoneOrderLines({
  items,
  onQuantity,
  onRemove,
}: {
  items: readonly CartItem[];
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  if (items.length === 0) return <p className="admin-list__empty">{t('phone_order.no_lines')}</p>;
  return (
    <ul className="admin-phone-lines" data-testid="phone-lines">
      {items.map((item) => {
        const title = displayNameFor(item, language);
        const extras = item.extras.map((extra) => {
          const name = localized(extra.name, extra.name_en, language);
          return extra.quantity > 1 ? `${name} ×${extra.quantity}` : name;
        });
        return (
          <li key={item.uniqueKey} className="admin-phone-lines__line">
            <span className="admin-phone-lines__name">
              <strong>{title}</strong>
              {extras.length > 0 && <span className="admin-phone-lines__extras">+ {extras.join(', ')}</span>}
            </span>
            <span className="admin-phone-stepper">
              <button
                type="button"
                className="button button--small button--ghost"
                aria-label={t('phone_order.less', { name: title })}
                disabled={item.quantity <= 1}
                onClick={() => onQuantity(item.uniqueKey, item.quantity - 1)}
              >
                −
              </button>
              <span className="admin-phone-stepper__value" aria-label={t('phone_order.quantity_of', { name: title })}>
                {item.quantity}
              </span>
              <button
                type="button"
                className="button button--small button--ghost"
                aria-label={t('phone_order.more', { name: title })}
                disabled={item.quantity >= MAX_LINE_QUANTITY}
                onClick={() => onQuantity(item.uniqueKey, item.quantity + 1)}
              >
                +
              </button>
            </span>
            <span className="admin-num">{formatPrice(fromCents(lineTotalCents(item)))}</span>
            <button
              type="button"
              className="button button--small button--ghost"
              aria-label={t('phone_order.remove', { name: title })}
              onClick={() => onRemove(item.uniqueKey)}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
