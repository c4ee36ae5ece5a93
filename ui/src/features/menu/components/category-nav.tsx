import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../lib/api';
import { categoryName } from '../lib/localized-category';
import { SearchField } from './search-field';

export interface CategoryNavProps {
  categories: readonly Category[];
  activeId: number | undefined;
  onSelect: (id: number) => void;
}

/** Sticky bar: one chip per category with products, plus the desktop search field. */
export function CategoryNav({ categories, activeId, onSelect }: CategoryNavProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const listRef = useRef<HTMLUListElement>(null);

  // Keep the highlighted chip in view when the page scrolls to another section.
  useEffect(() => {
    const list = listRef.current;
    const chip = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !chip) return;
    const left = chip.offsetLeft - list.clientWidth / 2 + chip.clientWidth / 2;
    if (typeof list.scrollTo === 'function') list.scrollTo({ left, behavior: 'smooth' });
  }, [activeId]);

  return (
    <nav className="category-nav" aria-label={t('menu.categories')}>
      <div className="container category-nav__inner">
        <ul ref={listRef} className="category-nav__list">
          {categories.map((category) => (
            <li key={category.id}>
              <a
                href={`#category-${category.id}`}
                className="category-nav__chip"
                aria-current={category.id === activeId ? 'true' : undefined}
                onClick={(event) => {
                  // <base href> would turn the hash link into a page load.
                  event.preventDefault();
                  onSelect(category.id);
                }}
              >
                {categoryName(category, language)}
              </a>
            </li>
          ))}
        </ul>
        <form role="search" className="category-nav__search" onSubmit={(event) => event.preventDefault()}>
          <SearchField compact />
        </form>
      </div>
    </nav>
  );
}
