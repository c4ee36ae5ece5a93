import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** Signed-out state for now: a link to the login page. */
export function AccountArea() {
  const { t } = useTranslation();
  return (
    <div className="account-area">
      <Link to="/login" className="button button--ghost">
        {t('header.login')}
      </Link>
    </div>
  );
}
