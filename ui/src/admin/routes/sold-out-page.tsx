import { useState } from 'react';
import { setProductAvailable } from '../api/admin-api';
import { AdminPage } from '../components/admin-page';
import { useCatalog } from '../lib/catalog-context';
import { errorsFromApi } from '../lib/errors';
import { bySortOrder } from '../lib/names';
import { filterItems } from '../lib/search';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { EMPTY_CATALOG, type Product } from '../types';

/**
 * /admin/sold-out: every product by category with its sold-out switch, for the owner and
 * staff. A switch sends only the availability (PUT /products/{id}/availability) and
 * shows the product as the server answers it; a refusal is said at the product, whose
 * switch stays as it was.
 */
export function SoldOutPage() {
  const { t } = useAdminTranslation();
  const { catalog, replaceProduct } = useCatalog();
  const data = catalog ?? EMPTY_CATALOG;
  const [query, setQuery] = useState('');
  const [pending, setPending] = useState<readonly number[]>([]);
  const [errors, setErrors] = useState<Record<number, string>>({});

  const toggle = async (product: Product) => {
    setPending((ids) => [...ids, product.id]);
    setErrors((current) => {
      const next = { ...current };
      delete next[product.id];
      return next;
    });
    try {
      replaceProduct(await setProductAvailable(product.id, !product.available));
    } catch (failure) {
      const reason = errorsFromApi(failure, [], t).general ?? t('errors.generic');
      setErrors((current) => ({ ...current, [product.id]: reason }));
    } finally {
      setPending((ids) => ids.filter((id) => id !== product.id));
    }
  };

  const categories = [...data.categories].sort(bySortOrder);
  const shown = filterItems(data.products, query, (product) => `${product.name} ${product.name_en ?? ''}`);
  const soldOut = data.products.filter((product) => !product.available).length;

  return (
    <AdminPage title="Sold Out" heading={t('sold_out.heading')} intro={t('sold_out.intro')}>
      <div className="admin-list__toolbar">
        <label htmlFor="sold-out-search" className="visually-hidden">
          {t('list.search')}
        </label>
        <input
          id="sold-out-search"
          type="search"
          className="admin-input admin-list__search"
          placeholder={t('list.search_placeholder')}
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <span className="admin-list__count" data-testid="sold-out-count">
          {t('sold_out.count', { soldOut, total: data.products.length })}
        </span>
      </div>
      {data.products.length === 0 && <p className="admin-list__empty">{t('sold_out.empty')}</p>}
      {data.products.length > 0 && shown.length === 0 && <p className="admin-list__empty">{t('list.no_match')}</p>}
      <div className="admin-sold-out" data-testid="sold-out-page">
        {categories.map((category) => {
          const products = shown.filter((product) => product.category_id === category.id).sort(bySortOrder);
          if (products.length === 0) return null;
          return (
            <section
              key={category.id}
              className="admin-card admin-sold-out__category"
              aria-labelledby={`sold-out-category-${category.id}`}
              data-testid="sold-out-category"
              data-category-id={category.id}
            >
              <h2 id={`sold-out-category-${category.id}`} className="admin-card__title">
                {category.name}
              </h2>
              <ul className="admin-sold-out__products">
                {products.map((product) => (
                  <SoldOutRow
                    key={product.id}
                    product={product}
                    busy={pending.includes(product.id)}
                    error={errors[product.id]}
                    onToggle={() => void toggle(product)}
                  />
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </AdminPage>
  );
}

function SoldOutRow({
  product,
  busy,
  error,
  onToggle,
}: {
  product: Product;
  busy: boolean;
  error: string | undefined;
  onToggle: () => void;
}) {
  const { t } = useAdminTranslation();
  const soldOut = !product.available;
  const errorId = `sold-out-error-${product.id}`;
  return (
    <li
      className={`admin-sold-out__product${soldOut ? ' is-sold-out' : ''}`}
      data-testid="sold-out-product"
      data-product-id={product.id}
      data-sold-out={soldOut}
    >
      <span className="admin-sold-out__name">{product.name}</span>
      <button
        type="button"
        role="switch"
        className="admin-sold-out__switch"
        aria-checked={soldOut}
        aria-label={t('sold_out.switch_named', { name: product.name })}
        aria-describedby={error ? errorId : undefined}
        aria-busy={busy || undefined}
        data-testid="sold-out-switch"
        disabled={busy}
        onClick={onToggle}
      >
        <span className="admin-sold-out__track" aria-hidden="true">
          <span className="admin-sold-out__thumb" />
        </span>
        <span className="admin-sold-out__label">{t('sold_out.switch')}</span>
      </button>
      {error && (
        <p id={errorId} className="admin-field__error admin-sold-out__error" role="alert" data-testid="sold-out-error">
          {t('sold_out.failed', { name: product.name, reason: error })}
        </p>
      )}
    </li>
  );
}
