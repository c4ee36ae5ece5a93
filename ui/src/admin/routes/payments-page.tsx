import { Link, useSearchParams } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { listPayments, type Payment, type PaymentsPage as Page } from '../api/payments-api';
import { AdminPage } from '../components/admin-page';
import { Card, CheckboxInput } from '../components/fields';
import { MorePagesButton } from '../components/more-pages-button';
import { formatDateTime } from '../lib/order-format';
import { capturedOtherwise, formatMoney, refundErrorText } from '../lib/payments';
import { useAdminData, useAdminMorePages } from '../lib/use-admin-data';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { storeTimezone, useAdminStore } from '../lib/use-store-timezone';

/** /admin/payments[?attention=1]: every PayPal payment with what became of it, newest first, a page at a time. */
export function PaymentsPage() {
  const { t } = useAdminTranslation();
  const timezone = storeTimezone(useAdminStore());
  const [params, setParams] = useSearchParams();
  const attention = params.get('attention') === '1';
  const first = useAdminData(() => listPayments({ attention }), `admin-payments-${attention ? 'attention' : 'all'}`);

  return (
    <AdminPage title="Payments" heading={t('payments.heading')} intro={t('payments.intro')} needsCatalog={false}>
      <Card>
        <p className="admin-card__intro">{t('payments.explain')}</p>
        <CheckboxInput
          id="payments-attention"
          label={t('payments.attention_only')}
          checked={attention}
          onChange={(checked) => setParams(checked ? { attention: '1' } : {})}
        />
        {first.status === 'loading' && <LoadingMessage text={t('payments.loading')} />}
        {first.status === 'error' && <ErrorMessage text={t('payments.load_error')} onRetry={first.reload} />}
        {first.status === 'success' && <PaymentList first={first.data} attention={attention} timezone={timezone} />}
      </Card>
    </AdminPage>
  );
}

function PaymentList({ first, attention, timezone }: { first: Page; attention: boolean; timezone: string }) {
  const { t } = useAdminTranslation();
  const pages = useAdminMorePages({ items: first.payments, next: first.next_before }, (before: number) =>
    listPayments({ before, attention }).then((page) => ({ items: page.payments, next: page.next_before })),
  );
  const payments = pages.items;

  if (payments.length === 0) {
    return <p className="admin-list__empty">{t(attention ? 'payments.empty_attention' : 'payments.empty')}</p>;
  }
  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table admin-payments__table">
          <thead>
            <tr>
              <th scope="col">{t('payments.time')}</th>
              <th scope="col" className="admin-num">
                {t('payments.amount')}
              </th>
              <th scope="col">{t('payments.fate_label')}</th>
              <th scope="col">{t('payments.order')}</th>
              <th scope="col">{t('payments.paypal')}</th>
              <th scope="col">{t('payments.refund')}</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} timezone={timezone} />
            ))}
          </tbody>
        </table>
      </div>
      <MorePagesButton pages={pages} label={t('payments.more')} failedText={t('payments.more_error')} />
    </>
  );
}

function PaymentRow({ payment, timezone }: { payment: Payment; timezone: string }) {
  const { t } = useAdminTranslation();
  const otherwise = capturedOtherwise(payment);
  return (
    <tr className={payment.needs_attention ? 'admin-payments__open' : undefined} data-testid={`payment-${payment.paypal_order_id}`}>
      <td data-label={t('payments.time')}>
        <time dateTime={payment.first_seen}>{formatDateTime(payment.first_seen, timezone)}</time>
      </td>
      <td data-label={t('payments.amount')} className="admin-num">
        {formatMoney(payment.amount, payment.currency, payment.currency)}
        {otherwise !== null && (
          <span className="admin-payments__captured">{t('payments.captured_otherwise', { amount: otherwise })}</span>
        )}
      </td>
      <td data-label={t('payments.fate_label')}>
        <span className={`admin-badge admin-payment-fate admin-payment-fate--${payment.fate}`}>{t(`payments.fate.${payment.fate}`)}</span>
        {payment.reason !== null && <span className="admin-payments__reason">{t(`payments.reason.${payment.reason}`)}</span>}
      </td>
      <td data-label={t('payments.order')}>
        {payment.order_id !== null && payment.order_number !== null ? (
          <Link to={`/admin/orders/${payment.order_id}`} aria-label={t('orders.details_named', { number: payment.order_number })}>
            {t('orders.number', { number: payment.order_number })}
          </Link>
        ) : (
          <span className="admin-payments__none">{t('payments.no_order')}</span>
        )}
      </td>
      <td data-label={t('payments.paypal')}>
        <code className="admin-payments__id">{payment.paypal_order_id}</code>
        {payment.capture_id !== null && (
          <span className="admin-payments__capture">
            {t('payments.capture')} <code>{payment.capture_id}</code>
          </span>
        )}
      </td>
      <td data-label={t('payments.refund')}>
        {payment.refund_id !== null && <code>{payment.refund_id}</code>}
        {payment.fate === 'refund_failed' && payment.refund_error !== null && (
          <span className="admin-payments__error">{refundErrorText(payment.refund_error, t)}</span>
        )}
        {payment.refund_id === null && payment.fate !== 'refund_failed' && <span className="admin-payments__none">–</span>}
      </td>
    </tr>
  );
}
