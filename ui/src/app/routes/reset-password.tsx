import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { ResetPasswordForm } from '../../features/accounts';
import { usePageTitle } from '../../lib/page-title';
import { AccountPage } from './account-page';

/** /reset-password?token=… – the link from the reset e-mail. */
export function ResetPasswordRoute() {
  const { t } = useTranslation();
  usePageTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  return (
    <AccountPage title={t('reset_password.title')}>
      <ResetPasswordForm key={token} token={token} />
    </AccountPage>
  );
}

export { ResetPasswordRoute as Component };
