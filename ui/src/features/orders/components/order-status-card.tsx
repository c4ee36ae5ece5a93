import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format-price';
import type { Order } from '../../../lib/order-types';
import { isAcceptedOrLater, stepStates } from '../lib/order-progress';
import { dateTime } from '../lib/order-time';
import { preorderWaitingText, readyTimeText } from '../lib/order-timing';
import { rejectionText } from '../lib/rejection-text';

/** The status line: 'waiting…', 'accepted' (plus a later step's name), 'not accepted', 'cancelled'. */
export function statusText(order: Pick<Order, 'status'>, t: TFunction): string {
  const { status } = order;
  if (status === 'waiting_for_confirmation' || status === 'rejected' || status === 'accepted' || status === 'cancelled') {
    return t(`orders.status.${status}`);
  }
  return `${t('orders.status.accepted')} · ${t(`orders.status.${status}`)}`;
}

function Progress({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <ol className="order-progress" aria-label={t('orders.status_page.progress')}>
      {stepStates(order.order_type, order.status).map(({ step, state }) => (
        <li
          key={step}
          className={`order-progress__step order-progress__step--${state}`}
          aria-current={state === 'current' ? 'step' : undefined}
        >
          {t(`orders.status.${step}`)}
        </li>
      ))}
    </ol>
  );
}

function Rejection({ order }: { order: Order }) {
  const { t } = useTranslation();
  const reason = rejectionText(order, t);
  return (
    <div className="order-rejection" data-testid="order-rejection" role="alert">
      <p className="order-rejection__title">{t('orders.status_page.rejected')}</p>
      {reason !== null && <p>{t('orders.status_page.reason', { reason })}</p>}
      {order.payment_status === 'refunded' && <p>{t('orders.status_page.refunded')}</p>}
      {order.payment_status === 'refund_failed' && <p>{t('orders.status_page.refund_failed')}</p>}
    </div>
  );
}

/**
 * What the restaurant corrected after accepting the order: cancelled or changed, why,
 * and what PayPal gave back.
 */
function Corrections({ order }: { order: Order }) {
  const { t } = useTranslation();
  const corrections = order.corrections ?? [];
  if (corrections.length === 0) return null;
  return (
    <div className="order-rejection" data-testid="order-corrections" role="alert">
      {corrections.map((correction, index) => (
        <div key={`${correction.at}-${index}`} data-testid={`order-correction-${correction.kind}`}>
          <p className="order-rejection__title">{t(`orders.status_page.correction.${correction.kind}`)}</p>
          <p>{t('orders.status_page.reason', { reason: correction.reason })}</p>
          {correction.refunded > 0 && (
            <p>
              {t(order.payment_method === 'online' ? 'orders.status_page.correction.refunded' : 'orders.status_page.correction.refunded_cash', {
                amount: formatPrice(correction.refunded),
              })}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

/**
 * Order number, dates and where the order stands, as the restaurant updates it. A
 * pre-order names its time in the status while it waits and once accepted, instead of
 * minutes.
 */
export function OrderStatusCard({ order, timezone }: { order: Order; timezone: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const accepted = isAcceptedOrLater(order.status);
  const waitingPreorder = preorderWaitingText(order, timezone, language, t);
  const readyTime = readyTimeText(order, timezone, language, t);

  return (
    <section className="order-card order-status-card">
      <h2 className="order-card__title" data-testid="order-number">
        {t('orders.status_page.number', { number: order.number })}
      </h2>
      <p className="order-status-card__meta">
        {t('orders.status_page.placed_at', { date: dateTime(order.created_at, timezone, language) })}
        {order.preorder_at !== null && order.status === 'rejected' && (
          <>
            <br />
            {t('orders.status_page.preorder', { date: dateTime(order.preorder_at, timezone, language) })}
          </>
        )}
      </p>
      <p className="order-status-card__status" role="status">
        <span className="order-status-card__label">{t('orders.status_page.status')}: </span>
        <strong data-testid="order-status" className={`order-status order-status--${order.status}`}>
          {waitingPreorder ?? statusText(order, t)}
        </strong>
      </p>
      {readyTime !== null && (
        <p className="order-status-card__estimate" data-testid="order-estimated-time">
          {readyTime}
        </p>
      )}
      {accepted && <Progress order={order} />}
      {order.status === 'rejected' && <Rejection order={order} />}
      <Corrections order={order} />
    </section>
  );
}
