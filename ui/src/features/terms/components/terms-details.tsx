import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../../components/status-message';
import { termsTexts, WITHDRAWAL_ID } from '../../../lib/legal-texts';
import { useLegalStore } from '../../../lib/legal-store';
import './terms.css';

/**
 * The store's terms (AGB) and below them its withdrawal information (Widerrufsbelehrung),
 * rendered as plain text; in English their English versions where the store has written
 * them. A link to #withdrawal (usually opened in a new tab, before the texts have loaded)
 * scrolls there once they are shown.
 */
export function TermsDetails() {
  const { t, i18n } = useTranslation();
  const store = useLegalStore();
  const { hash } = useLocation();
  const loaded = store.status === 'success';

  useEffect(() => {
    if (loaded && hash === `#${WITHDRAWAL_ID}`) document.getElementById(WITHDRAWAL_ID)?.scrollIntoView?.();
  }, [loaded, hash]);

  if (store.status === 'loading') return <LoadingMessage text={t('terms.loading')} />;
  if (store.status === 'error') return <ErrorMessage text={t('terms.error')} onRetry={store.reload} />;

  const { terms, withdrawal } = termsTexts(store.data, i18n.language);
  if (terms === '' && withdrawal === '') return <p className="terms terms__none">{t('terms.none')}</p>;
  return (
    <div className="terms">
      {terms !== '' && (
        <section aria-labelledby="terms-heading">
          <h2 id="terms-heading">{t('terms.terms_heading')}</h2>
          <p className="terms__text">{terms}</p>
        </section>
      )}
      {withdrawal !== '' && (
        <section id={WITHDRAWAL_ID} className="terms__withdrawal" aria-labelledby="withdrawal-heading">
          <h2 id="withdrawal-heading">{t('terms.withdrawal_heading')}</h2>
          <p className="terms__text">{withdrawal}</p>
        </section>
      )}
    </div>
  );
}
