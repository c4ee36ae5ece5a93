import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/status-message';
import { isFinal } from '../lib/order-progress';
import { useStore } from '../../../lib/store-context';
import { OrderDetails } from './order-details';
import { OrderReceipt } from './order-receipt';
import { OrderStatusCard } from './order-status-card';
import type { Reorder } from './reorder-button';
import { useLiveOrder } from './use-live-order';

const DEFAULT_TIMEZONE = 'Europe/Berlin';

// Web Push is offered on the status page only: its code loads with it.
const OrderPush = lazy(() => import('./order-push'));

/** "Fragen zur Bestellung? Rufen Sie uns an: …" with the restaurant's number, when it has one. */
function CallUs() {
  const { t } = useTranslation();
  const store = useStore();
  const phone = store.status === 'success' ? store.data.phone.trim() : '';
  if (phone === '') return null;
  return (
    <p className="order-page__call" data-testid="order-call-us">
      {t('orders.status_page.call_us')}{' '}
      <a href={`tel:${phone.replace(/[^\d+]/g, '')}`} className="order-page__phone">
        {phone}
      </a>
    </p>
  );
}

/**
 * The order status page body: 'processing' until the order is loaded, then its live
 * state (with the receipt's TSE data once accepted), and the restaurant's phone number
 * for questions. With `reorder`, a finished
 * order can be ordered again.
 */
export function OrderStatusPage({ token, reorder }: { token: string; reorder?: Reorder }) {
  const { t } = useTranslation();
  const store = useStore();
  const live = useLiveOrder(token);
  const timezone = store.status === 'success' && store.data.timezone ? store.data.timezone : DEFAULT_TIMEZONE;

  if (live.status === 'not_found') {
    return (
      <div className="container page page--centered" data-testid="order-not-found">
        <h1 className="page__title">{t('orders.status_page.not_found_title')}</h1>
        <p>{t('orders.status_page.not_found')}</p>
        <Link to="/" className="button">
          {t('not_found.back')}
        </Link>
      </div>
    );
  }

  return (
    <div className="container page order-page">
      <h1 className="page__title">{t('orders.status_page.title')}</h1>
      <CallUs />
      {live.status === 'loading' && (
        <section className="order-card order-status-card" aria-busy="true">
          <p className="order-status-card__status status--loading" role="status">
            <span className="spinner" aria-hidden="true" />
            <strong data-testid="order-status" className="order-status order-status--processing">
              {t('orders.status.processing')}
            </strong>
          </p>
        </section>
      )}
      {live.status === 'error' && <ErrorMessage text={t('orders.status_page.load_error')} onRetry={live.retry} />}
      {live.status === 'ready' && (
        <div className="order-page__grid">
          <div className="order-page__side">
            <OrderStatusCard order={live.order} timezone={timezone} />
            {!isFinal(live.order.status) && (
              <Suspense fallback={null}>
                <OrderPush token={token} />
              </Suspense>
            )}
            <OrderReceipt order={live.order} timezone={timezone} />
          </div>
          <OrderDetails order={live.order} reorder={reorder} />
        </div>
      )}
    </div>
  );
}
