import { useState, type FormEvent } from 'react';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { SelectInput, TextInput } from './fields';

/** Common reasons offered in the dropdown; the text stays editable. */
export const REJECT_REASONS = ['busy', 'sold_out', 'area', 'closing', 'technical'] as const;
export const REASON_MAX = 300;

/** Reject with a reason the customer sees: pick a common one or write one (1–300 characters). */
export function RejectOrderForm({
  orderId,
  busy,
  onReject,
}: {
  orderId: number;
  busy: boolean;
  onReject: (reason: string) => void;
}) {
  const { t } = useAdminTranslation();
  const [preset, setPreset] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length === 0 || text.length > REASON_MAX) {
      setError(t('orders.actions.reason_required'));
      return;
    }
    setError(undefined);
    onReject(text);
  };

  return (
    <form className="admin-order-reject" noValidate onSubmit={submit}>
      <SelectInput
        id={`reject-preset-${orderId}`}
        label={t('orders.actions.reason_preset')}
        value={preset}
        placeholder={t('orders.actions.reason_choose')}
        options={REJECT_REASONS.map((key) => ({ value: key, label: t(`orders.reasons.${key}`) }))}
        onChange={(value) => {
          setPreset(value);
          if (value !== '') {
            setReason(t(`orders.reasons.${value}`));
            setError(undefined);
          }
        }}
      />
      <TextInput
        id={`reject-reason-${orderId}`}
        label={t('orders.actions.reason')}
        required
        maxLength={REASON_MAX}
        value={reason}
        error={error}
        onChange={(value) => {
          setReason(value);
          setError(undefined);
        }}
      />
      <button type="submit" className="button button--small button--danger" data-testid="reject-order" disabled={busy}>
        {t('orders.actions.reject')}
      </button>
    </form>
  );
}
