import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { AuthProvider } from '../../../lib/auth';
import { buildCartItem } from '../../../lib/cart-lines';
import i18n from '../../../lib/i18n';
import { forgetLiveProducts } from '../../../lib/live-menu';
import type { Product } from '../../../lib/menu-api';
import { OrderSettingsProvider } from '../../../lib/order-settings';
import { StoreProvider } from '../../../lib/store-context';
import { demoProducts, demoStore, mockFetch } from '../../../test/fetch-mock';
import { CartButton } from './cart-button';
import { CartProvider, useCart } from './cart-provider';
import { forgetDiscounts } from './store-discounts';

const menu = demoProducts as unknown as Product[];
const byId = (id: number) => menu.find((product) => product.id === id)!;
const cola = byId(30);
const salad = byId(20);
/** A product from an earlier visit that the menu no longer lists. */
const soup = { ...cola, id: 77, name: 'Tagessuppe', name_en: 'Soup of the day', price: 4.5 };

const postcode10115 = { id: 1, store_id: 14, postcode: '10115', minimum_order_amount: 15, delivery_fee: 2.5, delivery_time: 40 };

function AddCola() {
  const cart = useCart();
  return (
    <button type="button" onClick={() => cart.chooseProduct(cola)}>
      add cola
    </button>
  );
}

function renderCart() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AuthProvider>
          <StoreProvider>
            <ToastProvider>
              <OrderSettingsProvider>
                <CartProvider>
                  <AddCola />
                  <CartButton />
                </CartProvider>
              </OrderSettingsProvider>
            </ToastProvider>
          </StoreProvider>
        </AuthProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** The API with the menu as it is now: `products`. */
