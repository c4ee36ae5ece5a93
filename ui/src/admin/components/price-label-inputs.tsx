import { formatPrice } from '../../lib/format-price';
import { fromCents } from '../../lib/money';
import { CONTENT_UNITS, unitPriceOf, type LabelDraft } from '../lib/product-form';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { SelectInput, TextInput } from './fields';

/**
 * The deposit (Pfand) and the net content with its unit of a product or of one variant
 * (`variant`, counted from 1); under the content, the unit price the shop will show for
 * `price` as typed.
 */
export function PriceLabelInputs({
  id,
  variant,
  price,
  labels,
  depositError,
  contentError,
  onChange,
}: {
  id: string;
  variant?: number;
  price: string;
  labels: LabelDraft;
  depositError?: string;
  contentError?: string;
  onChange: (change: Partial<LabelDraft>) => void;
}) {
  const { t } = useAdminTranslation();
  const label = (key: 'deposit' | 'net_content' | 'content_unit') =>
    variant === undefined ? t(`fields.${key}`) : t(`variants.${key}`, { n: variant });
  const unitPrice = unitPriceOf(price, labels);
  return (
    <>
      <TextInput
        id={`${id}-deposit`}
        label={label('deposit')}
        inputMode="decimal"
        hint={variant === undefined ? t('hints.deposit') : undefined}
        value={labels.deposit}
        error={depositError}
        onChange={(deposit) => onChange({ deposit })}
      />
      <TextInput
        id={`${id}-net_content`}
        label={label('net_content')}
        inputMode="decimal"
        hint={
          unitPrice
            ? t('hints.unit_price', { price: formatPrice(fromCents(unitPrice.cents)), unit: unitPrice.unit })
            : variant === undefined
              ? t('hints.net_content')
              : undefined
        }
        value={labels.content}
        error={contentError}
        onChange={(content) => onChange({ content })}
      />
      <SelectInput
        id={`${id}-content_unit`}
        label={label('content_unit')}
        value={labels.unit}
        options={CONTENT_UNITS.map((unit) => ({ value: unit, label: t(`content_units.${unit}`) }))}
        onChange={(unit) => onChange({ unit: unit === 'kg' ? 'kg' : 'l' })}
      />
    </>
  );
}
