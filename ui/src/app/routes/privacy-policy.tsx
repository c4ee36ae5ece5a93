import { useTranslation } from 'react-i18next';
import { ImpressumDetails } from '../../features/privacy';
import { usePageTitle } from '../../lib/page-title';

export function PrivacyPolicyRoute() {
  const { t } = useTranslation();
  usePageTitle('Privacy Policy');
  return (
    <div className="container page">
      <h1 className="page__title">{t('privacy.heading')}</h1>
      <ImpressumDetails />
    </div>
  );
}

export { PrivacyPolicyRoute as Component };
