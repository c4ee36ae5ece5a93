import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppLayout } from '../components/layout/app-layout';
import { AuthProvider } from '../lib/auth';
import i18n from '../lib/i18n';
import { StoreProvider } from '../lib/store-context';
import { FakeSocket } from '../test/fake-websocket';
import { demoStore, mockFetch } from '../test/fetch-mock';
import { StorefrontProvider } from './storefront-provider';

const cartLine = {
  id: 30, category_id: 3, name: 'Cola 0,33 l', name_en: null, description: null, description_en: null,
  price: 2.5, type: 'simple', variants: [], image_url: null, sort_order: 10, available: true, allergens: [],
  enriched_topping_groups: [], uniqueKey: '30|base|', quantity: 2, extras: [], basePrice: 2.5, tax: 19,
  selectedVariant: null, displayName: 'Cola 0,33 l', displayPrice: '2,50 €',
};

function renderShell() {
  mockFetch({ '/stores/14': { body: demoStore }, '/postcodes/store/14': { body: [] } });
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: <p data-testid="page">home</p> },
          { path: 'orders/:token', element: <p data-testid="page">order status</p> },
        ],
      },
    ],
    { initialEntries: ['/orders/tok-123'] },
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
  return router;
}

describe('the header logo after an order', () => {
  beforeEach(() => {
    FakeSocket.reset();
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    localStorage.setItem('cartItems', JSON.stringify([cartLine]));
    localStorage.setItem('orderNote', 'Bitte klingeln');
  });

  const logo = () => screen.getByTitle('Heimservice – zur Speisekarte');

  it("clears the cart and its note and removes order_placed when order_placed is 'true'", async () => {
    localStorage.setItem('order_placed', 'true');
    const router = renderShell();
    expect(screen.getByRole('button', { name: 'Warenkorb, 2 Artikel' })).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(logo());
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(localStorage.getItem('cartItems')).toBeNull();
    expect(localStorage.getItem('orderNote')).toBeNull();
    expect(localStorage.getItem('order_placed')).toBeNull();
    expect(screen.getByRole('button', { name: 'Warenkorb, 0 Artikel' })).toBeInTheDocument();
  });

  it('keeps the cart when no order was placed', async () => {
    const router = renderShell();
    await act(async () => {
      fireEvent.click(logo());
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')).toHaveLength(1);
    expect(localStorage.getItem('orderNote')).toBe('Bitte klingeln');
  });
});
