import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router-dom';
import { LanguageDropdown } from '../../components/header/language-dropdown';
import { firstName, useAuth } from '../../lib/auth';
import { restaurantRole } from '../lib/roles';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { CatalogProvider } from '../lib/catalog-context';
import { useAdminTranslation } from '../lib/use-admin-translation';

/**
 * Every admin screen, in the order of the sidebar. Paths are relative to /admin.
 * `staff`: staff may use it too; the others are the owner's.
 */
export const ADMIN_NAV: readonly { path: string; label: string; staff?: true }[] = [
  { path: 'home', label: 'nav.home', staff: true },
  { path: 'orders-history', label: 'nav.orders_history', staff: true },
  { path: 'customers', label: 'nav.customers', staff: true },
  { path: 'sold-out', label: 'nav.sold_out', staff: true },
  { path: 'payments', label: 'nav.payments' },
  { path: 'revenue', label: 'nav.revenue' },
  { path: 'closings', label: 'nav.closings' },
  { path: 'store-setting', label: 'nav.store_setting' },
  { path: 'fiscal', label: 'nav.fiscal' },
  { path: 'disscount', label: 'nav.disscount' },
  { path: 'coupons', label: 'nav.coupons' },
  { path: 'tables', label: 'nav.tables' },
  { path: 'postcodes', label: 'nav.postcodes' },
  { path: 'printers', label: 'nav.printers', staff: true },
  { path: 'accounts', label: 'nav.accounts' },
  { path: 'categories-page', label: 'nav.categories_page' },
  { path: 'category-list', label: 'nav.category_list' },
  { path: 'category', label: 'nav.category' },
  { path: 'products-list', label: 'nav.products_list' },
  { path: 'products', label: 'nav.products' },
  { path: 'tax', label: 'nav.tax' },
  { path: 'toppings', label: 'nav.toppings' },
  { path: 'topping-groups', label: 'nav.topping_groups' },
  { path: 'group-item', label: 'nav.group_item' },
  { path: 'product-groups', label: 'nav.product_groups' },
  { path: 'allergy', label: 'nav.allergy' },
  { path: 'item-allergy', label: 'nav.item_allergy' },
  { path: 'banners', label: 'nav.banners' },
  { path: 'support', label: 'nav.support' },
  { path: 'outbox', label: 'nav.outbox' },
];

/**
 * The signed-in admin frame: top bar with the user's name and role, sidebar with the
 * screens the role may use, and the catalog for all of them.
 */
export function AdminLayout() {
  const { t } = useAdminTranslation();
  const { user, logout } = useAuth();
  const { brand } = getRuntimeConfig();
  const [menuOpen, setMenuOpen] = useState(false);
  const role = restaurantRole(user);
  const nav = role === 'owner' ? ADMIN_NAV : ADMIN_NAV.filter((item) => item.staff);
  // A tap on a nav entry closes the mobile menu.
  const closeMenu = () => setMenuOpen(false);

  return (
    <CatalogProvider>
      <div className="admin-shell">
        <header className="admin-topbar">
          <button
            type="button"
            className="admin-topbar__menu"
            aria-expanded={menuOpen}
            aria-controls="admin-nav"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <span className="admin-topbar__burger" aria-hidden="true" />
            <span className="visually-hidden">{t('nav.toggle')}</span>
          </button>
          <Link to="/admin/home" className="admin-topbar__brand">
            {brand} <span className="admin-topbar__badge">{t('nav.admin')}</span>
          </Link>
          <div className="admin-topbar__actions">
            <span className="admin-topbar__user" data-testid="admin-user">
              {role === null ? firstName(user) : t('nav.signed_in_as', { name: firstName(user), role: t(`roles.${role}`) })}
            </span>
            <LanguageDropdown />
          </div>
        </header>
        <div className="admin-body">
          <nav id="admin-nav" className={`admin-nav${menuOpen ? ' admin-nav--open' : ''}`} aria-label={t('nav.label')}>
            <ul>
              {nav.map((item) => (
                <li key={item.path}>
                  <NavLink to={`/admin/${item.path}`} className="admin-nav__link" end onClick={closeMenu}>
                    {t(item.label)}
                  </NavLink>
                </li>
              ))}
            </ul>
            <div className="admin-nav__footer">
              <Link to="/" className="admin-nav__link" onClick={closeMenu}>
                {t('nav.storefront')}
              </Link>
              <button type="button" className="button button--ghost admin-nav__logout" onClick={() => logout('admin')}>
                {t('nav.logout')}
              </button>
            </div>
          </nav>
          <main id="main-content" className="admin-main" tabIndex={-1}>
            <Outlet />
          </main>
        </div>
      </div>
    </CatalogProvider>
  );
}
