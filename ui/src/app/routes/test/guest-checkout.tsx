import { act, fireEvent, render } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import { AuthProvider } from '../../../lib/auth';
import i18n from '../../../lib/i18n';
import { StoreProvider } from '../../../lib/store-context';
import { demoStore, mockFetch } from '../../../test/fetch-mock';
import { StorefrontProvider } from '../../storefront-provider';
import { CheckoutRoute } from '../checkout';

export const guestAddress = {
  type: 'shipping', customer_name: 'Gina Gast', line1: 'Hauptstraße 1', city: 'Berlin', zip: '10115', country: 'DE',
  phone: '030123', email: '',
};

/** Two Cola at 2,50 € (19 %). */
export const cartLine = {
  id: 30, category_id: 3, name: 'Cola 0,33 l', name_en: null, description: null, description_en: null,
  price: 2.5, type: 'simple', variants: [], image_url: null, sort_order: 10, available: true, allergens: [],
  enriched_topping_groups: [], uniqueKey: '30|base|', quantity: 2, extras: [], basePrice: 2.5, tax: 19,
  selectedVariant: null, displayName: 'Cola 0,33 l', displayPrice: '2,50 €',
};

export type Answer = { status?: number; body: unknown };
export type Answers = Parameters<typeof mockFetch>[0];
export type FetchMock = ReturnType<typeof mockFetch>;

/**
 * A guest from /guest-login at the checkout for pickup with `cartLine` in the cart:
 * the store, its discounts and slots answer as in the demo, `answers` add or replace
 * the server's other answers; `pages` are routes beside /checkout, and `history` the
 * entries before it.
 */
export function renderGuestCheckout(answers: Answers, pages: RouteObject[] = [], history: string[] = []) {
  localStorage.setItem('order_type', 'pickup');
  localStorage.setItem('cartItems', JSON.stringify([cartLine]));
  localStorage.setItem('guestShippingAddress', JSON.stringify(guestAddress));
  const fetchMock = mockFetch({
    '/stores/14': { body: demoStore },
    '/discounts/14': { body: [] },
    '/stores/14/slots?order_type=pickup': { body: { immediately: true, slots: [] } },
    ...answers,
  });
  const router = createMemoryRouter([{ path: '/checkout', element: <CheckoutRoute /> }, ...pages], {
    initialEntries: [...history, { pathname: '/checkout', state: { from: '/guest-login' } }],
    initialIndex: history.length,
  });
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
  return { fetchMock, router };
}

/** The JSON bodies posted to the paths `which` picks, in order. */
export function postedBodies(fetchMock: FetchMock, which: (path: string) => boolean) {
  return fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && which(String(input)))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

export async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

export async function typeInto(field: HTMLElement, value: string) {
  await act(async () => {
    fireEvent.input(field, { target: { value } });
  });
}
