import { formatPrice } from '../../lib/format-price';
import type { AllergenRef, OrderLine } from '../../lib/order-types';
import { formatDecimalInput } from '../lib/price';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** Allergen codes with their names, e.g. "A Gluten, G Milch". */
export function AllergenList({ allergens }: { allergens: readonly AllergenRef[] }) {
  const { t } = useAdminTranslation();
  if (allergens.length === 0) return null;
  return (
    <p className="admin-order-allergens">
      <span className="admin-order-allergens__label">{t('orders.detail.allergens')}:</span>{' '}
      {allergens.map((allergen, index) => (
        <span key={allergen.code} className="admin-order-allergens__item">
          <abbr title={allergen.name}>{allergen.code}</abbr> {allergen.name}
          {index < allergens.length - 1 ? ', ' : ''}
        </span>
      ))}
    </p>
  );
}

/** The ordered items with quantity, unit price, extras, allergens, tax rate and line total. */
export function OrderLines({ lines }: { lines: readonly OrderLine[] }) {
  const { t } = useAdminTranslation();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-order-lines">
        <thead>
          <tr>
            <th scope="col">{t('orders.detail.quantity')}</th>
            <th scope="col">{t('orders.detail.product')}</th>
            <th scope="col" className="admin-num">
              {t('orders.detail.unit_price')}
            </th>
            <th scope="col" className="admin-num">
              {t('orders.detail.tax')}
            </th>
            <th scope="col" className="admin-num">
              {t('orders.detail.line_total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => (
            <tr key={`${line.product_id}-${line.variant_id ?? 0}-${index}`}>
              <td data-label={t('orders.detail.quantity')} className="admin-num">
                {line.quantity} ×
              </td>
              <td data-label={t('orders.detail.product')}>
                <div className="admin-order-lines__item">
                  <strong>{line.name}</strong>
                  {line.deposit > 0 && (
                    <span className="admin-order-lines__deposit" data-testid="line-deposit">
                      {t('orders.detail.line_deposit', { amount: formatPrice(line.deposit) })}
                    </span>
                  )}
                  <AllergenList allergens={line.allergens} />
                  {line.extras.length > 0 && (
                    <ul className="admin-order-lines__extras">
                      {line.extras.map((extra) => (
                        <li key={extra.topping_id}>
                          + {extra.quantity} × {extra.name} ({formatPrice(extra.price)})
                          <AllergenList allergens={extra.allergens} />
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
              </td>
              <td data-label={t('orders.detail.unit_price')} className="admin-num">
                {formatPrice(line.unit_price)}
              </td>
              <td data-label={t('orders.detail.tax')} className="admin-num">
                {formatDecimalInput(line.tax_percentage)} %
              </td>
              <td data-label={t('orders.detail.line_total')} className="admin-num">
                {formatPrice(line.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
