import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartButton } from '../../features/cart';
import { demoOrder } from '../../features/orders/test/demo-order';
import { AuthProvider } from '../../lib/auth';
import i18n from '../../lib/i18n';
import { forgetLiveProducts } from '../../lib/live-menu';
import type { OrderLine } from '../../lib/order-types';
import { StoreProvider } from '../../lib/store-context';
import { FakeSocket } from '../../test/fake-websocket';
import { demoProducts, demoStore, mockFetch } from '../../test/fetch-mock';
import { StorefrontProvider } from '../storefront-provider';
import { MyOrdersRoute } from './my-orders';

function signIn() {
  sessionStorage.setItem(
    'userData',
    JSON.stringify({ access_token: 'jwt', user: { id: 3, customer_name: 'Max Muster', role: 'customer' } }),
  );
}

/** The page as the app shows it: with the header's cart button, which holds the cart dialog. */
function WithCart() {
  return (
    <>
      <Outlet />
      <CartButton />
    </>
  );
}

function renderMyOrders(orders: unknown[] = [], products: unknown[] = demoProducts) {
  const fetchMock = mockFetch({
    '/stores/14': { body: demoStore },
    '/orders/': { body: orders },
    '/products/?store_id=14': { body: products },
    '/discounts/14': { body: [] },
    '/stores/14/slots?order_type=delivery': { body: { immediately: true, slots: [] } },
    '/stores/14/slots?order_type=pickup': { body: { immediately: true, slots: [] } },
  });
  const stub = (name: string) => <p data-testid="page">{name}</p>;
  const router = createMemoryRouter(
    [
      {
        element: <WithCart />,
        children: [
          { path: '/', element: stub('home') },
          { path: '/my-orders', element: <MyOrdersRoute /> },
          { path: '/login/:nextpage?', element: stub('login') },
        ],
      },
    ],
    { initialEntries: ['/', '/my-orders'], initialIndex: 1 },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <StoreProvider>
        <AuthProvider verify={false}>
          <StorefrontProvider>
            <RouterProvider router={router} />
          </StorefrontProvider>
        </AuthProvider>
      </StoreProvider>
    </I18nextProvider>,
  );
  return { router, fetchMock };
}

beforeEach(() => {
  FakeSocket.reset();
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  forgetLiveProducts();
});

