import { useTranslation } from 'react-i18next';
import { formatPrice } from '../lib/format-price';
import { fromCents } from '../lib/money';

/**
 * A line's deposit under its name: "zzgl. 0,25 € Pfand" for one item,
 * "zzgl. 4 × 0,25 € Pfand" for more; nothing without a deposit.
 */
export function LineDeposit({
  depositCents,
  quantity,
  className,
}: {
  /** Per item. */
  depositCents: number;
  quantity: number;
  className: string;
}) {
  const { t } = useTranslation();
  if (!(depositCents > 0)) return null;
  return (
    <span className={className} data-testid="line-deposit">
      {t('cart.line_deposit', { count: quantity, amount: formatPrice(fromCents(depositCents)) })}
    </span>
  );
}
