import { useState, type FormEvent } from 'react';
import { formatPrice } from '../../lib/format-price';
import { paidInCash } from '../../lib/paid-in-cash';
import { cancelOrder } from '../api/orders-admin-api';
import { correctable, type CorrectionProps } from '../lib/corrections';
import { errorsFromApi } from '../lib/errors';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { FormMessage, TextInput } from './fields';
import { REASON_MAX } from './reject-order-form';

/**
 * Cancels an accepted or completed order (while its business day is open) with a reason
 * the customer sees: first a button, then the reason and what happens to the money (a
 * PayPal payment is refunded in full, a completed cash order's cash goes back from the
 * till, any other cash order owes nothing). A refund PayPal refuses leaves the order as
 * it was; the error is shown here.
 */
export function CancelOrder({ order, dayClosed, onChanged }: CorrectionProps) {
  const { t } = useAdminTranslation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  if (!correctable(order, dayClosed)) return null;

  if (!open) {
    return (
      <div className="admin-order-cancel">
        <button
          type="button"
          className="button button--small button--ghost"
          data-testid="cancel-order-open"
          onClick={() => setOpen(true)}
        >
          {t('orders.cancel.open')}
        </button>
      </div>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const text = reason.trim();
    if (text.length === 0 || text.length > REASON_MAX) {
      setError(t('orders.actions.reason_required'));
      return;
    }
    setError(undefined);
    setFailure(undefined);
    setBusy(true);
    try {
      onChanged(await cancelOrder(order.id, text));
    } catch (refused) {
      setFailure(errorsFromApi(refused, [], t).general ?? t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  const total = formatPrice(order.total);
  const money =
    order.payment_method === 'online'
      ? t('orders.cancel.refund_online', { total })
      : paidInCash(order)
        ? t('orders.cancel.refund_cash', { total })
        : t('orders.cancel.cash');
  return (
    <form className="admin-order-cancel" noValidate onSubmit={(event) => void submit(event)} data-testid="cancel-order-form">
      <p className="admin-order-cancel__question">{t('orders.cancel.question', { number: order.number })}</p>
      <p className="admin-order-cancel__money">{money}</p>
      <TextInput
        id={`cancel-reason-${order.id}`}
        label={t('orders.cancel.reason')}
        required
        maxLength={REASON_MAX}
        value={reason}
        error={error}
        onChange={(value) => {
          setReason(value);
          setError(undefined);
        }}
      />
      <div className="admin-order-cancel__buttons">
        <button type="submit" className="button button--small button--danger" data-testid="cancel-order" disabled={busy} aria-busy={busy || undefined}>
          {t('orders.cancel.confirm')}
        </button>
        <button type="button" className="button button--small button--ghost" disabled={busy} onClick={() => setOpen(false)}>
          {t('orders.cancel.keep')}
        </button>
      </div>
      <FormMessage error={failure} />
    </form>
  );
}
