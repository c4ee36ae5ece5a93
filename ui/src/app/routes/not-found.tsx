import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../lib/page-title';

export function NotFoundRoute() {
  const { t } = useTranslation();
  usePageTitle('Page not found');
  return (
    <div className="container page page--centered">
      <p className="page__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">{t('not_found.heading')}</h1>
      <p>{t('not_found.message')}</p>
      <Link to="/" className="button">
        {t('not_found.back')}
      </Link>
    </div>
  );
}

export { NotFoundRoute as Component };
