import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Category } from '../../../lib/api';
import { categoryName } from '../lib/localized-category';
import { SearchField } from './search-field';

export interface CategoryNavProps {
  categories: readonly Category[];
  activeId: number | undefined;
  onSelect: (id: number) => void;
}

/** Which ends of the chip row have chips scrolled out of view. */
interface Overflow {
  before: boolean;
  after: boolean;
}

/** Less than this past an end counts as at the end (sub-pixel widths). */
const EDGE_PX = 2;

function overflowOf(list: HTMLElement): Overflow {
  const rest = list.scrollWidth - list.clientWidth - list.scrollLeft;
  return { before: list.scrollLeft > EDGE_PX, after: rest > EDGE_PX };
}

function Chevron({ direction }: { direction: 'before' | 'after' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
        d={direction === 'before' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
      />
    </svg>
  );
}

/**
 * Sticky bar: one chip per category with products, plus the desktop search field.
 * Chips keep their whole label; when they do not fit, the row scrolls sideways and
 * says so: the cut-off end fades out and an arrow button scrolls on.
 */
export function CategoryNav({ categories, activeId, onSelect }: CategoryNavProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  const listRef = useRef<HTMLUListElement>(null);
  const [overflow, setOverflow] = useState<Overflow>({ before: false, after: false });

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const next = overflowOf(list);
    setOverflow((current) => (current.before === next.before && current.after === next.after ? current : next));
  }, []);

  // The row's room changes with the window (and the chips with the language).
  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    measure();
    if (typeof ResizeObserver !== 'function') {
      window.addEventListener('resize', measure);
      return () => window.removeEventListener('resize', measure);
    }
    const observer = new ResizeObserver(measure);
    observer.observe(list);
    Array.from(list.children).forEach((chip) => observer.observe(chip));
    return () => observer.disconnect();
  }, [measure, categories, language]);

  // Keep the highlighted chip in view when the page scrolls to another section.
  useEffect(() => {
    const list = listRef.current;
    const chip = list?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!list || !chip) return;
    const left = chip.offsetLeft - list.clientWidth / 2 + chip.clientWidth / 2;
    if (typeof list.scrollTo === 'function') list.scrollTo({ left, behavior: 'smooth' });
  }, [activeId]);

  const scrollBy = (direction: 1 | -1) => {
    const list = listRef.current;
    if (!list || typeof list.scrollBy !== 'function') return;
    list.scrollBy({ left: direction * Math.max(120, list.clientWidth * 0.7), behavior: 'smooth' });
  };

  const rowClass = [
    'category-nav__row',
    overflow.before ? 'category-nav__row--more-before' : '',
    overflow.after ? 'category-nav__row--more-after' : '',
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <nav className="category-nav" aria-label={t('menu.categories')}>
      <div className="container category-nav__inner">
        <div className={rowClass}>
          {/* Pointer help only: the chips themselves are reachable with Tab. */}
          {overflow.before && (
            <button
              type="button"
              className="category-nav__arrow category-nav__arrow--before"
              tabIndex={-1}
              aria-label={t('menu.scroll_back')}
              onClick={() => scrollBy(-1)}
            >
              <Chevron direction="before" />
            </button>
          )}
          <ul ref={listRef} className="category-nav__list" onScroll={measure}>
            {categories.map((category) => (
              <li key={category.id} className="category-nav__item">
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
          {overflow.after && (
            <button
              type="button"
              className="category-nav__arrow category-nav__arrow--after"
              tabIndex={-1}
              aria-label={t('menu.scroll_more')}
              onClick={() => scrollBy(1)}
            >
              <Chevron direction="after" />
            </button>
          )}
        </div>
        <form role="search" className="category-nav__search" onSubmit={(event) => event.preventDefault()}>
          <SearchField compact />
        </form>
      </div>
    </nav>
  );
}
