import { Link } from 'react-router-dom';
import { cashGivenFigures } from '../../lib/cash-given';
import { driverNotes } from '../../lib/driver-notes';
import { formatPrice } from '../../lib/format-price';
import type { AdminOrder, OrderExtra, OrderLine } from '../../lib/order-types';
import { formatCountdown, formatPreorder, formatTime, withErasureMarker } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { serverNow } from '../lib/server-clock';
import { useNow } from '../lib/use-now';
import { OrderActions } from './order-actions';
import { OrderStatusBadge } from './order-status-badge';

/** "Hauptstraße 1, 10115 Berlin": street and house number, postcode and city on one line. */
function cardAddress(customer: Pick<AdminOrder['customer'], 'line1' | 'zip' | 'city'>): string {
  const place = [customer.zip, customer.city].filter(Boolean).join(' ');
  return [customer.line1, place].filter(Boolean).join(', ');
}

/** "+ Extra Käse", "+ 2 × Oliven": an extra with its quantity where more than one. */
function extraText(extra: OrderExtra): string {
  return extra.quantity > 1 ? `+ ${extra.quantity} × ${extra.name}` : `+ ${extra.name}`;
}

/**
 * One order on the board: everything the kitchen and the driver need at a glance
 * (items, address, notes, time, payment, total) and what to do next, without opening
 * the details.
 */
export function OrderCard({
  order: stored,
  timezone,
  onChanged,
}: {
  order: AdminOrder;
  timezone: string;
  onChanged: (order: AdminOrder) => void;
}) {
  const { t } = useAdminTranslation();
  const order = withErasureMarker(stored, t('privacy.anonymised'));
  const preorder = formatPreorder(order, timezone);
  const waiting = order.status === 'waiting_for_confirmation';
  const delivery = order.order_type === 'delivery';
  const notes = driverNotes(order);
  const age = order.age_restriction ?? null;
  const unpaid = order.payment_status === 'cash_due' || order.payment_status === 'refund_failed';
  const cash = cashGivenFigures(order);
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
      {order.table != null && (
        <p className="admin-order-card__table" data-testid="card-table">
          {t('tables.table', { table: order.table })}
        </p>
      )}
      {preorder !== null && (
        <p className={`admin-order-card__preorder${waiting ? ' admin-order-card__preorder--waiting' : ''}`} data-testid="preorder-slot">
          <time dateTime={order.preorder_at ?? undefined}>{t('orders.preorder', { time: preorder })}</time>
        </p>
      )}
      {age !== null && (
        <p className="admin-order-card__age" data-testid="age-check">
          {t('orders.card.age_check', { age })}
        </p>
      )}
      {waiting && order.auto_reject_at !== null && <AutoRejectCountdown at={order.auto_reject_at} timezone={timezone} />}
      {!waiting && order.estimated_ready_at !== null && (
        <p className="admin-order-card__eta">
          {t('orders.ready_by', { time: formatTime(order.estimated_ready_at, timezone) })}
        </p>
      )}
      <div className="admin-order-card__who">
        <p className="admin-order-card__name">{order.customer.customer_name}</p>
        <p className="admin-order-card__address" data-testid="card-address">
          {delivery ? cardAddress(order.customer) || t('orders.type.delivery') : t(`orders.type.${order.order_type}`)}
        </p>
      </div>
      {notes && (
        <p className="admin-order-card__driver-notes" data-testid="driver-notes">
          <span className="admin-order-card__driver-notes-label">{t('orders.driver_notes')}:</span> {notes}
        </p>
      )}
      {order.note && (
        <p className="admin-order-card__note" data-testid="card-note">
          <span className="admin-order-card__driver-notes-label">{t('orders.detail.note')}:</span> {order.note}
        </p>
      )}
      <CardLines lines={order.lines} label={t('orders.items_label')} />
      <p className="admin-order-card__sum">
        <span className={`admin-order-card__payment${unpaid ? ' admin-order-card__payment--due' : ''}`} data-testid="card-payment">
          {t(`orders.card.method.${order.payment_method}`)} · {t(`orders.card.paid.${order.payment_status}`)}
        </span>
        <strong className="admin-order-card__total admin-num" data-testid="card-total">
          {formatPrice(order.total)}
        </strong>
        {cash !== null && (
          <span className="admin-order-card__cash" data-testid="card-cash-given">
            {t('orders.cash_given', cash)}
          </span>
        )}
      </p>
      <OrderActions order={stored} timezone={timezone} onChanged={onChanged} />
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

/** The ordered items, one line each: "2 × Pizza Salami (Groß)" with the extras in small text below. */
function CardLines({ lines, label }: { lines: readonly OrderLine[]; label: string }) {
  return (
    <ul className="admin-order-card__lines" data-testid="card-lines" aria-label={label}>
      {lines.map((line, index) => (
        <li key={`${line.product_id}-${line.variant_id ?? 0}-${index}`} className="admin-order-card__line">
          <span className="admin-order-card__quantity admin-num">{line.quantity} ×</span>{' '}
          <span className="admin-order-card__item">
            {line.name}
            {line.extras.length > 0 && ' '}
            {line.extras.length > 0 && (
              <small className="admin-order-card__extras">{line.extras.map(extraText).join(', ')}</small>
            )}
          </span>
        </li>
      ))}
    </ul>
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
