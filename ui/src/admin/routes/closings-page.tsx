import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { ApiError } from '../../lib/api-error';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { closeToday, CLOSINGS_PAGE_SIZE, getClosing, getClosings } from '../api/closings-api';
import { AdminPage } from '../components/admin-page';
import { Card, FormMessage } from '../components/fields';
import { DsfinvkExport, TaxExport } from '../components/fiscal-exports';
import { MorePagesButton } from '../components/more-pages-button';
import { ZBon, type ZBonShop } from '../components/z-bon';
import { closedByText, closingsPage, formatCents } from '../lib/closings';
import { errorsFromApi } from '../lib/errors';
import { formatDateTime, formatDay } from '../lib/order-format';
import { useAdminData, useAdminMorePages } from '../lib/use-admin-data';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { storeTimezone, useAdminStore } from '../lib/use-store-timezone';
import type { DailyClosing } from '../types';

/**
 * /admin/closings: the daily closings (Kassenabschluss), newest first, older ones on
 * request, each linking to its Z-Bon; and the owner closing today on demand.
 */
export function ClosingsPage() {
  const { t } = useAdminTranslation();
  const timezone = storeTimezone(useAdminStore());
  const closings = useAdminData(() => getClosings(), 'admin-closings');

  return (
    <AdminPage title="Daily closings" heading={t('closings.heading')} intro={t('closings.intro')} needsCatalog={false}>
      <Card title={t('closings.close.title')}>
        <CloseToday onClosed={closings.reload} />
      </Card>
      <Card title={t('closings.list_title')}>
        {closings.status === 'loading' && <LoadingMessage text={t('closings.loading')} />}
        {closings.status === 'error' && <ErrorMessage text={t('closings.load_error')} onRetry={closings.reload} />}
        {closings.status === 'success' && <ClosingsTable first={closings.data} timezone={timezone} />}
      </Card>
      <Card title={t('exports.dsfinvk.title')}>
        <DsfinvkExport timezone={timezone} />
      </Card>
      <Card title={t('exports.tax.title')}>
        <TaxExport timezone={timezone} />
      </Card>
    </AdminPage>
  );
}

/**
 * The button that closes today, behind a confirm step that says what closing means: the
 * day's figures are fixed, later orders count for the next business day.
 */