describe('my orders', () => {
  it('sends a signed-out visitor to /login/my-orders, replacing history', async () => {
    const { router, fetchMock } = renderMyOrders();
    expect(await screen.findByTestId('page')).toHaveTextContent('login');
    expect(router.state.location.pathname).toBe('/login/my-orders');
    await act(async () => {
      await router.navigate(-1);
    });
    expect(router.state.location.pathname).toBe('/');
    expect(fetchMock).not.toHaveBeenCalledWith('/orders/', expect.anything());
  });

  it('lists the signed-in customer’s orders with number, date, status and total, each linking to its status page', async () => {
    signIn();
    const { fetchMock } = renderMyOrders([
      demoOrder({ id: 60, number: 5, token: 'tok-5', status: 'preparing', total: 12.5, created_at: '2026-11-23T11:30:00Z' }),
      demoOrder({ id: 57, number: 3, token: 'tok-3', status: 'rejected', total: 21.4 }),
    ]);
    const items = await screen.findAllByTestId('my-order');
    expect(document.title).toBe('My Orders | Heimservice Heimservice');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Meine Bestellungen');
    expect(items).toHaveLength(2);
    const [first, second] = items as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('Nr. 5');
    expect(first).toHaveTextContent('23.11.2026, 12:30');
    expect(first).toHaveTextContent('Angenommen · In Zubereitung');
    expect(first).toHaveTextContent('12,50 €');
    expect(within(first).getByRole('link')).toHaveAttribute('href', '/orders/tok-5');
    expect(second).toHaveTextContent('Nicht angenommen');
    expect(within(second).getByRole('link')).toHaveAttribute('href', '/orders/tok-3');
    const call = fetchMock.mock.calls.find(([input]) => input === '/orders/');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer jwt');
  });

  it('says when there are no orders yet', async () => {
    signIn();
    renderMyOrders([]);
    expect(await screen.findByTestId('my-orders-empty')).toHaveTextContent('Sie haben noch keine Bestellungen aufgegeben.');
  });

  describe('ordering again', () => {
    const line = (overrides: Partial<OrderLine>): OrderLine => ({
      product_id: 30, variant_id: null, name: 'Cola 0,33 l', unit_price: 2, quantity: 1, extras: [],
      tax_percentage: 19, allergens: [], total: 2, ...overrides,
    });
    /** Ordered last week: a big Margherita with salami, two Cola at an older price, a soup since gone, a sold-out spritzer. */
    const lastWeek = demoOrder({
      id: 40, number: 2, token: 'tok-2', status: 'completed',
      lines: [
        line({
          product_id: 9, variant_id: 102, name: 'Pizza Margherita (Ø 32 cm)', unit_price: 8.9, quantity: 1, total: 10.4,
          extras: [{ topping_id: 3, name: 'Salami', price: 1.5, quantity: 1, allergens: [] }],
        }),
        line({ product_id: 30, quantity: 2, unit_price: 2, total: 4 }),
        line({ product_id: 77, name: 'Tagessuppe', unit_price: 4.5, total: 4.5 }),
        line({ product_id: 31, name: 'Apfelschorle', unit_price: 2.8, total: 2.8 }),
      ],
    });

    const storedCart = () =>
      JSON.parse(localStorage.getItem('cartItems') ?? '[]') as { uniqueKey: string; price: number; quantity: number; extras: { id: number; price: number }[] }[];

    it("puts the order's lines into the cart at today's prices, opens the cart and names what is gone", async () => {
      signIn();
      renderMyOrders([lastWeek]);
      const [item] = await screen.findAllByTestId('my-order');
      await act(async () => {
        fireEvent.click(within(item!).getByRole('button', { name: 'Bestellung Nr. 2 erneut bestellen' }));
      });

      const cart = await screen.findByRole('dialog', { name: 'Warenkorb' });
      await waitFor(() =>
        expect(storedCart().map((stored) => [stored.uniqueKey, stored.price, stored.quantity])).toEqual([
          ['9|102|3x1', 9.9, 1],
          ['30|base|', 2.5, 2],
        ]),
      );
      // Today's prices: 9,90 € + 1,50 € salami, and the Cola at 2,50 € (not the order's 2,00 €).
      expect(within(cart).getByText('Pizza Margherita (Ø 32 cm)')).toBeInTheDocument();
      expect(within(cart).getByText('11,40 €')).toBeInTheDocument();
      expect(within(cart).getByText('5,00 €', { selector: '[data-testid="line-total"]' })).toBeInTheDocument();
      expect(within(item!).getByTestId('reorder-result')).toHaveTextContent(
        'Die Artikel Ihrer Bestellung liegen im Warenkorb – zu den heutigen Preisen.',
      );
      expect(within(item!).getByTestId('reorder-missing')).toHaveTextContent('Nicht mehr verfügbar: Tagessuppe, Apfelschorle');
      // Named over the open cart too.
      expect(document.querySelector('.toast__message')).toHaveTextContent('Nicht mehr verfügbar: Tagessuppe, Apfelschorle');
    });

    it('says so when nothing of the order is left, and leaves the cart alone (English)', async () => {
      await i18n.changeLanguage('en');
      signIn();
      renderMyOrders([demoOrder({ ...lastWeek, lines: [line({ product_id: 77, name: 'Tagessuppe' })] })]);
      const [item] = await screen.findAllByTestId('my-order');
      await act(async () => {
        fireEvent.click(within(item!).getByRole('button', { name: 'Order no. 2 again' }));
      });
      await waitFor(() =>
        expect(within(item!).getByTestId('reorder-result')).toHaveTextContent('Nothing from this order is available any more.'),
      );
      expect(within(item!).getByTestId('reorder-missing')).toHaveTextContent('No longer available: Tagessuppe');
      expect(localStorage.getItem('cartItems')).toBeNull();
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    });

    it('says when the menu cannot be loaded', async () => {
      vi.spyOn(console, 'error').mockImplementation(() => {});
      signIn();
      const { fetchMock } = renderMyOrders([lastWeek]);
      const answer = fetchMock.getMockImplementation()!;
      fetchMock.mockImplementation(async (input, init) =>
        String(input).startsWith('/products/') ? new Response('{}', { status: 503 }) : answer(input, init),
      );
      const [item] = await screen.findAllByTestId('my-order');
      await act(async () => {
        fireEvent.click(within(item!).getByRole('button', { name: 'Bestellung Nr. 2 erneut bestellen' }));
      });
      await waitFor(() =>
        expect(within(item!).getByTestId('reorder-result')).toHaveTextContent(
          'Die Speisekarte konnte nicht geladen werden. Bitte versuchen Sie es erneut.',
        ),
      );
      expect(localStorage.getItem('cartItems')).toBeNull();
    });
  });
});
