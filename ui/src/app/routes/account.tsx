import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router-dom';
import { ChangePassword, DeleteAccount, EditProfile } from '../../features/accounts';
import { useAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/page-title';
import { AccountPage, SessionPending } from './account-page';

/** /account – the signed-in customer's account: who they are, their orders, profile and password, and deleting the account. */
export function AccountRoute() {
  const { t } = useTranslation();
  usePageTitle('My Account');
  const { user, loading, logout } = useAuth();

  if (loading) return <SessionPending />;
  if (user === null) return <Navigate to="/login/account" replace />;

  return (
    <AccountPage title={t('my_account.title')}>
      <dl className="my-account__facts">
        <dt>{t('account.fields.email')}</dt>
        <dd>{user.email}</dd>
      </dl>
      <div className="my-account__links">
        <Link to="/my-orders" className="button button--ghost">
          {t('orders.my_orders.title')}
        </Link>
      </div>
      <EditProfile />
      <ChangePassword />
      <DeleteAccount onDeleted={() => logout()} />
    </AccountPage>
  );
}

export { AccountRoute as Component };
