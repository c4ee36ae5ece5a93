import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../components/form';
import { cashInputText, cashQuickChoices, checkCashGiven, noteLabel } from '../../../lib/cash-given';
import { formatPrice } from '../../../lib/format-price';
import { fromCents } from '../../../lib/money';
import type { OrderType } from '../../../lib/order-types';
import type { CashGivenInput } from './use-cash-given';

export interface CashGivenFieldProps {
  cash: CashGivenInput;
  /** The quoted total in cents; null while there is none (no quick choices, no change). */
  totalCents: number | null;
  orderType: OrderType;
}

/**
 * "Ich zahle mit …" for a cash order: the note the customer pays with, optional, so
 * the driver (or the counter) has the change ready. Quick choices offer the next round
 * notes above the total and the exact amount; once a valid amount is entered the change
 * is shown under the field. It does not change the price: the quote stays as it is.
 */
export function CashGivenField({ cash, totalCents, orderType }: CashGivenFieldProps) {
  const { t } = useTranslation();
  const fieldRef = useRef<HTMLDivElement>(null);
  // Each new refusal takes the focus to the field (not the ones before it was shown again).
  const { refusals } = cash;
  const shownRefusals = useRef(refusals);
  useEffect(() => {
    if (refusals === shownRefusals.current) return;
    shownRefusals.current = refusals;
    fieldRef.current?.querySelector('input')?.focus();
  }, [refusals]);

  const check = checkCashGiven(cash.text, totalCents);
  const given = check.ok ? check.cents : null;
  const change = given !== null && totalCents !== null ? given - totalCents : null;

  return (
    <div className="cash-given" ref={fieldRef} data-testid="cash-given">
      <TextField
        label={t('checkout.cash_given.label')}
        hint={t(`checkout.cash_given.hint_${orderType}`)}
        name="cash_given"
        inputMode="decimal"
        autoComplete="off"
        value={cash.text}
        onValueChange={cash.change}
        error={cash.error ?? undefined}
      />
      {totalCents !== null && (
        <div className="cash-given__choices" role="group" aria-label={t('checkout.cash_given.choices')}>
          {cashQuickChoices(totalCents).map((cents) => (
            <Choice key={cents} cents={cents} chosen={given === cents} label={noteLabel(cents)} onChoose={cash.change} />
          ))}
          <Choice cents={totalCents} chosen={given === totalCents} label={t('checkout.cash_given.exact')} onChoose={cash.change} />
        </div>
      )}
      <p className="cash-given__change" data-testid="cash-given-change" aria-live="polite">
        {change !== null && t('checkout.cash_given.change', { change: formatPrice(fromCents(change)) })}
      </p>
    </div>
  );
}

/** One tap fills the field with the amount. */
function Choice({
  cents,
  chosen,
  label,
  onChoose,
}: {
  cents: number;
  chosen: boolean;
  label: string;
  onChoose: (text: string) => void;
}) {
  return (
    <button type="button" className="cash-given__choice" aria-pressed={chosen} onClick={() => onChoose(cashInputText(cents))}>
      {label}
    </button>
  );
}
