import { useTranslation } from 'react-i18next';
import { ErrorMessage, LoadingMessage } from '../../../components/status-message';
import { localized } from '../../../lib/localized';
import { useLegalStore } from '../../../lib/legal-store';
import './privacy.css';

/**
 * Company details and the store's Impressum and privacy policy, rendered as plain
 * text; in English their English versions where the store has written them.
 */
export function ImpressumDetails() {
  const { t, i18n } = useTranslation();
  const store = useLegalStore();

  if (store.status === 'loading') return <LoadingMessage text={t('privacy.loading')} />;
  if (store.status === 'error') return <ErrorMessage text={t('privacy.error')} onRetry={store.reload} />;

  const { company_name, address_line, phone } = store.data;
  const impressum_text = localized(store.data.impressum_text, store.data.impressum_text_en, i18n.language);
  const privacy_text = localized(store.data.privacy_text ?? '', store.data.privacy_text_en, i18n.language);
  return (
    <div className="impressum">
      <dl className="impressum__facts">
        <div>
          <dt>{t('privacy.company')}</dt>
          <dd>{company_name}</dd>
        </div>
        <div>
          <dt>{t('privacy.address')}</dt>
          <dd>{address_line}</dd>
        </div>
        {phone && (
          <div>
            <dt>{t('privacy.phone')}</dt>
            <dd>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </dd>
          </div>
        )}
      </dl>
      {impressum_text && <p className="impressum__text">{impressum_text}</p>}
      {privacy_text && (
        <section className="impressum__privacy" aria-labelledby="privacy-policy-heading">
          <h2 id="privacy-policy-heading">{t('privacy.policy_heading')}</h2>
          <p className="impressum__text">{privacy_text}</p>
        </section>
      )}
    </div>
  );
}