function CloseToday({ onClosed }: { onClosed: () => void }) {
  const { t } = useAdminTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [success, setSuccess] = useState<string | undefined>();

  const close = async () => {
    setBusy(true);
    setError(undefined);
    setSuccess(undefined);
    try {
      const closing = await closeToday();
      setSuccess(t('closings.close.done', { number: closing.number, date: formatDay(closing.business_date) }));
      onClosed();
    } catch (failure) {
      setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <div className="admin-closings__close">
      <p className="admin-card__intro">{t('closings.close.explain')}</p>
      {confirming ? (
        <div className="admin-confirm admin-closings__confirm" role="group" aria-label={t('closings.close.confirm_label')}>
          <p className="admin-confirm__text">{t('closings.close.confirm')}</p>
          <button type="button" className="button button--danger" disabled={busy} onClick={() => void close()}>
            {busy ? t('closings.close.closing') : t('closings.close.yes')}
          </button>
          <button type="button" className="button button--ghost" disabled={busy} onClick={() => setConfirming(false)}>
            {t('closings.close.no')}
          </button>
        </div>
      ) : (
        <div className="admin-form__actions">
          <button
            type="button"
            className="button"
            onClick={() => {
              setConfirming(true);
              setError(undefined);
              setSuccess(undefined);
            }}
          >
            {t('closings.close.button')}
          </button>
        </div>
      )}
      <FormMessage error={error} success={success} />
    </div>
  );
}

/** The newest page of closings and the older ones loaded on request. */
function ClosingsTable({ first, timezone }: { first: DailyClosing[]; timezone: string }) {
  const { t } = useAdminTranslation();
  const pages = useAdminMorePages(closingsPage(first, CLOSINGS_PAGE_SIZE), (before) =>
    getClosings(before).then((items) => closingsPage(items, CLOSINGS_PAGE_SIZE)),
  );
  if (pages.items.length === 0) return <p className="admin-list__empty">{t('closings.empty')}</p>;

  const columns = {
    number: t('closings.columns.number'),
    date: t('closings.columns.business_date'),
    closedAt: t('closings.columns.closed_at'),
    by: t('closings.columns.closed_by'),
    orders: t('closings.columns.orders'),
    cancelled: t('closings.columns.cancelled'),
    gross: t('closings.columns.gross'),
    cash: t('closings.columns.cash'),
    online: t('closings.columns.online'),
    tips: t('closings.columns.tips'),
  };
  return (
    <>
      <div className="admin-table-wrap">
        <table className="admin-table admin-closings__table">
          <thead>
            <tr>
              <th scope="col">{columns.number}</th>
              <th scope="col">{columns.date}</th>
              <th scope="col">{columns.closedAt}</th>
              <th scope="col">{columns.by}</th>
              <th scope="col" className="admin-num">
                {columns.orders}
              </th>
              <th scope="col" className="admin-num">
                {columns.cancelled}
              </th>
              <th scope="col" className="admin-num">
                {columns.gross}
              </th>
              <th scope="col" className="admin-num">
                {columns.cash}
              </th>
              <th scope="col" className="admin-num">
                {columns.online}
              </th>
              <th scope="col" className="admin-num">
                {columns.tips}
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.items.map((closing) => (
              <tr key={closing.number}>
                <td data-label={columns.number}>
                  <Link
                    to={`/admin/closings/${closing.number}`}
                    aria-label={t('closings.zbon.number', { number: closing.number })}
                  >
                    {t('closings.number_short', { number: closing.number })}
                  </Link>
                </td>
                <td data-label={columns.date}>{formatDay(closing.business_date)}</td>
                <td data-label={columns.closedAt}>{formatDateTime(closing.closed_at, timezone)}</td>
                <td data-label={columns.by}>{closedByText(closing, t)}</td>
                <td data-label={columns.orders} className="admin-num">
                  {closing.orders}
                </td>
                <td data-label={columns.cancelled} className="admin-num">
                  {closing.cancelled}
                </td>
                <td data-label={columns.gross} className="admin-num">
                  {formatCents(closing.gross_cents)}
                </td>
                <td data-label={columns.cash} className="admin-num">
                  {formatCents(closing.cash_cents)}
                </td>
                <td data-label={columns.online} className="admin-num">
                  {formatCents(closing.online_cents)}
                </td>
                <td data-label={columns.tips} className="admin-num">
                  {formatCents(closing.tip_cents)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <MorePagesButton pages={pages} label={t('closings.more')} failedText={t('closings.more_error')} />
    </>
  );
}

const notAClosing = () => Promise.reject(new ApiError(404, undefined, 'not_found'));

/** /admin/closings/:number: one closing as a printable Z-Bon. */
export function ClosingDetailPage() {
  const { t } = useAdminTranslation();
  const { number = '' } = useParams();
  const closingNumber = /^\d+$/.test(number) ? Number(number) : null;
  const loaded = useAdminData(
    () => (closingNumber === null ? notAClosing() : getClosing(closingNumber)),
    `admin-closing-${number}`,
  );
  const store = useAdminStore();
  const timezone = storeTimezone(store);
  const { brand } = getRuntimeConfig();
  const shop: ZBonShop =
    store.status === 'success'
      ? { brand: store.data.brand || brand, company: store.data.company_name, address: store.data.address_line }
      : { brand, company: '', address: '' };
  const missing = loaded.status === 'error' && loaded.error instanceof ApiError && loaded.error.status === 404;

  return (
    <AdminPage
      title={`Z-Bon ${number}`}
      heading={t('closings.detail.heading', { number })}
      needsCatalog={false}
      actions={
        loaded.status === 'success' && (
          <button type="button" className="button admin-no-print" onClick={() => window.print()}>
            {t('closings.detail.print')}
          </button>
        )
      }
    >
      {loaded.status === 'loading' && <LoadingMessage text={t('closings.detail.loading')} />}
      {loaded.status === 'error' &&
        (missing ? (
          <ErrorMessage text={t('closings.detail.not_found')} />
        ) : (
          <ErrorMessage text={t('closings.detail.load_error')} onRetry={loaded.reload} />
        ))}
      {loaded.status === 'success' && <ZBon closing={loaded.data} shop={shop} timezone={timezone} />}
      <p className="admin-order-detail__back admin-no-print">
        <Link to="/admin/closings">{t('closings.detail.back')}</Link>
      </p>
    </AdminPage>
  );
}
