import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router-dom';
import { LoginForm, loginTarget } from '../../features/accounts';
import { useAuth } from '../../lib/auth';
import { usePageTitle } from '../../lib/page-title';
import { AccountPage } from './account-page';

/** /login/:nextpage? – the login form as a page; after login it loads `nextpage` (checkout goes via the address step). */
export function LoginRoute() {
  const { t } = useTranslation();
  usePageTitle('Login');
  const { nextpage } = useParams();
  const { user, loading } = useAuth();
  const target = loginTarget(nextpage);

  if (!loading && user !== null) return <Navigate to={`/${target}`} replace />;

  return (
    <AccountPage title={t('login.title')}>
      <LoginForm redirectTo={target} />
    </AccountPage>
  );
}

export { LoginRoute as Component };
