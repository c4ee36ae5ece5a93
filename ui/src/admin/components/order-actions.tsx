import { useState } from 'react';
import type { AdminOrder } from '../../lib/order-types';
import { acceptOrder, rejectOrder, setOrderStatus } from '../api/orders-admin-api';
import { errorsFromApi } from '../lib/errors';
import { formatPreorder, nextStatuses } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { AcceptOrderForm } from './accept-order-form';
import { FormMessage } from './fields';
import { RejectOrderForm } from './reject-order-form';

/**
 * What the restaurant can do with an order now: accept or reject a waiting one,
 * move an accepted one on. The server's answer replaces the order via `onChanged`;
 * its refusal (`detail`) is shown here.
 */
export function OrderActions({
  order,
  timezone,
  onChanged,
}: {
  order: AdminOrder;
  timezone: string;
  onChanged: (order: AdminOrder) => void;
}) {
  const { t } = useAdminTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const run = async (call: () => Promise<AdminOrder>) => {
    setBusy(true);
    setError(undefined);
    try {
      onChanged(await call());
    } catch (failure) {
      setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
    }
  };

  if (order.status === 'waiting_for_confirmation') {
    const slotLabel = formatPreorder(order, timezone);
    return (
      <div className="admin-order-actions">
        <AcceptOrderForm
          orderId={order.id}
          number={order.number}
          busy={busy}
          slot={order.preorder_at === null || slotLabel === null ? null : { at: order.preorder_at, label: slotLabel }}
          onAccept={(minutes) => void run(() => acceptOrder(order.id, minutes))}
        />
        <RejectOrderForm orderId={order.id} busy={busy} onReject={(reason) => void run(() => rejectOrder(order.id, reason))} />
        <FormMessage error={error} />
      </div>
    );
  }

  const next = nextStatuses(order);
  if (next.length === 0) return null;
  return (
    <div className="admin-order-actions">
      <div className="admin-order-actions__next" role="group" aria-label={t('orders.actions.next_label', { number: order.number })}>
        {next.map((status, index) => (
          <button
            key={status}
            type="button"
            className={index === 0 ? 'button button--small' : 'button button--small button--ghost'}
            data-testid={`status-${status}`}
            disabled={busy}
            onClick={() => void run(() => setOrderStatus(order.id, status))}
          >
            {t(`orders.next.${status}`)}
          </button>
        ))}
      </div>
      <FormMessage error={error} />
    </div>
  );
}
