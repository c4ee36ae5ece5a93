import { act, fireEvent, render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Category } from '../../../lib/api';
import i18n from '../../../lib/i18n';
import { demoCategories } from '../../../test/fetch-mock';
import { CategoryNav } from './category-nav';
import { SearchProvider } from './search-context';

const categories = demoCategories as Category[];

// happy-dom lays nothing out: the chip row reports the widths a browser would.
const row = { scrollWidth: 0, clientWidth: 0, scrollLeft: 0 };

beforeEach(() => {
  const proto = HTMLUListElement.prototype;
  Object.defineProperty(proto, 'scrollWidth', { configurable: true, get: () => row.scrollWidth });
  Object.defineProperty(proto, 'clientWidth', { configurable: true, get: () => row.clientWidth });
  Object.defineProperty(proto, 'scrollLeft', {
    configurable: true,
    get: () => row.scrollLeft,
    set: (value: number) => {
      row.scrollLeft = value;
    },
  });
  Object.defineProperty(proto, 'scrollBy', {
    configurable: true,
    value(this: HTMLUListElement, options: ScrollToOptions) {
      row.scrollLeft = Math.min(row.scrollWidth - row.clientWidth, Math.max(0, row.scrollLeft + (options.left ?? 0)));
      this.dispatchEvent(new Event('scroll'));
    },
  });
});

afterEach(() => {
  for (const name of ['scrollWidth', 'clientWidth', 'scrollLeft', 'scrollBy']) {
    delete (HTMLUListElement.prototype as unknown as Record<string, unknown>)[name];
  }
});

function renderNav() {
  return render(
    <I18nextProvider i18n={i18n}>
      <SearchProvider>
        <CategoryNav categories={categories} activeId={1} onSelect={() => {}} />
      </SearchProvider>
    </I18nextProvider>,
  );
}

describe('CategoryNav', () => {
  it('shows no scroll arrows while every chip fits', () => {
    Object.assign(row, { scrollWidth: 400, clientWidth: 400, scrollLeft: 0 });
    renderNav();
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Pizza', 'Salate', 'Getränke']);
    expect(screen.queryByRole('button', { name: 'Weitere Kategorien' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vorherige Kategorien' })).not.toBeInTheDocument();
  });

  it('says that an overflowing row goes on, fades the cut end and scrolls with the arrows', async () => {
    Object.assign(row, { scrollWidth: 700, clientWidth: 400, scrollLeft: 0 });
    renderNav();
    const list = screen.getByRole('list');
    expect(list.parentElement).toHaveClass('category-nav__row--more-after');
    expect(list.parentElement).not.toHaveClass('category-nav__row--more-before');
    expect(screen.queryByRole('button', { name: 'Vorherige Kategorien' })).not.toBeInTheDocument();

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Weitere Kategorien' }));
    });
    // 70 % of the row's width: 280 px on, 20 px still hidden.
    expect(row.scrollLeft).toBe(280);
    expect(list.parentElement).toHaveClass('category-nav__row--more-before', 'category-nav__row--more-after');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Weitere Kategorien' }));
    });
    expect(row.scrollLeft).toBe(300);
    expect(screen.queryByRole('button', { name: 'Weitere Kategorien' })).not.toBeInTheDocument();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Vorherige Kategorien' }));
    });
    expect(row.scrollLeft).toBe(20);
  });

  it('names the arrows in English too', async () => {
    await i18n.changeLanguage('en');
    Object.assign(row, { scrollWidth: 700, clientWidth: 400, scrollLeft: 100 });
    renderNav();
    expect(screen.getByRole('button', { name: 'More categories' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous categories' })).toBeInTheDocument();
  });
});
