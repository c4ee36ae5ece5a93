import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { renderAdminAt, sent, signInAdmin, signInStaff, stubFetch } from '../test-support';
import { EMPTY_CATALOG, type Catalog, type Category, type Product } from '../types';

const category = (id: number, name: string, sort_order: number): Category => ({
  id,
  name,
  name_en: null,
  description: null,
  description_en: null,
  sort_order,
  visible: true,
  version: `c${id}`,
});

const product = (id: number, category_id: number, name: string, extra: Partial<Product> = {}): Product => ({
  id,
  version: `v${id}-1`,
  category_id,
  name,
  name_en: null,
  description: null,
  description_en: null,
  price: 8.5,
  tax_id: 1,
  type: 'simple',
  variants: [],
  image_url: null,
  sort_order: id,
  available: true,
  deposit: null,
  net_content: null,
  unit_price: null,
  ...extra,
});

const catalog: Catalog = {
  ...EMPTY_CATALOG,
  categories: [category(2, 'Desserts', 2), category(1, 'Pizza', 1)],
  products: [
    product(11, 1, 'Pizza Salami'),
    product(12, 1, 'Pizza Funghi', { available: false }),
    product(21, 2, 'Tiramisu'),
  ],
};

/** The catalog and the availability write; product 21 is refused with `refusal`. */
function soldOutServer(refusal?: { status: number; body: unknown }) {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: catalog }),
    'PUT /products/11/availability': (init) => {
      const { available } = JSON.parse(String(init?.body)) as { available: boolean };
      return { body: { ...product(11, 1, 'Pizza Salami'), available, version: 'v11-2' } };
    },
    'PUT /products/12/availability': (init) => {
      const { available } = JSON.parse(String(init?.body)) as { available: boolean };
      return { body: { ...product(12, 1, 'Pizza Funghi'), available, version: 'v12-2' } };
    },
    'PUT /products/21/availability': () => refusal ?? { body: product(21, 2, 'Tiramisu') },
  });
}

const sections = () =>
  screen.getAllByTestId('sold-out-category').map((section) => [
    section.querySelector('h2')?.textContent,
    within(section)
      .getAllByRole('switch')
      .map((toggle) => `${toggle.getAttribute('aria-label')}=${toggle.getAttribute('aria-checked')}`),
  ]);

