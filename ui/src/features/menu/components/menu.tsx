import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorMessage, LoadingMessage } from '../../../components/status-message';
import { categoriesFromPage, getCategories } from '../../../lib/api';
import { fetchLiveProducts, useLiveProducts } from '../../../lib/live-menu';
import { productsFromPage, type Product } from '../../../lib/menu-api';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useAsync } from '../../../lib/use-async';
import { categoryDescription, categoryName } from '../lib/localized-category';
import { filterProducts, groupByCategory, usedAllergens } from '../lib/menu-data';
import { AllergenLegend } from './allergen-legend';
import { CategoryNav } from './category-nav';
import { ProductCard } from './product-card';
import { useMenuSearch } from './search-context';
import { useActiveSection } from './use-active-section';
import './menu.css';

const sectionId = (id: number) => `category-${id}`;
/** The first cards are above the fold on a phone: their photos are not lazy. */
const EAGER_CARDS = 4;

/** Bottom edge of the sticky header and category bar: content above it is hidden. */
function stickyOffset(): number {
  return document.querySelector('.category-nav')?.getBoundingClientRect().bottom ?? 0;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** Brings the menu's heading into view below the sticky header and moves focus to it. */
export function scrollToMenu(): void {
  const heading = document.getElementById('menu-heading');
  if (!heading) return;
  const covered = document.querySelector('.site-header')?.getBoundingClientRect().bottom ?? 0;
  const top = heading.getBoundingClientRect().top + window.scrollY - Math.max(0, covered) - 8;
  window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  heading.focus({ preventScroll: true });
}

export interface MenuProps {
  /** Called when the guest wants a product (add directly or choose options). */
  onAddProduct: (product: Product) => void;
}

/** The menu page body: category bar, search, products grouped by category. */
export function Menu({ onAddProduct }: MenuProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const { storeId } = getRuntimeConfig();
  const { query } = useMenuSearch();
  const menu = useAsync(
    () => Promise.all([getCategories(storeId), fetchLiveProducts(storeId)]),
    `menu-${storeId}`,
    () => {
      const categories = categoriesFromPage(storeId);
      const products = productsFromPage(storeId);
      return categories && products ? ([categories, products] as [typeof categories, readonly Product[]]) : undefined;
    },
  );
  // The cart fetches the products again when it opens; the cards follow (sold out, gone).
  const liveProducts = useLiveProducts();

  const loaded = menu.status === 'success' ? menu.data : undefined;
  const data = useMemo(
    () => (loaded ? ([loaded[0], liveProducts ?? loaded[1]] as const) : undefined),
    [loaded, liveProducts],
  );
  const allSections = useMemo(() => (data ? groupByCategory(data[0], data[1]) : []), [data]);
  const sections = useMemo(
    () => (data ? groupByCategory(data[0], filterProducts(data[1], query)) : []),
    [data, query],
  );
  const allergens = useMemo(() => (data ? usedAllergens(data[1]) : []), [data]);
  // The first screen paints with the first category only; the rest follows in the task
  // after the paint. On a slow phone making every card before the first paint took as
  // long as the rest of the page. What follows goes below the first category, so
  // nothing on the screen moves.
  const [complete, setComplete] = useState(false);
  const hasData = data !== undefined;
  useEffect(() => {
    if (!hasData || complete) return;
    const timer = setTimeout(() => setComplete(true), 0);
    return () => clearTimeout(timer);
  }, [hasData, complete]);
  const shownSections = complete ? sections : sections.slice(0, 1);
  const ids = sections.map((section) => section.category.id);
  const [activeId, setActiveId] = useActiveSection(ids, sectionId, stickyOffset);

  const scrollToCategory = (id: number) => {
    const element = document.getElementById(sectionId(id));
    if (!element) return;
    setActiveId(id);
    const top = element.getBoundingClientRect().top + window.scrollY - stickyOffset() + 1;
    window.scrollTo({ top, behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  };

  const resultCount = sections.reduce((sum, section) => sum + section.products.length, 0);

  return (
    <section className="menu-section" aria-labelledby="menu-heading" aria-busy={menu.status === 'loading'}>
      <div className="container">
        <h2 id="menu-heading" className="section-title" tabIndex={-1}>
          {t('menu.heading')}
        </h2>
        {menu.status === 'loading' && <LoadingMessage text={t('menu.loading')} />}
        {menu.status === 'error' && <ErrorMessage text={t('menu.error')} onRetry={menu.reload} />}
        {data && allSections.length === 0 && <p className="status">{t('menu.empty')}</p>}
      </div>

      {data && allSections.length > 0 && (
        <>
          <CategoryNav
            categories={sections.map((section) => section.category)}
            activeId={activeId}
            onSelect={scrollToCategory}
          />
          <div className={complete ? 'container menu-body' : 'container menu-body menu-body--partial'}>
            {query.trim() !== '' && (
              <p className="menu-search-summary" role="status">
                {resultCount === 0
                  ? t('search.no_results', { query: query.trim() })
                  : t('search.results', { count: resultCount, query: query.trim() })}
              </p>
            )}
            {shownSections.map(({ category, products }, sectionIndex) => {
              const description = categoryDescription(category, language);
              return (
                <section
                  key={category.id}
                  id={sectionId(category.id)}
                  className="menu-category"
                  aria-labelledby={`${sectionId(category.id)}-title`}
                >
                  <header className="menu-category__header">
                    <h3 id={`${sectionId(category.id)}-title`} className="menu-category__title">
                      {categoryName(category, language)}
                    </h3>
                    {description && <p className="menu-category__description">{description}</p>}
                  </header>
                  <div className="product-grid">
                    {products.map((product, i) => (
                      <ProductCard
                        key={product.id}
                        product={product}
                        onAdd={onAddProduct}
                        eager={sectionIndex === 0 && i < EAGER_CARDS}
                      />
                    ))}
                  </div>
                </section>
              );
            })}
            {complete && <AllergenLegend allergens={allergens} />}
          </div>
        </>
      )}
    </section>
  );
}
