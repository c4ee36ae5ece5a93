import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { ApiError } from '../../lib/api-error';
import { formatPrice } from '../../lib/format-price';
import { updateRecord } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { EditConflictNotice } from '../components/edit-conflict';
import { FormMessage } from '../components/fields';
import { useCatalog } from '../lib/catalog-context';
import { conflictText, isEditConflict } from '../lib/edit-version';
import { errorsFromApi } from '../lib/errors';
import { bySortOrder } from '../lib/names';
import { filterItems } from '../lib/search';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { EMPTY_CATALOG, type Category, type Product } from '../types';

/** The writable fields of a category, as PUT /categories/{id} takes them. */
function categoryBody(category: Category, visible: boolean) {
  const { name, name_en, description, description_en, sort_order } = category;
  return { name, name_en, description, description_en, sort_order, visible };
}

/** The writable fields of a product, as PUT /products/{id} takes them. */
function productBody(product: Product, available: boolean) {
  const { category_id, name, name_en, description, description_en, price, tax_id, type, variants, sort_order } = product;
  return {
    category_id,
    name,
    name_en,
    description,
    description_en,
    price,
    tax_id,
    type,
    variants: variants.map(({ id, name: variantName, name_en: variantNameEn, price: variantPrice }) => ({
      id,
      name: variantName,
      name_en: variantNameEn,
      price: variantPrice,
    })),
    sort_order,
    available,
  };
}

/** /admin/categories-page: every category with its products and quick visible / sold-out switches. */
export function CategoriesOverviewPage() {
  const { t } = useAdminTranslation();
  const { catalog, reload } = useCatalog();
  const data = catalog ?? EMPTY_CATALOG;
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [conflict, setConflict] = useState<ApiError | null>(null);

  /** Runs a switch: each one sends the whole record, on the version this page shows. */
  const run = async (key: string, write: () => Promise<unknown>) => {
    setBusy(key);
    setError(undefined);
    setConflict(null);
    try {
      await write();
      await reload();
    } catch (failure) {
      if (isEditConflict(failure)) setConflict(failure);
      else setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(null);
    }
  };

  const loadCurrent = async (): Promise<boolean> => {
    const loaded = (await reload()) !== null;
    if (loaded) setConflict(null);
    return loaded;
  };

  const categories = [...data.categories].sort(bySortOrder);
  const matchingProducts = filterItems(data.products, query, (product) => `${product.name} ${product.name_en ?? ''}`);
  const matchingCategories = filterItems(categories, query, (category) => `${category.name} ${category.name_en ?? ''}`);

  return (
    <AdminPage title="Categories" heading={t('overview.heading')} intro={t('overview.intro')}>
      <div className="admin-list__toolbar">
        <label htmlFor="overview-search" className="visually-hidden">
          {t('list.search')}
        </label>
        <input
          id="overview-search"
          type="search"
          className="admin-input admin-list__search"
          placeholder={t('list.search_placeholder')}
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
      </div>
      {conflict && <EditConflictNotice text={conflictText(conflict, 'switch', t)} onReload={loadCurrent} />}
      <FormMessage error={error} />
      {categories.length === 0 && <p className="admin-list__empty">{t('list.empty')}</p>}
      <div className="admin-overview">
        {categories.map((category) => {
          const products = data.products.filter((product) => product.category_id === category.id).sort(bySortOrder);
          const shownProducts = query ? products.filter((product) => matchingProducts.includes(product)) : products;
          if (query && shownProducts.length === 0 && !matchingCategories.includes(category)) return null;
          return (
            <section key={category.id} className={`admin-card admin-overview__category${category.visible ? '' : ' is-hidden'}`}>
              <div className="admin-card__head">
                <h2 className="admin-card__title">
                  <Link to={`/admin/category?id=${category.id}`}>{category.name}</Link>
                </h2>
                <label className="admin-switch">
                  <input
                    type="checkbox"
                    checked={category.visible}
                    aria-label={`${t('overview.visible')}: ${category.name}`}
                    disabled={busy !== null}
                    onChange={() =>
                      void run(`c${category.id}`, () =>
                        updateRecord('/categories/', category.id, categoryBody(category, !category.visible), category.version),
                      )
                    }
                  />
                  <span aria-hidden="true">{t('overview.visible')}</span>
                </label>
              </div>
              {shownProducts.length === 0 ? (
                <p className="admin-list__empty">{t('overview.no_products')}</p>
              ) : (
                <ul className="admin-overview__products">
                  {shownProducts.map((product) => (
                    <li key={product.id} className={product.available ? '' : 'is-sold-out'}>
                      <Link to={`/admin/products?id=${product.id}`} className="admin-overview__name">
                        {product.name}
                      </Link>
                      <span className="admin-overview__price">
                        {product.type === 'variable' ? t('overview.from_price', { price: formatPrice(product.price) }) : formatPrice(product.price)}
                      </span>
                      <label className="admin-switch">
                        <input
                          type="checkbox"
                          checked={!product.available}
                          aria-label={`${t('overview.sold_out')}: ${product.name}`}
                          disabled={busy !== null}
                          onChange={() =>
                            void run(`p${product.id}`, () =>
                              updateRecord('/products/', product.id, productBody(product, !product.available), product.version),
                            )
                          }
                        />
                        <span aria-hidden="true">{t('overview.sold_out')}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>
    </AdminPage>
  );
}
