import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { TERMS_PATH, termsLinks, WITHDRAWAL_PATH } from '../../lib/legal-texts';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { useStore } from '../../lib/store-context';
import './footer.css';

/** A footer link to a legal page, opened in a new tab so a cart or a checkout stays as it is. */
function LegalLink({ to, text, newTab }: { to: string; text: string; newTab: string }) {
  return (
    <Link to={to} target="_blank" rel="noopener noreferrer" className="site-footer__link">
      {text}
      <span className="visually-hidden"> {newTab}</span>
    </Link>
  );
}

export function Footer() {
  const { t, i18n } = useTranslation();
  const store = useStore();
  const { brand } = getRuntimeConfig();
  // A failed store fetch has been logged already; the footer then stays minimal.
  const data = store.status === 'success' ? store.data : undefined;
  const { terms, withdrawal } = termsLinks(data, i18n.language);
  const newTab = t('footer.opens_new_tab');

  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__company">
          <p className="site-footer__name">{data?.company_name || brand}</p>
          {data?.address_line && <p className="site-footer__address">{data.address_line}</p>}
        </div>
        <div className="site-footer__links">
          {data?.show_impressum && <LegalLink to="/privacypolicy" text={t('footer.impressum')} newTab={newTab} />}
          {terms && <LegalLink to={TERMS_PATH} text={t('footer.terms')} newTab={newTab} />}
          {withdrawal && <LegalLink to={WITHDRAWAL_PATH} text={t('footer.withdrawal')} newTab={newTab} />}
        </div>
      </div>
    </footer>
  );
}
