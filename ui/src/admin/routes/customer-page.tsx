import { Link, useParams } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { ApiError } from '../../lib/api-error';
import { formatPrice } from '../../lib/format-price';
import { getCustomer, listCustomerOrders, type Customer, type FoundOrders } from '../api/customers-api';
import { AdminPage } from '../components/admin-page';
import { Card } from '../components/fields';
import { FoundOrdersTable } from '../components/found-orders-table';
import { MorePagesButton } from '../components/more-pages-button';
import { useAdminData, useAdminMorePages } from '../lib/use-admin-data';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { storeTimezone, useAdminStore } from '../lib/use-store-timezone';

const notACustomer = () => Promise.reject(new ApiError(404, undefined, 'customer_not_found'));

/** /admin/customers/:id: one customer's details and figures, and their orders a page at a time. */
export function CustomerPage() {
  const { t } = useAdminTranslation();
  const { id = '' } = useParams();
  const customerId = /^\d+$/.test(id) ? Number(id) : null;
  const loaded = useAdminData(
    () =>
      customerId === null
        ? notACustomer()
        : Promise.all([getCustomer(customerId), listCustomerOrders(customerId)]).then(([customer, orders]) => ({ customer, orders })),
    `admin-customer-${id}`,
  );
  const timezone = storeTimezone(useAdminStore());
  const missing = loaded.status === 'error' && loaded.error instanceof ApiError && loaded.error.status === 404;
  const heading = loaded.status === 'success' ? loaded.data.customer.name : t('customers.customer');

  return (
    <AdminPage title="Customer" heading={heading} needsCatalog={false}>
      <p>
        <Link to="/admin/customers">{t('customers.back')}</Link>
      </p>
      {loaded.status === 'loading' && <LoadingMessage text={t('customers.loading')} />}
      {loaded.status === 'error' &&
        (missing ? (
          <p className="admin-list__empty">{t('customers.not_found')}</p>
        ) : (
          <ErrorMessage text={t('customers.load_error')} onRetry={loaded.reload} />
        ))}
      {loaded.status === 'success' && (
        <>
          <CustomerFigures customer={loaded.data.customer} />
          <Card title={t('customers.their_orders')}>
            <CustomerOrders key={loaded.data.customer.id} id={loaded.data.customer.id} first={loaded.data.orders} timezone={timezone} />
          </Card>
        </>
      )}
    </AdminPage>
  );
}

function CustomerFigures({ customer }: { customer: Customer }) {
  const { t } = useAdminTranslation();
  const address = customer.address;
  return (
    <Card>
      <dl className="admin-order-facts" data-testid="customer-facts">
        <div>
          <dt>{t('customers.kind')}</dt>
          <dd>{customer.registered ? t('customers.registered') : t('customers.guest')}</dd>
        </div>
        <div>
          <dt>{t('customers.phone')}</dt>
          <dd>{customer.phone || '–'}</dd>
        </div>
        <div>
          <dt>{t('customers.email')}</dt>
          <dd>{customer.email || '–'}</dd>
        </div>
        <div>
          <dt>{t('customers.address')}</dt>
          <dd>{address ? `${address.line1}, ${address.zip} ${address.city}`.trim() : '–'}</dd>
        </div>
        <div>
          <dt>{t('customers.orders')}</dt>
          <dd>
            {customer.orders}
            {customer.rejected > 0 && ` ${t('customers.rejected', { count: customer.rejected })}`}
          </dd>
        </div>
        <div>
          <dt>{t('customers.total')}</dt>
          <dd className="admin-num">{formatPrice(customer.total)}</dd>
        </div>
      </dl>
      <p className="admin-card__intro">{t('customers.counting')}</p>
    </Card>
  );
}

function CustomerOrders({ id, first, timezone }: { id: number; first: FoundOrders; timezone: string }) {
  const { t } = useAdminTranslation();
  const pages = useAdminMorePages({ items: first.orders, next: first.next_before }, (before: number) =>
    listCustomerOrders(id, before).then((page) => ({ items: page.orders, next: page.next_before })),
  );
  return (
    <>
      <FoundOrdersTable orders={pages.items} timezone={timezone} />
      <MorePagesButton pages={pages} label={t('orders.history.load_older')} failedText={t('orders.history.older_failed')} />
    </>
  );
}
