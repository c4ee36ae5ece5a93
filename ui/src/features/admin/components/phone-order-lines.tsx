import { formatPrice } from '../../../lib/format-price';
import { localized } from '../../../lib/localized';
import { fromCents } from '../../../lib/money';
import { lineCents, MAX_LINE_QUANTITY, type PhoneLine } from '../lib/phone-order';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** What the caller ordered so far: name with size and extras, quantity, price. */
export function PhoneOrderLines({
  lines,
  onQuantity,
  onRemove,
}: {
  lines: readonly PhoneLine[];
  onQuantity: (key: string, quantity: number) => void;
  onRemove: (key: string) => void;
}) {
  const { t, i18n } = useAdminTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  if (lines.length === 0) return <p className="admin-list__empty">{t('phone_order.no_lines')}</p>;
  return (
    <ul className="admin-phone-lines" data-testid="phone-lines">
      {lines.map((line) => {
        const { product, selection } = line;
        const variant = product.variants.find((v) => v.id === selection.variantId);
        const name = localized(product.name, product.name_en, language);
        const title = variant ? `${name} (${localized(variant.name, variant.name_en, language)})` : name;
        const extras = selection.extras
          .map((picked) => {
            const topping = product.enriched_topping_groups
              .find((group) => group.id === picked.groupId)
              ?.toppings.find((item) => item.id === picked.toppingId);
            if (!topping) return null;
            const toppingName = localized(topping.name, topping.name_en, language);
            return picked.quantity > 1 ? `${toppingName} ×${picked.quantity}` : toppingName;
          })
          .filter((text): text is string => text !== null);
        return (
          <li key={line.key} className="admin-phone-lines__line">
            <span className="admin-phone-lines__name">
              <strong>{title}</strong>
              {extras.length > 0 && <span className="admin-phone-lines__extras">+ {extras.join(', ')}</span>}
            </span>
            <span className="admin-phone-stepper">
              <button
                type="button"
                className="button button--small button--ghost"
                aria-label={t('phone_order.less', { name: title })}
                disabled={line.quantity <= 1}
                onClick={() => onQuantity(line.key, line.quantity - 1)}
              >
                −
              </button>
              <span className="admin-phone-stepper__value" aria-label={t('phone_order.quantity_of', { name: title })}>
                {line.quantity}
              </span>
              <button
                type="button"
                className="button button--small button--ghost"
                aria-label={t('phone_order.more', { name: title })}
                disabled={line.quantity >= MAX_LINE_QUANTITY}
                onClick={() => onQuantity(line.key, line.quantity + 1)}
              >
                +
              </button>
            </span>
            <span className="admin-num">{formatPrice(fromCents(lineCents(line)))}</span>
            <button
              type="button"
              className="button button--small button--ghost"
              aria-label={t('phone_order.remove', { name: title })}
              onClick={() => onRemove(line.key)}
            >
              ×
            </button>
          </li>
        );
      })}
    </ul>
  );
}
