import { useTranslation } from 'react-i18next';
import { TermsDetails } from '../../features/terms';
import { usePageTitle } from '../../lib/page-title';

/** /terms – the store's terms (AGB) and, at #withdrawal, its withdrawal information. */
export function TermsRoute() {
  const { t } = useTranslation();
  usePageTitle('Terms and Withdrawal Information');
  return (
    <div className="container page">
      <h1 className="page__title">{t('terms.heading')}</h1>
      <TermsDetails />
    </div>
  );
}

export { TermsRoute as Component };
