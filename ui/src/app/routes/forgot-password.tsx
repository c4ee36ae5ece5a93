import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '../../features/accounts';
import { usePageTitle } from '../../lib/page-title';
import { AccountPage } from './account-page';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  usePageTitle('Forgot Password');
  return (
    <AccountPage title={t('forgot_password.title')}>
      <ForgotPasswordForm />
    </AccountPage>
  );
}

export { ForgotPasswordRoute as Component };
