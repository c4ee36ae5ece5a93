import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { cashGivenFigures } from '../../lib/cash-given';
import { driverNotes } from '../../lib/driver-notes';
import { ERRORS_NAMESPACE } from '../../lib/i18n';
import type { AdminOrder, OrderActor } from '../../lib/order-types';
import { paidInCash } from '../../lib/paid-in-cash';
import { mailtoHref } from '../lib/inbox';
import { refundErrorText } from '../lib/payments';
import { formatDateTime, formatDay, formatPreorder, formatTime, withErasureMarker } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { OrderStatusBadge } from './order-status-badge';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Name, address (with the notes for the driver), phone and e-mail of the customer. */
export function CustomerFacts({ order: stored, timezone }: { order: AdminOrder; timezone: string }) {
  const { t } = useAdminTranslation();
  const order = withErasureMarker(stored, t('privacy.anonymised'));
  const { customer } = order;
  const place = [customer.zip, customer.city].filter(Boolean).join(' ');
  const notes = driverNotes(order);
  return (
    <dl className="admin-order-facts">
      <Fact label={t('orders.detail.name')}>{customer.customer_name}</Fact>
      {(customer.line1 || place) && (
        <Fact label={t('orders.detail.address')}>
          <span className="admin-order-facts__address">
            {customer.line1 && <span>{customer.line1}</span>}
            {place && <span>{place}</span>}
            {customer.country && <span>{customer.country}</span>}
          </span>
        </Fact>
      )}
      {notes && (
        <Fact label={t('orders.driver_notes')}>
          <strong className="admin-order-facts__note" data-testid="driver-notes">
            {notes}
          </strong>
        </Fact>
      )}
      {customer.phone && (
        <Fact label={t('orders.detail.phone')}>
          <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}>{customer.phone}</a>
        </Fact>
      )}
      {customer.email && (
        <Fact label={t('orders.detail.email')}>
          <a href={mailtoHref(customer.email)}>{customer.email}</a>
        </Fact>
      )}
      <Fact label={t('orders.detail.account')}>
        {order.user_id === null ? t('orders.detail.guest') : t('orders.detail.user', { id: order.user_id })}
      </Fact>
      {order.anonymised_at !== null && (
        <Fact label={t('privacy.personal_data')}>
          <span data-testid="anonymised">{t('privacy.anonymised_at', { date: formatDateTime(order.anonymised_at, timezone) })}</span>
        </Fact>
      )}
    </dl>
  );
}

/** Type, times, note and the outcome of the order. */
export function OrderFacts({ order: stored, timezone }: { order: AdminOrder; timezone: string }) {
  const { t } = useAdminTranslation();
  const order = withErasureMarker(stored, t('privacy.anonymised'));
  const preorder = formatPreorder(order, timezone);
  return (
    <dl className="admin-order-facts">
      <Fact label={t('orders.detail.status')}>
        <OrderStatusBadge status={order.status} />
      </Fact>
      <Fact label={t('orders.detail.type')}>{t(`orders.type.${order.order_type}`)}</Fact>
      {order.table != null && (
        <Fact label={t('nav.tables')}>
          <strong className="admin-order-facts__table" data-testid="order-table">
            {t('tables.table', { table: order.table })}
          </strong>
        </Fact>
      )}
      {order.source === 'phone' && <Fact label={t('phone_order.source')}>{t('phone_order.taken_by_phone')}</Fact>}
      <Fact label={t('orders.detail.created')}>{formatDateTime(order.created_at, timezone)}</Fact>
      <Fact label={t('orders.detail.business_date')}>{formatDay(order.business_date)}</Fact>
      <Fact label={t('orders.detail.wanted')}>
        {preorder === null ? t('orders.detail.immediately') : t('orders.preorder', { time: preorder })}
      </Fact>
      {order.estimated_ready_at !== null && (
        <Fact label={t('orders.detail.estimated')}>
          {t('orders.detail.estimated_value', {
            time: formatTime(order.estimated_ready_at, timezone),
            minutes: order.estimated_minutes ?? 0,
          })}
        </Fact>
      )}
      {order.rejection_reason !== null && (
        <Fact label={t('orders.detail.rejection')}>
          {order.rejected_by === 'no_one' ? t('order_not_answered', { ns: ERRORS_NAMESPACE }) : order.rejection_reason}
        </Fact>
      )}
      {order.note && (
        <Fact label={t('orders.detail.note')}>
          <strong className="admin-order-facts__note">{order.note}</strong>
        </Fact>
      )}
    </dl>
  );
}

/** Method, status (refunds included), what a cash customer pays with and the PayPal references. */
export function PaymentFacts({ order }: { order: AdminOrder }) {
  const { t } = useAdminTranslation();
  const failed = order.payment_status === 'refund_failed';
  const cash = cashGivenFigures(order);
  return (
    <dl className="admin-order-facts">
      <Fact label={t('orders.detail.method')}>{t(`orders.payment_method.${order.payment_method}`)}</Fact>
      <Fact label={t('orders.detail.payment_status')}>
        <span className={failed ? 'admin-order-facts__warning' : undefined}>
          {t(`orders.payment_status.${paidInCash(order) ? 'paid' : order.payment_status}`)}
        </span>
      </Fact>
      {cash !== null && (
        <Fact label={t('orders.detail.cash_given')}>
          <strong data-testid="cash-given">{t('orders.cash_given', cash)}</strong>
        </Fact>
      )}
      {order.paypal_order_id && (
        <Fact label={t('orders.detail.paypal_order')}>
          <code>{order.paypal_order_id}</code>
        </Fact>
      )}
      {order.capture_id && (
        <Fact label={t('orders.detail.capture')}>
          <code>{order.capture_id}</code>
        </Fact>
      )}
      {order.refund_id && (
        <Fact label={t('orders.detail.refund')}>
          <code>{order.refund_id}</code>
        </Fact>
      )}
      {failed && order.refund_error && (
        <Fact label={t('orders.detail.refund_error')}>
          <span className="admin-order-facts__warning">{refundErrorText(order.refund_error, t)}</span>
        </Fact>
      )}
    </dl>
  );
}

/** Every status the order went through, with its time. */
/** Who made a step: a restaurant account by its name, else the customer or the shop itself. */
export function actorText(by: OrderActor, t: TFunction): string {
  if (by.kind === 'staff') return by.name || t('orders.detail.by_staff');
  return by.kind === 'customer' ? t('orders.detail.by_customer') : t('orders.detail.by_automatic');
}

export function StatusHistory({ order, timezone }: { order: AdminOrder; timezone: string }) {
  const { t } = useAdminTranslation();
  return (
    <ol className="admin-order-history">
      {order.history.map((change, index) => (
        <li key={`${change.status}-${change.at}-${index}`}>
          <time dateTime={change.at}>{formatDateTime(change.at, timezone)}</time>
          <span>{t(`orders.status.${change.status}`)}</span>
          {change.by && (
            <span className="admin-order-history__by" data-testid="history-by" data-kind={change.by.kind}>
              {actorText(change.by, t)}
            </span>
          )}
          {change.note && <span className="admin-order-history__note">{change.note}</span>}
        </li>
      ))}
    </ol>
  );
}
