import { act, fireEvent, render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
import { CartProvider } from './cart-provider';
import { forgetDiscounts } from './store-discounts';

// Its own file: the cart's code loads once per file, and this is about the first time.

const cola = (demoProducts as unknown as Product[]).find((product) => product.id === 30)!;

afterEach(() => {
  forgetLiveProducts();
  forgetDiscounts();
});

describe('the cart opened for the first time', () => {
  it('shows the pickup discount in its first render, even when the discounts answer late', async () => {
    localStorage.setItem('order_type', 'pickup');
    localStorage.setItem('cartItems', JSON.stringify([buildCartItem(cola, { variantId: null, extras: [] }, 'de', 4)]));
    const answer = mockFetch({
      '/stores/14': { body: demoStore },
      '/discounts/14': { body: [{ code: 'PICKUP_DISCOUNT', value: 10, expires_on: null }] },
      '/products/?store_id=14': { body: demoProducts },
      '/stores/14/slots?order_type=pickup': { body: { immediately: true, slots: [] } },
    });
    let releaseDiscounts = () => {};
    const discountsHeld = new Promise<void>((resolve) => {
      releaseDiscounts = resolve;
    });
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).startsWith('/discounts/')) await discountsHeld;
      return answer(input, init);
    });

    // Whatever the cart shows first is recorded.
    const firstTotals: { total: string | null; discount: string | null }[] = [];
    const observer = new MutationObserver(() => {
      const total = document.querySelector('[data-testid="cart-total"]');
      if (total && firstTotals.length === 0) {
        firstTotals.push({
          total: total.textContent,
          discount: document.querySelector('[data-testid="cart-discount"]')?.textContent ?? null,
        });
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });

    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <AuthProvider>
            <StoreProvider>
              <ToastProvider>
                <OrderSettingsProvider>
                  <CartProvider>
                    <CartButton />
                  </CartProvider>
                </OrderSettingsProvider>
              </ToastProvider>
            </StoreProvider>
          </AuthProvider>
        </MemoryRouter>
      </I18nextProvider>,
    );
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Warenkorb, 4 Artikel' }));
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      releaseDiscounts();
    });
    await screen.findByRole('dialog', { name: 'Warenkorb' });
    await screen.findByTestId('cart-total');
    observer.disconnect();

    // 4 × 2,50 € = 10,00 €, 10 % off.
    expect(firstTotals).toEqual([{ total: '9,00 €', discount: '−1,00 €' }]);
  });
});
