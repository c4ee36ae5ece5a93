import { useTranslation } from 'react-i18next';
import { formatPrice } from '../lib/format-price';
import type { PriceLabels as Labels } from '../lib/menu-api';
import './price-labels.css';

interface Shown {
  unitPrice: number | null;
  unit: string | undefined;
  deposit: number | null;
}

function shown(labels: Labels): Shown {
  const unit = labels.net_content?.unit;
  return {
    unitPrice: typeof labels.unit_price === 'number' && unit !== undefined ? labels.unit_price : null,
    unit,
    deposit: typeof labels.deposit === 'number' && labels.deposit > 0 ? labels.deposit : null,
  };
}

/** Whether a price with these labels shows any (a unit price or a deposit). */
export function hasPriceLabels(labels: Labels): boolean {
  const { unitPrice, deposit } = shown(labels);
  return unitPrice !== null || deposit !== null;
}

/**
 * What German price labelling (PAngV) asks beside a price: the unit price "(3,00 €/l)"
 * and the deposit "zzgl. 0,25 € Pfand", each kept on one line; nothing when there is neither.
 */
export function PriceLabels({ labels, className }: { labels: Labels; className?: string }) {
  const { t } = useTranslation();
  const { unitPrice, unit, deposit } = shown(labels);
  if (unitPrice === null && deposit === null) return null;
  return (
    <span className={className ? `price-labels ${className}` : 'price-labels'} data-testid="price-labels">
      {unitPrice !== null && (
        <span className="price-labels__unit-price" data-testid="unit-price">
          {t('menu.unit_price', { price: formatPrice(unitPrice), unit })}
        </span>
      )}
      {unitPrice !== null && deposit !== null && ' '}
      {deposit !== null && (
        <span className="price-labels__deposit" data-testid="deposit">
          {t('menu.deposit', { amount: formatPrice(deposit) })}
        </span>
      )}
    </span>
  );
}
