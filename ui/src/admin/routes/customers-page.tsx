import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { errorText } from '../../lib/error-text';
import { formatPrice } from '../../lib/format-price';
import { listCustomers, type Customer, type CustomersPage as CustomersOfPage } from '../api/customers-api';
import { AdminPage } from '../components/admin-page';
import { Card, TextInput } from '../components/fields';
import { MorePagesButton } from '../components/more-pages-button';
import { formatDay } from '../lib/order-format';
import { useAdminData, useAdminMorePages } from '../lib/use-admin-data';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** The longest search the server takes. */
const MAX_SEARCH = 100;

/**
 * /admin/customers?q=…: everyone who ordered (registered customers by their account,
 * guests by their phone number), whoever ordered last first, or those a name, phone
 * number or e-mail address finds; a page at a time.
 */
export function CustomersPage() {
  const { t } = useAdminTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const customers = useAdminData(() => listCustomers(q), `admin-customers-${q}`);
  const search = (event: FormEvent) => {
    event.preventDefault();
    setParams(text.trim() === '' ? {} : { q: text.trim() });
  };

  return (
    <AdminPage title="Customers" heading={t('customers.heading')} intro={t('customers.intro')} needsCatalog={false}>
      <Card>
        <form role="search" className="admin-history__bar" onSubmit={search}>
          <TextInput
            id="customer-search"
            label={t('customers.search')}
            hint={t('customers.search_hint')}
            value={text}
            maxLength={MAX_SEARCH}
            autoComplete="off"
            onChange={setText}
          />
          <button type="submit" className="button button--small" data-testid="customer-search-submit">
            {t('customers.search_button')}
          </button>
          {q !== '' && (
            <button
              type="button"
              className="button button--small button--ghost"
              onClick={() => {
                setText('');
                setParams({});
              }}
            >
              {t('customers.show_all')}
            </button>
          )}
        </form>
        {customers.status === 'loading' && <LoadingMessage text={t('customers.loading')} />}
        {customers.status === 'error' && (
          <ErrorMessage text={errorText(customers.error, t, t('customers.load_error'))} onRetry={customers.reload} />
        )}
        {customers.status === 'success' && <CustomerList key={q} first={customers.data} q={q} />}
      </Card>
    </AdminPage>
  );
}

function CustomerList({ first, q }: { first: CustomersOfPage; q: string }) {
  const { t } = useAdminTranslation();
  const pages = useAdminMorePages({ items: first.customers, next: first.next_after }, (after: string) =>
    listCustomers(q, after).then((page) => ({ items: page.customers, next: page.next_after })),
  );
  if (pages.items.length === 0) {
    return <p className="admin-list__empty">{q === '' ? t('customers.empty') : t('customers.none_found', { query: q })}</p>;
  }
  return (
    <>
      <p className="admin-card__intro">{t('customers.counting')}</p>
      <div className="admin-table-wrap">
        <table className="admin-table" data-testid="customers">
          <thead>
            <tr>
              <th scope="col">{t('customers.name')}</th>
              <th scope="col">{t('customers.phone')}</th>
              <th scope="col">{t('customers.email')}</th>
              <th scope="col" className="admin-num">
                {t('customers.orders')}
              </th>
              <th scope="col">{t('customers.last_order')}</th>
              <th scope="col" className="admin-num">
                {t('customers.total')}
              </th>
            </tr>
          </thead>
          <tbody>
            {pages.items.map((customer) => (
              <CustomerRow key={customer.id} customer={customer} />
            ))}
          </tbody>
        </table>
      </div>
      <MorePagesButton pages={pages} label={t('customers.more')} failedText={t('customers.more_error')} />
    </>
  );
}

function CustomerRow({ customer }: { customer: Customer }) {
  const { t } = useAdminTranslation();
  return (
    <tr>
      <td data-label={t('customers.name')}>
        <Link to={`/admin/customers/${customer.id}`}>{customer.name}</Link>
        {customer.registered && (
          <>
            {' '}
            <span className="admin-badge admin-badge--active">{t('customers.registered')}</span>
          </>
        )}
      </td>
      <td data-label={t('customers.phone')}>{customer.phone}</td>
      <td data-label={t('customers.email')}>{customer.email}</td>
      <td data-label={t('customers.orders')} className="admin-num">
        {customer.orders}
        {customer.rejected > 0 && (
          <span className="admin-field__hint"> {t('customers.rejected', { count: customer.rejected })}</span>
        )}
      </td>
      <td data-label={t('customers.last_order')}>
        <Link
          to={`/admin/orders/${customer.last_order.id}`}
          aria-label={t('customers.last_order_named', {
            date: formatDay(customer.last_order.business_date),
            number: customer.last_order.number,
          })}
        >
          {formatDay(customer.last_order.business_date)} · {t('orders.number', { number: customer.last_order.number })}
        </Link>
      </td>
      <td data-label={t('customers.total')} className="admin-num">
        {formatPrice(customer.total)}
      </td>
    </tr>
  );
}
