import { useTranslation } from 'react-i18next';
import { ErrorMessage, LoadingMessage } from '../../../components/status-message';
import { useStore } from '../../../lib/store-context';
import './privacy.css';

/** Company details and the store's Impressum text, rendered as plain text. */
export function ImpressumDetails() {
  const { t } = useTranslation();
  const store = useStore();

  if (store.status === 'loading') return <LoadingMessage text={t('privacy.loading')} />;
  if (store.status === 'error') return <ErrorMessage text={t('privacy.error')} onRetry={store.reload} />;

  const { company_name, address_line, phone, impressum_text, privacy_text } = store.data;
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
