import { Link } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { firstName, useAuth } from '../../lib/auth';
import { isOwner } from '../lib/roles';
import { AdminPage } from '../components/admin-page';
import { ClosedReasonBanner } from '../components/closed-reason-banner';
import { OrderingStatus } from '../components/ordering-status';
import { OrdersBoard } from '../components/orders-board';
import { ReadinessChecklist } from '../components/readiness-checklist';
import { useCatalog } from '../lib/catalog-context';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { useClosedReason } from '../lib/use-closed-reason';
import { storeTimezone, useAdminStore } from '../lib/use-store-timezone';
import type { CatalogKey } from '../types';

const TILES: readonly { key: CatalogKey; label: string; path: string }[] = [
  { key: 'categories', label: 'dashboard.categories', path: 'category-list' },
  { key: 'products', label: 'dashboard.products', path: 'products-list' },
  { key: 'toppings', label: 'dashboard.toppings', path: 'toppings' },
  { key: 'topping_groups', label: 'dashboard.topping_groups', path: 'topping-groups' },
  { key: 'allergies', label: 'dashboard.allergies', path: 'allergy' },
];

/**
 * /admin/home: the live orders board first, then the ordering switch and, for the owner,
 * the checklist before opening and the catalog at a glance. The banner and the ordering
 * state share one live status (one connection), so they agree.
 */
export function DashboardPage() {
  const { t } = useAdminTranslation();
  const { user } = useAuth();
  const owner = isOwner(user);
  const store = useAdminStore();
  const closed = useClosedReason(store);
  const timezone = storeTimezone(store);
  return (
    <AdminPage
      title="Admin Dashboard"
      heading={t('dashboard.heading', { name: firstName(user) })}
      intro={owner ? t('dashboard.intro') : t('dashboard.intro_staff')}
      needsCatalog={false}
    >
      <ClosedReasonBanner state={closed === 'unknown' ? null : closed} timezone={timezone} />
      <OrdersBoard timezone={timezone} takesCash={!(store.status === 'success' && store.data.cash_payment === false)} />
      <OrderingStatus closed={closed} owner={owner} />
      {owner && <ReadinessChecklist timezone={timezone} />}
      {owner && <CatalogSummary />}
    </AdminPage>
  );
}

/** Counts of the catalog with shortcuts; the orders board above does not wait for it. */
function CatalogSummary() {
  const { t } = useAdminTranslation();
  const { catalog, error, reload } = useCatalog();
  if (catalog === null) {
    return error !== null ? (
      <ErrorMessage text={t('common.load_error')} onRetry={() => void reload()} />
    ) : (
      <LoadingMessage text={t('common.loading')} />
    );
  }
  const hidden = catalog.categories.filter((category) => !category.visible).length;
  const soldOut = catalog.products.filter((product) => !product.available).length;
  return (
    <>
      <ul className="admin-tiles">
        {TILES.map((tile) => (
          <li key={tile.key}>
            <Link to={`/admin/${tile.path}`} className="admin-tile">
              <span className="admin-tile__count">{catalog[tile.key].length}</span>
              <span className="admin-tile__label">{t(tile.label)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <div className="admin-card">
        <h2 className="admin-card__title">{t('dashboard.quick')}</h2>
        <p>{t('dashboard.status', { hidden, soldOut })}</p>
        <div className="admin-form__actions">
          <Link to="/admin/categories-page" className="button">
            {t('nav.categories_page')}
          </Link>
          <Link to="/admin/products" className="button button--ghost">
            {t('pages.products_list.new')}
          </Link>
          <Link to="/admin/category" className="button button--ghost">
            {t('pages.category_list.new')}
          </Link>
        </div>
      </div>
    </>
  );
}
