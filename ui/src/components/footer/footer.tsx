import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { useStore } from '../../lib/store-context';
import './footer.css';

export function Footer() {
  const { t } = useTranslation();
  const store = useStore();
  const { brand } = getRuntimeConfig();
  // A failed store fetch has been logged already; the footer then stays minimal.
  const data = store.status === 'success' ? store.data : undefined;

  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__company">
          <p className="site-footer__name">{data?.company_name || brand}</p>
          {data?.address_line && <p className="site-footer__address">{data.address_line}</p>}
        </div>
        {data?.show_impressum && (
          <Link
            to="/privacypolicy"
            target="_blank"
            rel="noopener noreferrer"
            className="site-footer__link"
          >
            {t('footer.impressum')}
            <span className="visually-hidden"> {t('footer.opens_new_tab')}</span>
          </Link>
        )}
      </div>
    </footer>
  );
}
