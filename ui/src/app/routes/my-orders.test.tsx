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

type Answer = { status?: number; body: unknown };

function renderMyOrders(orders: unknown[] = [], products: unknown[] = demoProducts, more: Record<string, Answer> = {}) {
  const fetchMock = mockFetch({
    ...more,
    '/stores/14': { body: demoStore },
    '/orders/?limit=20': { body: orders },
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

const line = (overrides: Partial<OrderLine>): OrderLine => ({
  product_id: 30, variant_id: null, name: 'Cola 0,33 l', unit_price: 2, quantity: 1, extras: [],
  tax_percentage: 19, allergens: [], total: 2, deposit: 0, ...overrides,
});

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
    expect(fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/orders/'))).toEqual([]);
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
    const call = fetchMock.mock.calls.find(([input]) => input === '/orders/?limit=20');
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer jwt');
    // Two orders are less than a page: there are no older ones to load.
    expect(screen.queryByRole('button', { name: 'Ältere Bestellungen laden' })).toBeNull();
  });

  it('says when there are no orders yet', async () => {
    signIn();
    renderMyOrders([]);
    expect(await screen.findByTestId('my-orders-empty')).toHaveTextContent('Sie haben noch keine Bestellungen aufgegeben.');
  });

  describe('ordering again', () => {
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

  describe('older orders', () => {
    /** A full first page of 20 orders: numbers 120 down to 101, their ids the same. */
    const newestPage = Array.from({ length: 20 }, (_, index) =>
      demoOrder({ id: 120 - index, number: 120 - index, token: `tok-${120 - index}`, status: 'completed' }),
    );
    /** The last page: two older orders, the second with a Cola to order again. */
    const olderPage = [
      demoOrder({ id: 99, number: 99, token: 'tok-99', status: 'rejected', total: 8.5 }),
      demoOrder({ id: 98, number: 98, token: 'tok-98', status: 'completed', lines: [line({ product_id: 30, quantity: 2, total: 4 })] }),
    ];
    const olderRequest = '/orders/?limit=20&before=101';
    const numbers = () => screen.getAllByTestId('my-order').map((item) => item.querySelector('.my-orders__number')?.textContent);

    it('loads the page before the last order shown below a full page and appends it, then offers no more', async () => {
      signIn();
      const { fetchMock } = renderMyOrders(newestPage, demoProducts, { [olderRequest]: { body: olderPage } });
      expect(await screen.findAllByTestId('my-order')).toHaveLength(20);
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Ältere Bestellungen laden' }));
      });
      await waitFor(() => expect(screen.getAllByTestId('my-order')).toHaveLength(22));

      const asked = fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/orders/')).map(([input]) => String(input));
      expect(asked).toEqual(['/orders/?limit=20', olderRequest]);
      const query = new URL(olderRequest, 'http://localhost').searchParams;
      expect([query.get('before'), query.get('limit')]).toEqual(['101', '20']);
      const call = fetchMock.mock.calls.find(([input]) => input === olderRequest);
      expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer jwt');

      expect(numbers().slice(0, 2)).toEqual(['Nr. 120', 'Nr. 119']);
      expect(numbers().slice(18)).toEqual(['Nr. 102', 'Nr. 101', 'Nr. 99', 'Nr. 98']);
      const [rejected, last] = screen.getAllByTestId('my-order').slice(20) as [HTMLElement, HTMLElement];
      expect(rejected).toHaveTextContent('Nicht angenommen');
      expect(rejected).toHaveTextContent('8,50 €');
      expect(within(last).getByRole('link')).toHaveAttribute('href', '/orders/tok-98');
      expect(screen.queryByRole('button', { name: 'Ältere Bestellungen laden' })).toBeNull();
    });

    it('shows no button when the first page is not full', async () => {
      signIn();
      const { fetchMock } = renderMyOrders(newestPage.slice(0, 19));
      expect(await screen.findAllByTestId('my-order')).toHaveLength(19);
      expect(screen.queryByRole('button', { name: 'Ältere Bestellungen laden' })).toBeNull();
      expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('before='))).toEqual([]);
    });

    it('says so while loading and when the older orders could not be loaded, and loads them on retry (English)', async () => {
      await i18n.changeLanguage('en');
      vi.spyOn(console, 'error').mockImplementation(() => {});
      signIn();
      const { fetchMock } = renderMyOrders(newestPage);
      const answer = fetchMock.getMockImplementation()!;
      const pending: ((response: Response) => void)[] = [];
      fetchMock.mockImplementation((input, init) =>
        input === olderRequest ? new Promise<Response>((resolve) => pending.push(resolve)) : answer(input, init),
      );
      await screen.findAllByTestId('my-order');

      fireEvent.click(screen.getByRole('button', { name: 'Load older orders' }));
      const busy = await screen.findByRole('button', { name: 'Loading older orders …' });
      expect(busy).toBeDisabled();
      await act(async () => {
        pending[0]?.(new Response(JSON.stringify({ detail: 'Storage', code: 'storage_unavailable' }), { status: 503 }));
      });
      const failed = await screen.findByText('The older orders could not be loaded. Please try again.');
      expect(failed.closest('[role="alert"]')).not.toBeNull();
      expect(screen.getAllByTestId('my-order')).toHaveLength(20);
      expect(screen.queryByRole('button', { name: 'Load older orders' })).toBeNull();

      fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(await screen.findByRole('button', { name: 'Loading older orders …' })).toBeDisabled();
      expect(screen.queryByText('The older orders could not be loaded. Please try again.')).toBeNull();
      await act(async () => {
        pending[1]?.(new Response(JSON.stringify(olderPage), { status: 200, headers: { 'Content-Type': 'application/json' } }));
      });
      await waitFor(() => expect(screen.getAllByTestId('my-order')).toHaveLength(22));
      expect(pending).toHaveLength(2);
      expect(screen.queryByText('The older orders could not be loaded. Please try again.')).toBeNull();
      expect(screen.queryByRole('button', { name: /older orders/ })).toBeNull();
    });

    it('orders an order of an older page again', async () => {
      signIn();
      renderMyOrders(newestPage, demoProducts, { [olderRequest]: { body: olderPage } });
      await screen.findAllByTestId('my-order');
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Ältere Bestellungen laden' }));
      });
      const item = await screen.findByText('Nr. 98');
      const order = item.closest('li') as HTMLElement;
      await act(async () => {
        fireEvent.click(within(order).getByRole('button', { name: 'Bestellung Nr. 98 erneut bestellen' }));
      });
      await waitFor(() =>
        expect(within(order).getByTestId('reorder-result')).toHaveTextContent(
          'Die Artikel Ihrer Bestellung liegen im Warenkorb – zu den heutigen Preisen.',
        ),
      );
      await waitFor(() =>
        expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')).toMatchObject([{ uniqueKey: '30|base|', price: 2.5, quantity: 2 }]),
      );
    });
  });
});
