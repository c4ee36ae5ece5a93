import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { TseReceipt } from '../../components/tse-receipt/tse-receipt';
import { ApiError } from '../../lib/api-error';
import { getRuntimeConfig } from '../../lib/runtime-config';
import type { AdminOrder, AdminOrderPage } from '../../lib/order-types';
import { getOrder } from '../api/orders-admin-api';
import { AdminPage } from '../components/admin-page';
import { Card } from '../components/fields';
import { KitchenTicket } from '../components/kitchen-ticket';
import { OrderActions } from '../components/order-actions';
import { CancelOrder } from '../components/cancel-order';
import { ChangeOrderLines } from '../components/change-order-lines';
import { CustomerFacts, OrderFacts, PaymentFacts, StatusHistory } from '../components/order-facts';
import { OrderCorrections } from '../components/order-corrections';
import { OrderLines } from '../components/order-lines';
import { OrderTotals } from '../components/order-totals';
import { PrintAgain } from '../components/print-again';
import { useAdminData } from '../lib/use-admin-data';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { storeTimezone, useAdminStore } from '../lib/use-store-timezone';

const notAnOrder = () => Promise.reject(new ApiError(404, undefined, 'order_not_found'));

/**
 * /admin/orders/:id: everything about one order (with what the cloud TSE signed), its
 * actions and the printable kitchen ticket.
 */
export function OrderDetailPage() {
  const { t } = useAdminTranslation();
  const { id = '' } = useParams();
  const orderId = /^\d+$/.test(id) ? Number(id) : null;
  const loaded = useAdminData(() => (orderId === null ? notAnOrder() : getOrder(orderId)), `admin-order-${id}`);
  const timezone = storeTimezone(useAdminStore());

  if (loaded.status === 'success') return <OrderDetail key={loaded.data.id} initial={loaded.data} timezone={timezone} />;
  const missing = loaded.status === 'error' && loaded.error instanceof ApiError && loaded.error.status === 404;
  return (
    <AdminPage title="Order" heading={t('orders.detail.title')} needsCatalog={false}>
      {loaded.status === 'loading' && <LoadingMessage text={t('orders.detail.loading')} />}
      {loaded.status === 'error' &&
        (missing ? (
          <ErrorMessage text={t('orders.detail.not_found')} />
        ) : (
          <ErrorMessage text={t('orders.detail.load_error')} onRetry={loaded.reload} />
        ))}
      <BackLinks />
    </AdminPage>
  );
}

function BackLinks({ date }: { date?: string }) {
  const { t } = useAdminTranslation();
  return (
    <p className="admin-order-detail__back admin-no-print">
      <Link to="/admin/home">{t('orders.detail.to_board')}</Link>
      <Link to={date ? `/admin/orders-history?date=${encodeURIComponent(date)}` : '/admin/orders-history'}>
        {t('orders.detail.to_history')}
      </Link>
    </p>
  );
}

function OrderDetail({ initial, timezone }: { initial: AdminOrderPage; timezone: string }) {
  const { t } = useAdminTranslation();
  const { brand } = getRuntimeConfig();
  // The order as it is now (its actions answer it anew); whether its day is closed, as loaded.
  const [order, setOrder] = useState<AdminOrder>(initial);
  const dayClosed = initial.day_closed;
  return (
    <AdminPage
      title={`Order ${order.number}`}
      heading={t('orders.detail.heading', { number: order.number })}
      needsCatalog={false}
      actions={
        <button type="button" className="button admin-no-print" data-testid="print-ticket" onClick={() => window.print()}>
          {t('orders.detail.print')}
        </button>
      }
    >
      <div className="admin-order-detail admin-no-print">
        <Card title={t('orders.detail.actions')}>
          <OrderActions order={order} timezone={timezone} onChanged={setOrder} />
          <PrintAgain order={order} />
          <ChangeOrderLines order={order} dayClosed={dayClosed} onChanged={setOrder} />
          <CancelOrder order={order} dayClosed={dayClosed} onChanged={setOrder} />
          <FinishedNote order={order} dayClosed={dayClosed} />
        </Card>
        <div className="admin-order-detail__grid">
          <Card title={t('orders.detail.order')}>
            <OrderFacts order={order} timezone={timezone} />
          </Card>
          <Card title={t('orders.detail.customer')}>
            <CustomerFacts order={order} timezone={timezone} />
          </Card>
          <Card title={t('orders.detail.payment')}>
            <PaymentFacts order={order} />
          </Card>
        </div>
        <Card title={t('orders.detail.items')}>
          <OrderLines lines={order.lines} />
          <OrderTotals order={order} />
        </Card>
        {order.tse && (
          <Card title={t('orders.detail.receipt')}>
            <TseReceipt tse={order.tse} timezone={timezone} />
          </Card>
        )}
        {(order.corrections ?? []).length > 0 && (
          <Card title={t('orders.detail.corrections')}>
            <OrderCorrections order={order} timezone={timezone} />
          </Card>
        )}
        <Card title={t('orders.detail.history')}>
          <StatusHistory order={order} timezone={timezone} />
        </Card>
        <BackLinks date={order.business_date} />
      </div>
      <KitchenTicket order={order} brand={brand} timezone={timezone} />
    </AdminPage>
  );
}

/**
 * What is left to do with a finished order: nothing once rejected or cancelled, or once
 * its day is closed; a completed one can still be corrected after a complaint.
 */
function FinishedNote({ order, dayClosed }: { order: AdminOrder; dayClosed: boolean }) {
  const { t } = useAdminTranslation();
  const finished = order.status === 'rejected' || order.status === 'completed' || order.status === 'cancelled';
  if (!finished) return null;
  const note = dayClosed ? 'orders.detail.day_closed' : order.status === 'completed' ? 'orders.detail.complaint' : 'orders.detail.finished';
  return (
    <p className="admin-list__empty" data-testid="order-finished">
      {t(note)}
    </p>
  );
}
