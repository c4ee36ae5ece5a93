import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { usePageTitle } from '../../lib/page-title';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { useAsync } from '../../lib/use-async';
import { getTables } from '../api/tables-api';
import { useAdminTranslation } from '../lib/use-admin-translation';
import './tables-print.css';

const TableQr = lazy(() => import('../components/table-qr'));

/**
 * /admin/tables/print (owner only): one QR code per active table on A4 pages, six to a
 * page, each with the table's label in large type, the shop's name and the link itself
 * (for a guest whose camera reads no codes). The browser's print prints the sheet alone.
 */
export function TablesPrintPage() {
  const { t } = useAdminTranslation();
  usePageTitle('Table QR codes');
  const tables = useAsync(getTables, 'tables');
  const { brand } = getRuntimeConfig();
  return (
    <div className="admin-qr-sheet">
      <div className="admin-qr-sheet__bar">
        <Link to="/admin/tables" className="button button--ghost">
          {t('tables.back')}
        </Link>
        <button type="button" className="button" onClick={() => window.print()}>
          {t('tables.print_now')}
        </button>
      </div>
      {tables.status === 'loading' && <LoadingMessage text={t('tables.loading')} />}
      {tables.status === 'error' && <ErrorMessage text={t('tables.load_error')} onRetry={tables.reload} />}
      {tables.status === 'success' && (
        <div className="admin-qr-sheet__grid">
          {tables.data.filter((table) => table.active).length === 0 && <p>{t('tables.none_active')}</p>}
          {tables.data
            .filter((table) => table.active)
            .map((table) => (
              <figure key={table.id} className="admin-qr-sheet__card" data-testid="qr-card">
                <Suspense fallback={<div className="admin-qr-sheet__qr" />}>
                  <TableQr link={table.link} label={t('tables.table', { table: table.label })} />
                </Suspense>
                <figcaption className="admin-qr-sheet__caption">
                  <strong className="admin-qr-sheet__label">{t('tables.table', { table: table.label })}</strong>
                  <span className="admin-qr-sheet__brand">{brand}</span>
                  <span className="admin-qr-sheet__hint">{t('tables.scan_hint')}</span>
                  <span className="admin-qr-sheet__link" data-testid="qr-link">
                    {table.link}
                  </span>
                </figcaption>
              </figure>
            ))}
        </div>
      )}
    </div>
  );
}
