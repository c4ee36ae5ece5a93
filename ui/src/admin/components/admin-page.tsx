import type { ReactNode } from 'react';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { usePageTitle } from '../../lib/page-title';
import { useCatalog } from '../lib/catalog-context';
import { useAdminTranslation } from '../lib/use-admin-translation';

/**
 * Frame of one admin screen: sets the page title ("<Title> | <Brand> Heimservice"),
 * shows the heading, and waits for the catalog before rendering the content.
 */
export function AdminPage({
  title,
  heading,
  intro,
  actions,
  needsCatalog = true,
  children,
}: {
  /** The English page title from the spec. */
  title: string;
  heading: string;
  intro?: string;
  actions?: ReactNode;
  /** Screens with their own data (store settings, discounts, postcodes) render without waiting for the catalog. */
  needsCatalog?: boolean;
  children: ReactNode;
}) {
  const { t } = useAdminTranslation();
  usePageTitle(title);
  const { catalog, error, reload } = useCatalog();
  return (
    <div className="admin-page">
      <div className="admin-page__head">
        <div>
          <h1 className="admin-page__title">{heading}</h1>
          {intro && <p className="admin-page__intro">{intro}</p>}
        </div>
        {actions}
      </div>
      {needsCatalog && catalog === null && error !== null && (
        <ErrorMessage text={t('common.load_error')} onRetry={() => void reload()} />
      )}
      {needsCatalog && catalog === null && error === null && <LoadingMessage text={t('common.loading')} />}
      {(!needsCatalog || catalog !== null) && children}
    </div>
  );
}
