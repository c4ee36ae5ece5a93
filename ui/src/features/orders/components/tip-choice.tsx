import type { TFunction } from 'i18next';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form';
import { formatPrice } from '../../../lib/format-price';
import { fromCents } from '../../../lib/money';
import { checkTipText, MAX_TIP_CENTS, percentTipCents, TIP_PERCENTS, type TipChoice } from '../lib/tip';

export interface TipChoiceFieldProps {
  choice: TipChoice;
  onChange: (choice: TipChoice) => void;
  /** The goods the shares are taken of, in cents (the quote's subtotal less discount); null while unknown. */
  goods: number | null;
}

/** Why the typed tip cannot be sent, in the customer's words; null when it can. */
export function tipProblemText(choice: TipChoice, t: TFunction): string | null {
  if (choice.kind !== 'custom') return null;
  const check = checkTipText(choice.text);
  if (check.ok) return null;
  return check.error === 'format'
    ? t('checkout.tip.format')
    : t('checkout.tip.too_high', { max: formatPrice(fromCents(MAX_TIP_CENTS)) });
}

type Option = 'none' | `${number}` | 'custom';

const optionOf = (choice: TipChoice): Option => (choice.kind === 'percent' ? `${choice.percent}` : choice.kind);

/**
 * "Trinkgeld für das Team", offered with online payment: none (the default), 5, 10 or
 * 15 % of the goods, or another amount up to 100 €. What is charged is the server's
 * quote for the chosen tip; the amounts beside the shares only help to choose.
 */
export function TipChoiceField({ choice, onChange, goods }: TipChoiceFieldProps) {
  const { t } = useTranslation();
  const name = useId();
  const chosen = optionOf(choice);
  const problem = tipProblemText(choice, t);
  const options: { value: Option; label: string; pick: () => TipChoice }[] = [
    { value: 'none', label: t('checkout.tip.none'), pick: () => ({ kind: 'none' }) },
    ...TIP_PERCENTS.map((percent) => ({
      value: `${percent}` as Option,
      label:
        goods === null
          ? t('checkout.tip.percent', { percent })
          : t('checkout.tip.percent_amount', { percent, amount: formatPrice(fromCents(percentTipCents(goods, percent))) }),
      pick: (): TipChoice => ({ kind: 'percent', percent }),
    })),
    {
      value: 'custom',
      label: t('checkout.tip.custom'),
      pick: () => ({ kind: 'custom', text: choice.kind === 'custom' ? choice.text : '' }),
    },
  ];
  return (
    <fieldset className="tip-choice" data-testid="tip-choice">
      <legend className="tip-choice__legend">{t('checkout.tip.label')}</legend>
      <p className="tip-choice__hint">{t('checkout.tip.hint')}</p>
      <div className="tip-choice__options">
        {options.map((option) => (
          <label
            key={option.value}
            className={`tip-choice__option${chosen === option.value ? ' tip-choice__option--selected' : ''}`}
          >
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={chosen === option.value}
              onChange={() => onChange(option.pick())}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {choice.kind === 'custom' && (
        <TextField
          label={t('checkout.tip.amount')}
          hint={t('checkout.tip.amount_hint', { max: formatPrice(fromCents(MAX_TIP_CENTS)) })}
          name="tip"
          inputMode="decimal"
          autoComplete="off"
          value={choice.text}
          onValueChange={(text) => onChange({ kind: 'custom', text })}
          error={problem ?? undefined}
        />
      )}
    </fieldset>
  );
}