function mockApi(products: unknown[] = menu) {
  return mockFetch({
    '/stores/14': { body: demoStore },
    '/discounts/14': { body: [] },
    '/products/?store_id=14': { body: products },
    '/stores/14/slots?order_type=delivery': { body: { immediately: true, slots: [] } },
    '/stores/14/slots?order_type=pickup': { body: { immediately: true, slots: [] } },
  });
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

async function openCart() {
  await click(screen.getByRole('button', { name: /^(Warenkorb|Cart),/ }));
  return screen.findByRole('dialog', { name: /^(Warenkorb|Cart)$/ });
}

const storedKeys = () =>
  (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as { uniqueKey: string }[]).map((item) => item.uniqueKey);

const lineOf = (cart: HTMLElement, name: string) => within(cart).getByText(name).closest('li')!;

afterEach(() => {
  forgetLiveProducts();
  forgetDiscounts();
});

describe('cart lines the live menu no longer sells', () => {
  function fillCart() {
    localStorage.setItem('order_type', 'pickup');
    localStorage.setItem(
      'cartItems',
      JSON.stringify([
        buildCartItem(cola, { variantId: null, extras: [] }, 'de', 2),
        buildCartItem(salad, { variantId: null, extras: [{ groupId: 2, toppingId: 31, quantity: 1 }] }, 'de'),
        buildCartItem(soup, { variantId: null, extras: [] }, 'de'),
      ]),
    );
  }
  // Cola sold out since it went into the cart; the soup left the menu.
  const liveMenu = menu.filter((product) => product.id !== 77).map((p) => (p.id === 30 ? { ...p, available: false } : p));

  it('marks them, leaves them out of the total and blocks checkout until they are removed', async () => {
    fillCart();
    mockApi(liveMenu);
    renderCart();
    const cart = await openCart();

    expect(await within(lineOf(cart, 'Cola 0,33 l')).findByText('Ausverkauft')).toBeInTheDocument();
    expect(within(lineOf(cart, 'Tagessuppe')).getByText('Nicht mehr verfügbar')).toBeInTheDocument();
    expect(within(lineOf(cart, 'Gemischter Salat')).queryByTestId('line-problem')).not.toBeInTheDocument();
    // Only the salad with Balsamico counts: 6,50 € + 0,50 €.
    expect(within(cart).getByTestId('cart-subtotal')).toHaveTextContent('7,00 €');
    expect(within(cart).getByTestId('cart-total')).toHaveTextContent('7,00 €');
    expect(within(lineOf(cart, 'Cola 0,33 l')).getByTestId('line-total')).toHaveTextContent(
      '5,00 € (nicht im Gesamtbetrag)',
    );
    // A sold-out line can only be removed, not edited or raised.
    expect(within(lineOf(cart, 'Cola 0,33 l')).queryByRole('button', { name: /Menge erhöhen/ })).not.toBeInTheDocument();

    const checkout = within(cart).getByRole('button', { name: 'Zur Kasse' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAttribute('aria-disabled', 'true');
    expect(checkout).toHaveAccessibleDescription(/Nicht alle Artikel sind bestellbar/);

    await click(within(cart).getByRole('button', { name: 'Nicht verfügbare Artikel entfernen' }));
    expect(storedKeys()).toEqual(['20|base|31x1']);
    expect(within(cart).queryByText('Ausverkauft')).not.toBeInTheDocument();
    expect(within(cart).getByRole('button', { name: 'Zur Kasse' })).toBeEnabled();
    // Focus stays in the cart, on the line that is left.
    expect(within(cart).getByRole('button', { name: 'Gemischter Salat entfernen' })).toHaveFocus();
  });

  it('says it in English too', async () => {
    await i18n.changeLanguage('en');
    fillCart();
    mockApi(liveMenu);
    renderCart();
    const cart = await openCart();
    expect(await within(lineOf(cart, 'Cola 0,33 l')).findByText('Sold out')).toBeInTheDocument();
    expect(within(lineOf(cart, 'Soup of the day')).getByText('No longer available')).toBeInTheDocument();
    expect(within(cart).getByRole('button', { name: 'Go to checkout' })).toHaveAccessibleDescription(
      /Not every item can be ordered/,
    );
    expect(within(cart).getByRole('button', { name: 'Remove the unavailable items' })).toBeInTheDocument();
  });

  it('asks the menu again each time the cart opens', async () => {
    fillCart();
    const fetchMock = mockApi();
    renderCart();
    const cart = await openCart();
    await waitFor(() =>
      expect(fetchMock.mock.calls.filter(([url]) => url === '/products/?store_id=14')).toHaveLength(1),
    );
    expect(within(cart).getByText('Nicht mehr verfügbar')).toBeInTheDocument();
    expect(within(cart).queryByText('Ausverkauft')).not.toBeInTheDocument();

    await click(within(cart).getByRole('button', { name: 'Schließen' }));
    mockApi(liveMenu);
    const again = await openCart();
    expect(await within(lineOf(again, 'Cola 0,33 l')).findByText('Ausverkauft')).toBeInTheDocument();
  });
});

describe('the checkout button while checkout is blocked', () => {
  it('is disabled for assistive technology too, with the reason right under it', async () => {
    localStorage.setItem('postcode-data', JSON.stringify(postcode10115));
    mockApi();
    renderCart();
    await click(screen.getByRole('button', { name: 'add cola' }));
    const cart = await openCart();
    const checkout = within(cart).getByRole('button', { name: 'Zur Kasse' });
    expect(checkout).toBeDisabled();
    expect(checkout).toHaveAttribute('aria-disabled', 'true');
    const reason = checkout.nextElementSibling as HTMLElement;
    expect(reason).toHaveTextContent('Der Mindestbestellwert für Ihre Postleitzahl ist noch nicht erreicht.');
    expect(checkout).toHaveAttribute('aria-describedby', reason.id);
  });
});

describe('focus in the cart', () => {
  it('stays in the dialog after the last line is removed, and Escape still closes it', async () => {
    mockApi();
    renderCart();
    await click(screen.getByRole('button', { name: 'add cola' }));
    const cart = await openCart();
    const remove = within(cart).getByRole('button', { name: 'Cola 0,33 l entfernen' });
    remove.focus();
    await click(remove);
    expect(within(cart).getByText('Ihr Warenkorb ist leer')).toBeInTheDocument();
    const browse = within(cart).getByRole('button', { name: 'Zur Speisekarte' });
    expect(browse).toHaveFocus();

    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('moves to the next line after one is removed, and to the empty cart after clearing', async () => {
    localStorage.setItem(
      'cartItems',
      JSON.stringify([
        buildCartItem(cola, { variantId: null, extras: [] }, 'de'),
        buildCartItem(salad, { variantId: null, extras: [{ groupId: 2, toppingId: 30, quantity: 1 }] }, 'de'),
      ]),
    );
    mockApi();
    renderCart();
    const cart = await openCart();
    await click(within(cart).getByRole('button', { name: 'Cola 0,33 l entfernen' }));
    expect(within(cart).getByRole('button', { name: 'Gemischter Salat entfernen' })).toHaveFocus();

    await click(within(cart).getByRole('button', { name: 'Warenkorb leeren' }));
    expect(within(cart).getByRole('button', { name: 'Zur Speisekarte' })).toHaveFocus();
  });
});
