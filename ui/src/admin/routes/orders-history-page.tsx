import { Link, useSearchParams } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { formatPrice } from '../../lib/format-price';
import { todayIn } from '../../lib/store-time';
import { errorText } from '../../lib/error-text';
import { orderSearchQuery, searchOrders, type OrderSearch, type OrderSearchResult } from '../api/customers-api';
import { listOrdersOn, type OrdersOfDay } from '../api/orders-admin-api';
import { AdminPage } from '../components/admin-page';
import { Card } from '../components/fields';
import { FoundOrdersTable } from '../components/found-orders-table';
import { MorePagesButton } from '../components/more-pages-button';
import { OrderSearchForm } from '../components/order-search-form';
import { OrderStatusBadge } from '../components/order-status-badge';
import { formatDay, formatTime, isDay, paymentKey, shiftDay } from '../lib/order-format';
import { orderSearchFrom } from '../lib/order-search';
import { useAdminData, useAdminMorePages } from '../lib/use-admin-data';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { storeTimezone, useAdminStore } from '../lib/use-store-timezone';

/**
 * /admin/orders-history?date=yyyy-MM-dd: the orders of one business day with count and
 * revenue, the newest page first and older ones as asked; with a search in the address
 * (see `orderSearchFrom`) what the search finds instead.
 */
export function OrdersHistoryPage() {
  const { t } = useAdminTranslation();
  const timezone = storeTimezone(useAdminStore());
  const [params, setParams] = useSearchParams();
  const today = todayIn(timezone);
  const asked = params.get('date');
  const date = isDay(asked) ? asked : today;
  const search = orderSearchFrom(params, today);
  const searchKey = search === null ? '' : orderSearchQuery(search).toString();

  return (
    <AdminPage title="Order History" heading={t('orders.history.heading')} intro={t('orders.history.intro')} needsCatalog={false}>
      <Card title={t('orders.search.heading')}>
        <OrderSearchForm key={searchKey} current={search} day={date} onSearch={(next) => setParams(orderSearchQuery(next))} />
      </Card>
      {search === null ? (
        <DayHistory date={date} today={today} timezone={timezone} show={(next) => setParams(next === today ? {} : { date: next })} />
      ) : (
        <SearchResults key={searchKey} search={search} timezone={timezone} onClear={() => setParams({})} />
      )}
    </AdminPage>
  );
}

/** What a search found, a page at a time, and the way back to the day's list. */
function SearchResults({ search, timezone, onClear }: { search: OrderSearch; timezone: string; onClear: () => void }) {
  const { t } = useAdminTranslation();
  const found = useAdminData(() => searchOrders(search), `admin-order-search-${orderSearchQuery(search).toString()}`);
  return (
    <Card
      title={t('orders.search.results')}
      actions={
        <button type="button" className="button button--small button--ghost" onClick={onClear}>
          {t('orders.search.clear')}
        </button>
      }
    >
      {found.status === 'loading' && <LoadingMessage text={t('orders.history.loading')} />}
      {found.status === 'error' && <ErrorMessage text={errorText(found.error, t, t('orders.history.load_error'))} onRetry={found.reload} />}
      {found.status === 'success' && <FoundOrders search={search} first={found.data} timezone={timezone} />}
    </Card>
  );
}

function FoundOrders({ search, first, timezone }: { search: OrderSearch; first: OrderSearchResult; timezone: string }) {
  const { t } = useAdminTranslation();
  const pages = useAdminMorePages({ items: first.orders, next: first.next_before }, (before: number) =>
    searchOrders(search, before).then((page) => ({ items: page.orders, next: page.next_before })),
  );
  return (
    <>
      {search.kind === 'text' && (
        <p className="admin-card__intro" data-testid="search-customers">
          {first.more_customers
            ? t('orders.search.more_customers', { count: first.customers })
            : t('orders.search.customers', { count: first.customers })}
        </p>
      )}
      {pages.items.length === 0 ? (
        <p className="admin-list__empty">{t('orders.search.none')}</p>
      ) : (
        <FoundOrdersTable orders={pages.items} timezone={timezone} />
      )}
      <MorePagesButton pages={pages} label={t('orders.history.load_older')} failedText={t('orders.history.older_failed')} />
    </>
  );
}

