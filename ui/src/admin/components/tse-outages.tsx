import { Link } from 'react-router-dom';
import { formatDateTime } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { TseOutage } from '../types';

/** The orders an outage left unsigned, each a link to its detail page. */
function MissedOrders({ ids }: { ids: readonly number[] }) {
  const { t } = useAdminTranslation();
  if (ids.length === 0) return <>{t('fiscal.tse.outages.no_orders')}</>;
  return (
    <ul className="admin-tse__missed">
      {ids.map((id) => (
        <li key={id}>
          <Link to={`/admin/orders/${id}`}>{t('fiscal.tse.outages.order', { id })}</Link>
        </li>
      ))}
    </ul>
  );
}

/**
 * Why the TSE failed, as the server logged it: a technical detail in English (what
 * fiskaly's support asks for), so it is marked as such and not translated.
 */
function Reason({ reason }: { reason: string }) {
  return (
    <code className="admin-tse__reason" lang="en">
      {reason}
    </code>
  );
}

/**
 * Every time the TSE could not be reached: the one that lasts now on top, highlighted,
 * with the orders it has missed so far; the ended ones below, newest first, with start
 * and end. The tax office may ask for them: orders flowed unsigned meanwhile.
 */
export function TseOutages({ outages, timezone }: { outages: readonly TseOutage[]; timezone: string }) {
  const { t } = useAdminTranslation();
  const open = outages.find((outage) => outage.ended_at === null) ?? null;
  const ended = outages.filter((outage) => outage.ended_at !== null).reverse();
  const columns = {
    from: t('fiscal.tse.outages.from'),
    until: t('fiscal.tse.outages.until'),
    reason: t('fiscal.tse.outages.reason'),
    orders: t('fiscal.tse.outages.orders'),
  };
  return (
    <div data-testid="fiscal-tse-outages">
      {open !== null && (
        <div className="admin-message admin-message--error admin-tse__open" role="alert" data-testid="fiscal-tse-open-outage">
          <p className="admin-tse__text">
            <strong>{t('fiscal.tse.outages.open', { date: formatDateTime(open.started_at, timezone) })}</strong>{' '}
            {t('fiscal.tse.outages.open_explain')}
          </p>
          <p className="admin-tse__text">
            {columns.reason}: <Reason reason={open.reason} />
          </p>
          <div className="admin-tse__text">
            {t('fiscal.tse.outages.missed', { count: open.missed_orders.length })}
            {open.missed_orders.length > 0 && <MissedOrders ids={open.missed_orders} />}
          </div>
        </div>
      )}
      {ended.length === 0 ? (
        open === null && <p className="admin-list__empty">{t('fiscal.tse.outages.none')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table" data-testid="fiscal-tse-outage-list">
            <thead>
              <tr>
                {Object.values(columns).map((label) => (
                  <th key={label} scope="col">
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {ended.map((outage) => (
                <tr key={outage.started_at}>
                  <td data-label={columns.from}>{formatDateTime(outage.started_at, timezone)}</td>
                  <td data-label={columns.until}>{outage.ended_at === null ? '' : formatDateTime(outage.ended_at, timezone)}</td>
                  <td data-label={columns.reason}>
                    <Reason reason={outage.reason} />
                  </td>
                  <td data-label={columns.orders}>
                    <MissedOrders ids={outage.missed_orders} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
