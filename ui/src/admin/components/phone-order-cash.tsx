import { cashInputText, cashQuickChoices, checkCashGiven, noteLabel } from '../../lib/cash-given';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { TextInput } from './fields';

/**
 * "Zahlt mit …": the note the caller pays with, optional, so the driver takes the
 * change along. The quick choices are the next round notes above the sum the dialog
 * knows (`sumCents`: subtotal, delivery fee and deposit; null while the delivery fee is
 * not known yet). A discount only lowers the total, so each of them covers it; whether a
 * typed amount does, the shop checks when the order is placed, as it alone knows the
 * discount.
 */
export function PhoneOrderCash({
  value,
  sumCents,
  error,
  onChange,
}: {
  value: string;
  sumCents: number | null;
  error?: string;
  onChange: (value: string) => void;
}) {
  const { t } = useAdminTranslation();
  const check = checkCashGiven(value, null);
  const given = check.ok ? check.cents : null;
  const choices = sumCents === null ? [] : cashQuickChoices(sumCents);
  return (
    <div className="admin-phone-order__cash">
      <TextInput
        id="phone-order-cash-given"
        label={t('phone_order.cash_given')}
        hint={t('phone_order.cash_given_hint')}
        inputMode="decimal"
        autoComplete="off"
        maxLength={10}
        value={value}
        error={error}
        onChange={onChange}
      />
      {choices.length > 0 && (
        <div className="admin-order-accept__quick" role="group" aria-label={t('phone_order.cash_given_choices')}>
          {choices.map((cents) => (
            <button
              key={cents}
              type="button"
              className={`button button--small${given === cents ? '' : ' button--ghost'}`}
              aria-pressed={given === cents}
              data-testid={`phone-cash-${cents / 100}`}
              onClick={() => onChange(cashInputText(cents))}
            >
              {noteLabel(cents)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