describe('sold-out page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInStaff();
  });

  it('lists the products by category with their sold-out switch', async () => {
    soldOutServer();
    renderAdminAt('/admin/sold-out');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sold out' })).toBeInTheDocument();
    expect(document.title).toBe('Sold Out | Heimservice Heimservice');
    await screen.findAllByRole('switch');
    expect(sections()).toEqual([
      ['Pizza', ['Sold out: Pizza Salami=false', 'Sold out: Pizza Funghi=true']],
      ['Desserts', ['Sold out: Tiramisu=false']],
    ]);
    expect(screen.getByTestId('sold-out-count')).toHaveTextContent('1 of 3 products sold out');
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/sold-out"]')).toHaveTextContent('Sold out');
  });

  it('marks a product sold out and back on sale, keeping the record the server answered', async () => {
    const fetchMock = soldOutServer();
    renderAdminAt('/admin/sold-out');
    const salami = await screen.findByRole('switch', { name: 'Sold out: Pizza Salami' });
    await act(async () => {
      fireEvent.click(salami);
    });
    await vi.waitFor(() => expect(salami).toHaveAttribute('aria-checked', 'true'));
    expect(sent(fetchMock, 'PUT', '/products/11/availability')).toEqual([{ available: false }]);
    expect(salami.closest('[data-testid="sold-out-product"]')).toHaveAttribute('data-sold-out', 'true');
    expect(screen.getByTestId('sold-out-count')).toHaveTextContent('2 of 3 products sold out');

    const funghi = screen.getByRole('switch', { name: 'Sold out: Pizza Funghi' });
    await act(async () => {
      fireEvent.click(funghi);
    });
    await vi.waitFor(() => expect(funghi).toHaveAttribute('aria-checked', 'false'));
    expect(sent(fetchMock, 'PUT', '/products/12/availability')).toEqual([{ available: true }]);
    // The switch sends the availability only: no version, no full product.
    const [, init] = fetchMock.mock.calls.find(([input]) => String(input) === '/products/12/availability') ?? [];
    expect(new Headers(init?.headers).has('If-Match')).toBe(false);
    expect(sent(fetchMock, 'GET', '/admin/catalog')).toHaveLength(1);
  });

  it('says why a switch was refused and leaves it as it was', async () => {
    soldOutServer({ status: 404, body: { detail: 'Not found', code: 'not_found' } });
    renderAdminAt('/admin/sold-out');
    const tiramisu = await screen.findByRole('switch', { name: 'Sold out: Tiramisu' });
    await act(async () => {
      fireEvent.click(tiramisu);
    });
    expect(await screen.findByTestId('sold-out-error')).toHaveTextContent(
      'Tiramisu was not changed: This was not found – it may have been deleted meanwhile.',
    );
    expect(tiramisu).toHaveAttribute('aria-checked', 'false');
    expect(tiramisu).toBeEnabled();
  });

  it('finds a product by name and is there for the owner too, in German', async () => {
    await i18n.changeLanguage('de');
    signInAdmin();
    soldOutServer({ status: 403, body: { detail: 'Forbidden', code: 'forbidden' } });
    renderAdminAt('/admin/sold-out');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ausverkauft' })).toBeInTheDocument();
    await screen.findAllByRole('switch');
    fireEvent.input(screen.getByRole('searchbox'), { target: { value: 'tira' } });
    expect(sections()).toEqual([['Desserts', ['Ausverkauft: Tiramisu=false']]]);
    await act(async () => {
      fireEvent.click(screen.getByRole('switch', { name: 'Ausverkauft: Tiramisu' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Tiramisu wurde nicht geändert: Dafür fehlt Ihrem Konto die Berechtigung.',
    );
  });

  describe('sizes, toppings, until tomorrow and daily stocks', () => {
    const margherita = product(31, 1, 'Pizza Margherita', {
      type: 'variable',
      variants: [
        { id: 311, name: 'Ø 26 cm', name_en: null, price: 7.9, available: true, sold_out_until: null },
        { id: 312, name: 'Ø 32 cm', name_en: null, price: 9.9, available: true, sold_out_until: null },
      ],
    });
    const salami = { id: 41, version: 't41', name: 'Salami', name_en: null, price: 1.5, available: true, sold_out_until: null };
    const tomorrow = '2026-11-24T10:30:00Z';
    const fullCatalog: Catalog = {
      ...EMPTY_CATALOG,
      categories: [category(1, 'Pizza', 1)],
      products: [margherita, product(21, 1, 'Tiramisu', { daily_stock: 5 })],
      toppings: [salami],
    };

    function fullServer() {
      return stubFetch({
        'GET /admin/catalog': () => ({ body: fullCatalog }),
        'GET /admin/daily-stocks': () => ({
          body: { business_date: '2026-11-23', products: [{ product_id: 21, daily_stock: 5, sold: 2, left: 3 }] },
        }),
        'PUT /products/31/variants/312/availability': () => ({
          body: {
            ...margherita,
            version: 'v31-2',
            variants: [margherita.variants[0], { ...margherita.variants[1], available: false, sold_out_until: tomorrow }],
          },
        }),
        'PUT /toppings/41/availability': (init) => {
          const { available } = JSON.parse(String(init?.body)) as { available: boolean };
          return { body: { ...salami, available, version: 't41-2' } };
        },
      });
    }

    it('switches a size until tomorrow and shows when it is back, and a topping until switched back', async () => {
      const fetchMock = fullServer();
      renderAdminAt('/admin/sold-out');
      const large = await screen.findByRole('switch', { name: 'Sold out: Pizza Margherita (Ø 32 cm)' });
      expect(screen.getByRole('switch', { name: 'Sold out: Pizza Margherita (Ø 26 cm)' })).toHaveAttribute(
        'aria-checked',
        'false',
      );
      fireEvent.click(screen.getByRole('radio', { name: /^Until tomorrow/ }));
      await act(async () => {
        fireEvent.click(large);
      });
      await vi.waitFor(() => expect(large).toHaveAttribute('aria-checked', 'true'));
      expect(sent(fetchMock, 'PUT', '/products/31/variants/312/availability')).toEqual([
        { available: false, until: 'tomorrow' },
      ]);
      const row = large.closest('[data-testid="sold-out-variant"]') as HTMLElement;
      expect(within(row).getByTestId('sold-out-until')).toHaveTextContent('back on sale Tue 24/11, 11:30');

      fireEvent.click(screen.getByRole('radio', { name: 'Until I switch it back' }));
      const toppings = screen.getByTestId('sold-out-toppings');
      const topping = within(toppings).getByRole('switch', { name: 'Sold out: Salami' });
      await act(async () => {
        fireEvent.click(topping);
      });
      await vi.waitFor(() => expect(topping).toHaveAttribute('aria-checked', 'true'));
      expect(sent(fetchMock, 'PUT', '/toppings/41/availability')).toEqual([{ available: false }]);
      expect(within(toppings).queryByTestId('sold-out-until')).toBeNull();
    });

    it('shows what is left of a daily stock today', async () => {
      fullServer();
      renderAdminAt('/admin/sold-out');
      expect(await screen.findByTestId('sold-out-stock')).toHaveTextContent('Daily stock: 3 of 5 left');
      const tiramisu = screen.getByTestId('sold-out-stock').closest('[data-testid="sold-out-product"]');
      expect(tiramisu).toHaveAttribute('data-product-id', '21');
    });
  });
});
