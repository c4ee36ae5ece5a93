import { Link } from 'react-router-dom';
import { formatPrice } from '../../lib/format-price';
import type { FoundOrder } from '../api/customers-api';
import { formatDay, formatTime, paymentKey } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { OrderStatusBadge } from './order-status-badge';

/**
 * Orders of several days (a search, a customer's orders), newest first: number and
 * day, time, customer, status, type, payment and total; a rejected order greyed like
 * in the day's history, an erased customer named "anonymised" in the admin's language.
 */
export function FoundOrdersTable({
  orders,
  timezone,
  showCustomer = true,
}: {
  orders: readonly FoundOrder[];
  timezone: string;
  showCustomer?: boolean;
}) {
  const { t } = useAdminTranslation();
  return (
    <div className="admin-table-wrap">
      <table className="admin-table admin-history__table" data-testid="found-orders">
        <thead>
          <tr>
            <th scope="col">{t('orders.history.number')}</th>
            <th scope="col">{t('orders.search.day')}</th>
            <th scope="col">{t('orders.history.time')}</th>
            {showCustomer && <th scope="col">{t('orders.search.customer')}</th>}
            <th scope="col">{t('orders.history.status')}</th>
            <th scope="col">{t('orders.history.type')}</th>
            <th scope="col">{t('orders.history.payment')}</th>
            <th scope="col" className="admin-num">
              {t('orders.history.total')}
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order.id} className={order.status === 'rejected' || order.status === 'cancelled' ? 'admin-history__rejected' : undefined}>
              <td data-label={t('orders.history.number')}>
                <Link to={`/admin/orders/${order.id}`} aria-label={t('orders.details_named', { number: order.number })}>
                  {t('orders.number', { number: order.number })}
                </Link>
              </td>
              <td data-label={t('orders.search.day')}>{formatDay(order.business_date)}</td>
              <td data-label={t('orders.history.time')}>
                <time dateTime={order.created_at}>{formatTime(order.created_at, timezone)}</time>
              </td>
              {showCustomer && (
                <td data-label={t('orders.search.customer')}>
                  {order.anonymised ? t('privacy.anonymised') : order.customer_name}
                </td>
              )}
              <td data-label={t('orders.history.status')}>
                <OrderStatusBadge status={order.status} />
              </td>
              <td data-label={t('orders.history.type')}>{t(`orders.type.${order.order_type}`)}</td>
              <td data-label={t('orders.history.payment')}>{t(paymentKey(order))}</td>
              <td data-label={t('orders.history.total')} className="admin-num">
                {formatPrice(order.total)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
