import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorMessage } from '../../../components/status-message';
import { useStore } from '../../../lib/store-context';
import { OrderDetails } from './order-details';
import { OrderStatusCard } from './order-status-card';
import { useLiveOrder } from './use-live-order';

const DEFAULT_TIMEZONE = 'Europe/Berlin';

/** The order status page body: 'processing' until the order is loaded, then its live state. */
export function OrderStatusPage({ token }: { token: string }) {
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
          <OrderStatusCard order={live.order} timezone={timezone} />
          <OrderDetails order={live.order} />
        </div>
      )}
    </div>
  );
}
