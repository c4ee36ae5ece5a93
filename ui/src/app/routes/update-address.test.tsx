import { act, fireEvent, render, screen, waitFor } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { AuthProvider } from '../../lib/auth';
import i18n from '../../lib/i18n';
import { StoreProvider } from '../../lib/store-context';
import { demoStore, mockFetch } from '../../test/fetch-mock';
import { StorefrontProvider } from '../storefront-provider';
import { UpdateAddressRoute } from './update-address';

const zone10115 = { id: 1, store_id: 14, postcode: '10115', minimum_order_amount: 12, delivery_fee: 1.5, delivery_time: 30 };
const zone10405 = { id: 2, store_id: 14, postcode: '10405', minimum_order_amount: 20, delivery_fee: 3, delivery_time: 45 };

const address = {
  id: 12, type: 'shipping', customer_name: 'Max Muster', line1: 'Torstraße 5', city: 'Berlin', zip: '10405',
  country: 'DE', phone: '030999', email: 'max@example.com', notes: '',
};

describe('/update-address', () => {
  it("makes the chosen address's postcode the delivery postcode, over the header's", async () => {
    sessionStorage.setItem(
      'userData',
      JSON.stringify({ access_token: 'jwt', user: { id: 3, customer_name: 'Max Muster', role: 'customer' } }),
    );
    localStorage.setItem('order_type', 'delivery');
    localStorage.setItem('postcode-data', JSON.stringify(zone10115));
    const fetchMock = mockFetch({
      '/stores/14': { body: demoStore },
      '/addresses/': { body: [address] },
      '/postcodes/store/14': { body: [zone10115, zone10405] },
    });
    const router = createMemoryRouter(
      [
        { path: '/update-address', element: <UpdateAddressRoute /> },
        { path: '/checkout', element: <p>checkout</p> },
      ],
      { initialEntries: ['/update-address'] },
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

    const next = await screen.findByRole('button', { name: 'Weiter' });
    await waitFor(() => expect(next).toBeEnabled());
    // Let the served postcodes arrive.
    await waitFor(() => expect(fetchMock.mock.calls.map(([path]) => String(path))).toContain('/postcodes/store/14'));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    fireEvent.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'));
    expect(router.state.location.state).toEqual({ from: '/update-address' });
    expect(JSON.parse(localStorage.getItem('postcode-data') ?? 'null')).toEqual(zone10405);
    expect(localStorage.getItem('delivery_postcode')).toBe('10405');
  });
});
