import { useState } from 'react';
import type { AdminOrder } from '../../lib/order-types';
import { acceptAllPreorders } from '../api/orders-admin-api';
import { errorsFromApi } from '../lib/errors';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { FormMessage } from './fields';
import { OrderCard } from './order-card';

/**
 * The board's column of waiting pre-orders, apart from the orders wanted now (shown
 * only while there are some), the earliest time first,
 * with one button that accepts them all, each ready at its time. The accepted orders
 * move on through `onChanged` (and the board's live socket).
 */
export function PreordersColumn({
  orders,
  timezone,
  onChanged,
}: {
  orders: AdminOrder[];
  timezone: string;
  onChanged: (order: AdminOrder) => void;
}) {
  const { t } = useAdminTranslation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (orders.length === 0) return null;

  const acceptAll = async () => {
    setBusy(true);
    setError(undefined);
    try {
      for (const order of await acceptAllPreorders()) onChanged(order);
    } catch (failure) {
      setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="admin-board__column admin-board__column--preorders"
      aria-labelledby="admin-board-preorders"
      data-testid="board-preorders"
    >
      <h3 id="admin-board-preorders" className="admin-board__column-title">
        {t('orders.board.preorders')} <span className="admin-board__count">{orders.length}</span>
      </h3>
      <div className="admin-board__column-actions">
        <button
          type="button"
          className="button button--small"
          data-testid="accept-all-preorders"
          disabled={busy}
          onClick={() => void acceptAll()}
        >
          {busy ? t('orders.board.accepting_preorders') : t('orders.board.accept_all_preorders')}
        </button>
        <FormMessage error={error} />
      </div>
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} timezone={timezone} onChanged={onChanged} />
      ))}
    </section>
  );
}