/** One business day's orders with the day's figures, and the days around it. */
function DayHistory({
  date,
  today,
  timezone,
  show,
}: {
  date: string;
  today: string;
  timezone: string;
  show: (date: string) => void;
}) {
  const { t } = useAdminTranslation();
  const day = useAdminData(() => listOrdersOn(date), `admin-orders-${date}`);
  return (
    <Card>
      <div className="admin-history__bar">
        <button type="button" className="button button--small button--ghost" onClick={() => show(shiftDay(date, -1))}>
          {t('orders.history.previous')}
        </button>
        <div className="admin-field admin-history__date">
          <label htmlFor="history-date" className="admin-field__label">
            {t('orders.history.date')}
          </label>
          <input
            id="history-date"
            type="date"
            className="admin-input"
            value={date}
            max={today}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isDay(value)) show(value);
            }}
          />
        </div>
        <button
          type="button"
          className="button button--small button--ghost"
          disabled={date >= today}
          onClick={() => show(shiftDay(date, 1))}
        >
          {t('orders.history.next')}
        </button>
        {date !== today && (
          <button type="button" className="button button--small button--ghost" onClick={() => show(today)}>
            {t('orders.history.today')}
          </button>
        )}
      </div>
      {day.status === 'loading' && <LoadingMessage text={t('orders.history.loading')} />}
      {day.status === 'error' && <ErrorMessage text={t('orders.history.load_error')} onRetry={day.reload} />}
      {day.status === 'success' && <DayOrders key={date} day={day.data} timezone={timezone} />}
    </Card>
  );
}

/** The day's pages after the first one, loaded one at a time on request. */
function useOlderOrders(day: OrdersOfDay) {
  return useAdminMorePages({ items: day.orders, next: day.next_before }, (before: number) =>
    listOrdersOn(day.date, before).then((page) => ({ items: page.orders, next: page.next_before })),
  );
}

function DayOrders({ day, timezone }: { day: OrdersOfDay; timezone: string }) {
  const { t } = useAdminTranslation();
  const older = useOlderOrders(day);
  const orders = older.items;
  return (
    <>
      <p className="admin-history__summary" data-testid="history-summary">
        <span>{t('orders.history.day', { date: formatDay(day.date) })}</span>
        <span>{t('orders.history.count', { count: day.count })}</span>
        <span>
          {t('orders.history.revenue')}: <strong className="admin-num">{formatPrice(day.revenue)}</strong>
        </span>
      </p>
      <p className="admin-card__intro">{t('orders.history.rejected_note')}</p>
      {orders.length === 0 ? (
        <p className="admin-list__empty">{t('orders.history.empty')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-history__table">
            <thead>
              <tr>
                <th scope="col">{t('orders.history.number')}</th>
                <th scope="col">{t('orders.history.time')}</th>
                <th scope="col">{t('orders.history.status')}</th>
                <th scope="col">{t('orders.history.type')}</th>
                <th scope="col">{t('orders.history.payment')}</th>
                <th scope="col" className="admin-num">
                  {t('orders.history.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {orders.map((order) => (
                <tr key={order.id} className={order.status === 'rejected' || order.status === 'cancelled' ? 'admin-history__rejected' : undefined}>
                  <td data-label={t('orders.history.number')}>
                    <Link to={`/admin/orders/${order.id}`} aria-label={t('orders.details_named', { number: order.number })}>
                      {t('orders.number', { number: order.number })}
                    </Link>
                  </td>
                  <td data-label={t('orders.history.time')}>
                    <time dateTime={order.created_at}>{formatTime(order.created_at, timezone)}</time>
                  </td>
                  <td data-label={t('orders.history.status')}>
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td data-label={t('orders.history.type')}>{t(`orders.type.${order.order_type}`)}</td>
                  <td data-label={t('orders.history.payment')}>{t(paymentKey(order))}</td>
                  <td data-label={t('orders.history.total')} className="admin-num">
                    {formatPrice(order.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <MorePagesButton pages={older} label={t('orders.history.load_older')} failedText={t('orders.history.older_failed')} />
    </>
  );
}
