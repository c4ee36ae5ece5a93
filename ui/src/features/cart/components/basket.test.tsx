import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { AuthProvider } from '../../../lib/auth';
import i18n from '../../../lib/i18n';
import { forgetLiveProducts } from '../../../lib/live-menu';
import type { Product } from '../../../lib/menu-api';
import { OrderSettingsProvider } from '../../../lib/order-settings';
import { StoreProvider } from '../../../lib/store-context';
import { FakeSocket } from '../../../test/fake-websocket';
import { demoProducts, demoStore, mockFetch } from '../../../test/fetch-mock';
import { BasketBar } from './basket-bar';
import { BasketColumn } from './basket-column';
import { WIDE_LAYOUT_QUERY } from './basket-layout';
import { CartButton } from './cart-button';
import { CartProvider, useCart } from './cart-provider';
import { forgetDiscounts } from './store-discounts';

const products = demoProducts as unknown as Product[];

/** A screen `wide` or not, as the layout's media query sees it. */
function stubScreen(wide: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === WIDE_LAYOUT_QUERY ? wide : false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

function MenuPage() {
  const cart = useCart();
  return (
    <>
      {products.map((product) => (
        <button key={product.id} type="button" onClick={() => cart.chooseProduct(product)}>
          choose {product.id}
        </button>
      ))}
      <CartButton />
      <BasketColumn />
      <BasketBar />
    </>
  );
}

function renderMenuPage() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AuthProvider>
          <StoreProvider>
            <ToastProvider>
              <OrderSettingsProvider>
                <CartProvider>
                  <Routes>
                    <Route path="/" element={<MenuPage />} />
                    <Route path="/guest-login" element={<p>Gastformular</p>} />
                  </Routes>
                </CartProvider>
              </OrderSettingsProvider>
            </ToastProvider>
          </StoreProvider>
        </AuthProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

const choose = (id: number) => click(screen.getByRole('button', { name: `choose ${id}` }));

beforeEach(() => {
  // Pickup with the demo's 10 % pickup discount: Cola 2,50 € costs 2,25 €.
  localStorage.setItem('order_type', 'pickup');
  mockFetch({
    '/stores/14': { body: demoStore },
    '/discounts/14': { body: [{ code: 'PICKUP_DISCOUNT', value: 10, expires_on: null }] },
    '/products/?store_id=14': { body: demoProducts },
    '/stores/14/slots?order_type=pickup': { body: { immediately: true, slots: [] } },
  });
  // The cart's order time follows the live store status.
  vi.stubGlobal('WebSocket', FakeSocket);
});

afterEach(() => {
  forgetLiveProducts();
  forgetDiscounts();
  FakeSocket.reset();
  document.body.classList.remove('basket-bar-shown');
});

describe('the basket bar on a narrower screen', () => {
  beforeEach(() => stubScreen(false));

  it('shows the cart total while the cart has items, opens the cart and goes when it is emptied', async () => {
    renderMenuPage();
    expect(screen.queryByTestId('basket-bar-text')).not.toBeInTheDocument();
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();

    await choose(30);
    await choose(30);
    const text = await screen.findByTestId('basket-bar-text');
    // 2 × 2,50 € less 10 %: the total the cart shows.
    await waitFor(() => expect(text).toHaveTextContent(/^Warenkorb ansehen · 4,50 €$/));
    const bar = screen.getByRole('button', { name: 'Warenkorb ansehen · 4,50 €, 2 Artikel' });
    expect(bar).toHaveAttribute('aria-haspopup', 'dialog');
    expect(document.body).toHaveClass('basket-bar-shown');

    await click(bar);
    const dialog = await screen.findByRole('dialog', { name: 'Warenkorb' });
    expect(await within(dialog).findByTestId('cart-total')).toHaveTextContent('4,50 €');

    await click(within(dialog).getByRole('button', { name: 'Warenkorb leeren' }));
    await waitFor(() => expect(screen.queryByTestId('basket-bar-text')).not.toBeInTheDocument());
    expect(document.body).not.toHaveClass('basket-bar-shown');
  });

  it('says it in English', async () => {
    await i18n.changeLanguage('en');
    renderMenuPage();
    await choose(30);
    const text = await screen.findByTestId('basket-bar-text');
    await waitFor(() => expect(text).toHaveTextContent(/^View basket · 2,25 €$/));
    expect(screen.getByRole('button', { name: 'View basket · 2,25 €, 1 item' })).toBeInTheDocument();
  });
});

describe('the basket column on a wide screen', () => {
  beforeEach(() => stubScreen(true));

  it('says the basket is empty, then shows the lines, quantities and total beside the menu', async () => {
    renderMenuPage();
    const column = screen.getByRole('complementary', { name: 'Warenkorb' });
    expect(within(column).getByText('Ihr Warenkorb ist leer')).toBeInTheDocument();
    const cartButton = screen.getByRole('button', { name: 'Warenkorb, 0 Artikel' });
    expect(cartButton).toHaveAttribute('aria-controls', column.id);
    expect(cartButton).not.toHaveAttribute('aria-haspopup');

    await choose(30);
    expect(await within(column).findByText('Cola 0,33 l')).toBeInTheDocument();
    await waitFor(() => expect(within(column).getByTestId('cart-total')).toHaveTextContent('2,25 €'));
    expect(screen.queryByTestId('basket-bar-text')).not.toBeInTheDocument();

    await click(within(column).getByRole('button', { name: 'Cola 0,33 l: Menge erhöhen' }));
    expect(within(column).getByLabelText('Menge Cola 0,33 l')).toHaveTextContent('2');
    expect(within(column).getByTestId('cart-subtotal')).toHaveTextContent('5,00 €');
    expect(within(column).getByTestId('cart-total')).toHaveTextContent('4,50 €');

    // The header's cart button brings the column into focus instead of opening a dialog.
    await click(screen.getByRole('button', { name: 'Warenkorb, 2 Artikel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(within(column).getByRole('heading', { name: 'Warenkorb' }));

    // Removing the last line keeps the focus in the column, which says it is empty again.
    const remove = within(column).getByRole('button', { name: 'Cola 0,33 l entfernen' });
    remove.focus();
    await click(remove);
    expect(within(column).getByText('Ihr Warenkorb ist leer')).toBeInTheDocument();
    expect(column.contains(document.activeElement)).toBe(true);
  });

  it('blocks "Zur Kasse" while the browser is offline, saying why, and lets it go once online', async () => {
    renderMenuPage();
    const column = screen.getByRole('complementary', { name: 'Warenkorb' });
    await choose(30);
    await within(column).findByText('Cola 0,33 l');
    expect(within(column).getByRole('button', { name: 'Zur Kasse' })).toBeEnabled();

    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await act(async () => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(within(column).getByRole('button', { name: 'Zur Kasse' })).toBeDisabled();
    expect(within(column).getByTestId('checkout-blocked')).toHaveTextContent(
      'Keine Verbindung – Bestellen ist erst wieder mit Internet möglich.',
    );

    offline.mockReturnValue(true);
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(within(column).getByRole('button', { name: 'Zur Kasse' })).toBeEnabled();
    expect(within(column).queryByTestId('checkout-blocked')).not.toBeInTheDocument();
  });

  it('blocks "Zur Kasse" for the same reasons as the dialog, and goes on from the column', async () => {
    renderMenuPage();
    const column = screen.getByRole('complementary', { name: 'Warenkorb' });
    await choose(30);
    await within(column).findByText('Cola 0,33 l');
    // The kitchen runs out meanwhile.
    await act(async () => {
      const soldOut = products.map((product) => (product.id === 30 ? { ...product, available: false } : product));
      mockFetch({
        '/stores/14': { body: demoStore },
        '/discounts/14': { body: [{ code: 'PICKUP_DISCOUNT', value: 10, expires_on: null }] },
        '/products/?store_id=14': { body: soldOut },
        '/stores/14/slots?order_type=pickup': { body: { immediately: true, slots: [] } },
      });
      // The header's cart button asks for the newest product list, as opening the dialog does.
      fireEvent.click(screen.getByRole('button', { name: /^Warenkorb, 1 Artikel$/ }));
    });
    expect(await within(column).findByText('Ausverkauft')).toBeInTheDocument();
    const checkout = within(column).getByRole('button', { name: 'Zur Kasse' });
    expect(checkout).toBeDisabled();
    expect(within(column).getByTestId('checkout-blocked')).toHaveTextContent(/Nicht alle Artikel sind bestellbar/);

    // The product is back: checkout goes on to the guest form.
    await act(async () => {
      mockFetch({
        '/stores/14': { body: demoStore },
        '/discounts/14': { body: [{ code: 'PICKUP_DISCOUNT', value: 10, expires_on: null }] },
        '/products/?store_id=14': { body: demoProducts },
        '/stores/14/slots?order_type=pickup': { body: { immediately: true, slots: [] } },
      });
      fireEvent.click(screen.getByRole('button', { name: /^Warenkorb, 1 Artikel$/ }));
    });
    await waitFor(() => expect(within(column).getByRole('button', { name: 'Zur Kasse' })).toBeEnabled());
    await click(within(column).getByRole('button', { name: 'Zur Kasse' }));
    expect(await screen.findByText('Gastformular')).toBeInTheDocument();
  });
});
