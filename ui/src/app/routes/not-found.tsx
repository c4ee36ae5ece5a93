import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { usePageTitle } from '../../lib/page-title';
import { DineInPage, TABLE_LINK } from './dine-in';

function NotFound() {
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

/** Every path no other route knows: a table's QR link (dine-in), else "not found". */
export function NotFoundRoute() {
  const { pathname } = useLocation();
  const table = TABLE_LINK.exec(pathname);
  return table ? <DineInPage id={table[1] ?? ''} tableKey={table[2] ?? ''} /> : <NotFound />;
}

export { NotFoundRoute as Component };
