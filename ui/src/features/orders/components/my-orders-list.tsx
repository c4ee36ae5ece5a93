import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../../components/status-message';
import { formatPrice } from '../../../lib/format-price';
import type { Order } from '../../../lib/order-types';
import { listMyOrders, MY_ORDERS_PAGE_SIZE } from '../../../lib/orders-api';
import { olderPageById, pageById } from '../../../lib/paged-list';
import { useStore } from '../../../lib/store-context';
import { useAsync } from '../../../lib/use-async';
import { useMorePages } from '../../../lib/use-more-pages';
import { dateTime } from '../lib/order-time';
import { statusText } from './order-status-card';
import { ReorderButton, type Reorder } from './reorder-button';

/**
 * The signed-in customer's orders, newest first, each linking to its status page;
 * with `reorder`, each can be ordered again in one tap. The newest page comes first,
 * older ones on request.
 */
export function MyOrdersList({ reorder }: { reorder?: Reorder }) {
  const { t } = useTranslation();
  const orders = useAsync(() => listMyOrders(), 'my-orders');

  if (orders.status === 'loading') return <LoadingMessage text={t('orders.my_orders.loading')} />;
  if (orders.status === 'error') return <ErrorMessage text={t('orders.my_orders.load_error')} onRetry={orders.reload} />;
  if (orders.data.length === 0) return <p data-testid="my-orders-empty">{t('orders.my_orders.empty')}</p>;
  return <OrderPages first={orders.data} reorder={reorder} />;
}

function OrderPages({ first, reorder }: { first: Order[]; reorder?: Reorder }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const store = useStore();
  const timezone = store.status === 'success' && store.data.timezone ? store.data.timezone : 'Europe/Berlin';
  const pages = useMorePages(pageById(first, MY_ORDERS_PAGE_SIZE), olderPageById(listMyOrders, MY_ORDERS_PAGE_SIZE));

  return (
    <>
      <ul className="my-orders" data-testid="my-orders">
        {pages.items.map((order) => {
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
      {pages.hasMore && (
        <div className="my-orders__more">
          {pages.failed ? (
            <ErrorMessage text={t('orders.my_orders.more_error')} onRetry={pages.loadMore} />
          ) : (
            <button type="button" className="button button--ghost" disabled={pages.loading} onClick={pages.loadMore}>
              {pages.loading ? t('orders.my_orders.loading_more') : t('orders.my_orders.more')}
            </button>
          )}
        </div>
      )}
    </>
  );
}
