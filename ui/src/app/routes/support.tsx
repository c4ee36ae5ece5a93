import { useTranslation } from 'react-i18next';
import { SupportForm } from '../../features/support';
import { usePageTitle } from '../../lib/page-title';
import { AccountPage } from './account-page';

export function SupportRoute() {
  const { t } = useTranslation();
  usePageTitle('Support');
  return (
    <AccountPage title={t('support.title')} wide>
      <p>{t('support.intro')}</p>
      <SupportForm />
    </AccountPage>
  );
}

export { SupportRoute as Component };
