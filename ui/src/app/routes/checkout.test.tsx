import { act, render, screen, waitFor } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../lib/auth';
import i18n from '../../lib/i18n';
import { StoreProvider } from '../../lib/store-context';
import { demoStore, mockFetch } from '../../test/fetch-mock';
import { StorefrontProvider } from '../storefront-provider';
import { CheckoutRoute } from './checkout';

const guestAddress = {
  type: 'shipping',
  customer_name: 'Gina Gast',
  line1: 'Hauptstraße 1',
  city: 'Berlin',
  zip: '10115',
  country: 'DE',
  phone: '030123',
  email: '',
};

const cartLine = {
  id: 30, category_id: 3, name: 'Cola 0,33 l', name_en: null, description: null, description_en: null,
  price: 2.5, type: 'simple', variants: [], image_url: null, sort_order: 10, available: true, allergens: [],
  enriched_topping_groups: [], uniqueKey: '30|base|', quantity: 2, extras: [], basePrice: 2.5, tax: 19,
  selectedVariant: null, displayName: 'Cola 0,33 l', displayPrice: '2,50 €',
};

function signIn() {
  sessionStorage.setItem(
    'userData',
    JSON.stringify({ access_token: 'jwt', user: { id: 3, customer_name: 'Max Muster', role: 'customer' } }),
  );
}

function renderCheckout(state?: unknown) {
  mockFetch({
    '/stores/14': { body: demoStore },
    '/discounts/14': { body: [] },
    '/stores/14/slots?order_type=pickup': { body: { immediately: true, slots: [] } },
    '/stores/14/slots?order_type=delivery': { body: { immediately: true, slots: [] } },
  });
  const stub = (name: string) => <p data-testid="page">{name}</p>;
  const router = createMemoryRouter(
    [
      { path: '/', element: stub('home') },
      { path: '/checkout', element: <CheckoutRoute /> },
      { path: '/update-address', element: stub('update-address') },
      { path: '/guest-login', element: stub('guest-login') },
    ],
    { initialEntries: ['/', { pathname: '/checkout', search: '?isGuestLogin=true', state }], initialIndex: 1 },
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

/** After a redirect with replace, going back skips /checkout. */
async function expectReplacedWith(router: ReturnType<typeof createMemoryRouter>, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
  await act(async () => {
    await router.navigate(-1);
  });
  expect(router.state.location.pathname).toBe('/');
}

describe('checkout guards', () => {
  it('sends a signed-in customer who did not come from /update-address there, replacing history', async () => {
    signIn();
    const router = renderCheckout();
    await expectReplacedWith(router, '/update-address');
  });

  it('a signed-in customer coming "from" the guest form still goes to /update-address', async () => {
    signIn();
    localStorage.setItem('guestShippingAddress', JSON.stringify(guestAddress));
    const router = renderCheckout({ from: '/guest-login' });
    await expectReplacedWith(router, '/update-address');
  });

  it('sends a guest who did not come from /guest-login to /guest-login', async () => {
    localStorage.setItem('guestShippingAddress', JSON.stringify(guestAddress));
    const router = renderCheckout({ from: '/somewhere' });
    await expectReplacedWith(router, '/guest-login');
  });

  it('sends a guest without a stored address to /guest-login', async () => {
    const router = renderCheckout({ from: '/guest-login' });
    await expectReplacedWith(router, '/guest-login');
  });

  it('shows a guest from /guest-login the order type, address, lines, time, payment and totals', async () => {
    await i18n.changeLanguage('en');
    localStorage.setItem('order_type', 'pickup');
    localStorage.setItem('cartItems', JSON.stringify([cartLine]));
    localStorage.setItem('guestShippingAddress', JSON.stringify(guestAddress));
    const router = renderCheckout({ from: '/guest-login' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(document.title).toBe('Checkout | Heimservice Heimservice');
    expect(screen.getByTestId('checkout-order-type')).toHaveTextContent('Pickup');
    expect(screen.getByTestId('checkout-address')).toHaveTextContent('Gina Gast');
    expect(screen.getByTestId('checkout-address')).toHaveTextContent('Hauptstraße 1');
    expect(screen.getByText('Cola 0,33 l')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Cash' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Pay online' })).not.toBeChecked();
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('5,00 €');
    expect(await screen.findByRole('option', { name: 'Immediately' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /order/i })).not.toBeInTheDocument();
  });
});
