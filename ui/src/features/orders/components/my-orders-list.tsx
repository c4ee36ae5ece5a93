import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../../components/status-message';
import { formatPrice } from '../../../lib/format-price';
import { listMyOrders } from '../../../lib/orders-api';
import { useStore } from '../../../lib/store-context';
import { useAsync } from '../../../lib/use-async';
import { dateTime } from '../lib/order-time';
import { statusText } from './order-status-card';
import { ReorderButton, type Reorder } from './reorder-button';

/**
 * The signed-in customer's orders, newest first, each linking to its status page;
 * with `reorder`, each can be ordered again in one tap.
 */
export function MyOrdersList({ reorder }: { reorder?: Reorder }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const store = useStore();
  const timezone = store.status === 'success' && store.data.timezone ? store.data.timezone : 'Europe/Berlin';
  const orders = useAsync(listMyOrders, 'my-orders');

  if (orders.status === 'loading') return <LoadingMessage text={t('orders.my_orders.loading')} />;
  if (orders.status === 'error') return <ErrorMessage text={t('orders.my_orders.load_error')} onRetry={orders.reload} />;
  if (orders.data.length === 0) return <p data-testid="my-orders-empty">{t('orders.my_orders.empty')}</p>;

  return (
    <ul className="my-orders" data-testid="my-orders">
      {orders.data.map((order) => {
        const date = dateTime(order.created_at, timezone, language);
        return (
          <li key={order.id} className="my-orders__item" data-testid="my-order">
            <Link to={`/orders/${encodeURIComponent(order.token)}`} className="my-orders__link">
              <span className="my-orders__number">{t('orders.my_orders.number', { number: order.number })}</span>
              <span className="my-orders__date">{date}</span>
              <span className={`my-orders__status order-status--${order.status}`}>{statusText(order, t)}</span>
              <span className="my-orders__total">{formatPrice(order.total)}</span>
            </Link>
            {reorder && <ReorderButton order={order} reorder={reorder} />}
          </li>
        );
      })}
    </ul>
  );
}
