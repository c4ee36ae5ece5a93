import { act, render, screen, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { demoOrder } from '../../features/orders/test/demo-order';
import { AuthProvider } from '../../lib/auth';
import i18n from '../../lib/i18n';
import { StoreProvider } from '../../lib/store-context';
import { demoStore, mockFetch } from '../../test/fetch-mock';
import { MyOrdersRoute } from './my-orders';

function signIn() {
  sessionStorage.setItem(
    'userData',
    JSON.stringify({ access_token: 'jwt', user: { id: 3, customer_name: 'Max Muster', role: 'customer' } }),
  );
}

function renderMyOrders(orders: unknown[] = []) {
  const fetchMock = mockFetch({ '/stores/14': { body: demoStore }, '/orders/': { body: orders } });
  const stub = (name: string) => <p data-testid="page">{name}</p>;
  const router = createMemoryRouter(
    [
      { path: '/', element: stub('home') },
      { path: '/my-orders', element: <MyOrdersRoute /> },
      { path: '/login/:nextpage?', element: stub('login') },
    ],
    { initialEntries: ['/', '/my-orders'], initialIndex: 1 },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <StoreProvider>
        <AuthProvider verify={false}>
          <RouterProvider router={router} />
        </AuthProvider>
      </StoreProvider>
    </I18nextProvider>,
  );
  return { router, fetchMock };
}

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
});
