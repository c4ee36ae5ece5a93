import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { useReorder } from '../../features/cart/checkout';
import { MyOrdersList } from '../../features/orders';
import { useAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/page-title';
import { SessionPending } from './account-page';

/**
 * /my-orders – a signed-in customer's orders, each to be ordered again in one tap;
 * anyone else logs in first and comes back.
 */
export function MyOrdersRoute() {
  const { t } = useTranslation();
  usePageTitle('My Orders');
  const { user, loading } = useAuth();
  const reorder = useReorder();

  if (loading) return <SessionPending />;
  if (user === null) return <Navigate to="/login/my-orders" replace />;

  return (
    <div className="container page my-orders-page">
      <h1 className="page__title">{t('orders.my_orders.title')}</h1>
      <MyOrdersList reorder={reorder} />
    </div>
  );
}

export { MyOrdersRoute as Component };
