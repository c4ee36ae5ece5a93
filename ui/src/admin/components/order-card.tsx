import { Link } from 'react-router-dom';
import { driverNotes } from '../../lib/driver-notes';
import { formatPrice } from '../../lib/format-price';
import type { AdminOrder } from '../../lib/order-types';
import { formatCountdown, formatPreorder, formatTime, itemCount, paymentKey, withErasureMarker } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { serverNow } from '../lib/server-clock';
import { useNow } from '../lib/use-now';
import { OrderActions } from './order-actions';
import { OrderStatusBadge } from './order-status-badge';

/** One order on the board: the facts the kitchen needs at a glance, and what to do next. */
export function OrderCard({
  order,
  timezone,
  onChanged,
}: {
  order: AdminOrder;
  timezone: string;
  onChanged: (order: AdminOrder) => void;
}) {
  const { t } = useAdminTranslation();
  const preorder = formatPreorder(order, timezone);
  const waiting = order.status === 'waiting_for_confirmation';
  const notes = driverNotes(order);
  return (
    <article
      className={`admin-order-card${waiting ? ' admin-order-card--new' : ''}`}
      data-testid="order-card"
      data-order-id={order.id}
      aria-labelledby={`order-title-${order.id}`}
    >
      <header className="admin-order-card__head">
        <h4 id={`order-title-${order.id}`} className="admin-order-card__number">
          {t('orders.number', { number: order.number })}
        </h4>
        <time dateTime={order.created_at}>{formatTime(order.created_at, timezone)}</time>
        <span className={`admin-order-type admin-order-type--${order.order_type}`}>{t(`orders.type.${order.order_type}`)}</span>
        {order.source === 'phone' && (
          <span className="admin-order-source" data-testid="phone-mark">
            {t('phone_order.mark')}
          </span>
        )}
        {!waiting && <OrderStatusBadge status={order.status} />}
      </header>
      {preorder !== null && (
        <p className={`admin-order-card__preorder${waiting ? ' admin-order-card__preorder--waiting' : ''}`} data-testid="preorder-slot">
          <time dateTime={order.preorder_at ?? undefined}>{t('orders.preorder', { time: preorder })}</time>
        </p>
      )}
      {waiting && order.auto_reject_at !== null && <AutoRejectCountdown at={order.auto_reject_at} timezone={timezone} />}
      {!waiting && order.estimated_ready_at !== null && (
        <p className="admin-order-card__eta">
          {t('orders.ready_by', { time: formatTime(order.estimated_ready_at, timezone) })}
        </p>
      )}
      <dl className="admin-order-card__facts">
        <div>
          <dt>{t('orders.customer')}</dt>
          <dd>{withErasureMarker(order, t('privacy.anonymised')).customer.customer_name}</dd>
        </div>
        <div>
          <dt>{t('orders.total')}</dt>
          <dd className="admin-num">{formatPrice(order.total)}</dd>
        </div>
        <div>
          <dt>{t('orders.payment_label')}</dt>
          <dd>{t(paymentKey(order))}</dd>
        </div>
        <div>
          <dt>{t('orders.items_label')}</dt>
          <dd>{t('orders.items', { count: itemCount(order) })}</dd>
        </div>
      </dl>
      {notes && (
        <p className="admin-order-card__driver-notes" data-testid="driver-notes">
          <span className="admin-order-card__driver-notes-label">{t('orders.driver_notes')}:</span> {notes}
        </p>
      )}
      <OrderActions order={order} timezone={timezone} onChanged={onChanged} />
      <Link
        to={`/admin/orders/${order.id}`}
        className="admin-order-card__details"
        aria-label={t('orders.details_named', { number: order.number })}
      >
        {t('orders.details')}
      </Link>
    </article>
  );
}

/** Beyond this the deadline is named by its time: a pre-order placed at night waits for the opening. */
const COUNTDOWN_LIMIT_MS = 60 * 60_000;

function AutoRejectCountdown({ at, timezone }: { at: string; timezone: string }) {
  const { t } = useAdminTranslation();
  const now = serverNow(useNow());
  const left = Date.parse(at) - now;
  return (
    <p className="admin-order-card__countdown" data-testid="auto-reject-countdown">
      {left > COUNTDOWN_LIMIT_MS
        ? t('orders.auto_reject_at', { time: formatTime(at, timezone) })
        : left > 0
          ? t('orders.auto_reject_in', { time: formatCountdown(left) })
          : t('orders.auto_reject_due')}
    </p>
  );
}
