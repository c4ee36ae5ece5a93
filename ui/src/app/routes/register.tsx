import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RegisterForm } from '../../features/accounts';
import { usePageTitle } from '../../lib/page-title';
import { AccountPage } from './account-page';

export function RegisterRoute() {
  const { t } = useTranslation();
  usePageTitle('Register');
  const navigate = useNavigate();
  return (
    <AccountPage title={t('register.title')}>
      <RegisterForm onRegistered={() => navigate('/')} />
    </AccountPage>
  );
}

export { RegisterRoute as Component };
