import { act, fireEvent, render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { AuthProvider } from '../../../lib/auth';
import i18n from '../../../lib/i18n';
import type { Product } from '../../../lib/menu-api';
import { emptySelection } from '../../../lib/product-selection';
import { OrderSettingsProvider, useOrderSettings } from '../../../lib/order-settings';
import { StoreProvider } from '../../../lib/store-context';
import { demoProducts, demoStore, mockFetch } from '../../../test/fetch-mock';
import { CartProvider, useCart } from './cart-provider';
import { PreorderNow } from './preorder-now';

const cola = (demoProducts as unknown as Product[]).find((product) => product.id === 30)!;

const slots = (times: string[]) => ({
  immediately: false,
  slots: times.map((time) => ({ time, starts_at: `2026-11-24T${String(Number(time.slice(0, 2)) - 1).padStart(2, '0')}${time.slice(2)}:00Z` })),
});

function Probe() {
  const cart = useCart();
  const { orderType } = useOrderSettings();
  const { pathname } = useLocation();
  return (
    <>
      <button type="button" onClick={() => cart.addSelection(cola, emptySelection())}>
        add cola
      </button>
      <p data-testid="probe">
        {pathname} {orderType}{' '}
        {cart.orderTime?.kind === 'preorder'
          ? `${cart.orderTime.time}@${cart.orderTime.startsAt}${cart.orderTime.date === undefined ? '' : ` on ${cart.orderTime.date}`}`
          : 'none'}
      </p>
    </>
  );
}

function renderButton(onCartEmpty = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AuthProvider>
          <StoreProvider>
            <ToastProvider>
              <OrderSettingsProvider>
                <CartProvider>
                  <Probe />
                  <PreorderNow onCartEmpty={onCartEmpty} />
                </CartProvider>
              </OrderSettingsProvider>
            </ToastProvider>
          </StoreProvider>
        </AuthProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
  return onCartEmpty;
}

const probe = () => screen.getByTestId('probe');
const preorderButton = () => screen.findByRole('button', { name: 'Jetzt vorbestellen' });

describe('PreorderNow', () => {
  beforeEach(() => {
    mockFetch({
      '/stores/14': { body: demoStore },
      '/stores/14/slots?order_type=delivery': { body: slots(['12:30', '12:45']) },
      '/stores/14/slots?order_type=pickup': { body: slots(['12:00', '12:15']) },
    });
  });

  it('leads to the menu while the cart is empty', async () => {
    const onCartEmpty = renderButton();
    fireEvent.click(await preorderButton());
    expect(onCartEmpty).toHaveBeenCalledOnce();
    expect(probe()).toHaveTextContent('/ delivery none');
  });

  it('chooses the earliest pre-order time and goes on to checkout', async () => {
    localStorage.setItem('order_type', 'pickup');
    const onCartEmpty = renderButton();
    const button = await preorderButton();
    fireEvent.click(screen.getByRole('button', { name: 'add cola' }));
    await act(async () => {
      fireEvent.click(button);
    });
    expect(await screen.findByText(/^\/guest-login pickup 12:00@2026-11-24T11:00:00Z$/)).toBeInTheDocument();
    expect(onCartEmpty).not.toHaveBeenCalled();
  });

  it('says why it cannot go on yet (no postcode for a delivery)', async () => {
    renderButton();
    const button = await preorderButton();
    fireEvent.click(screen.getByRole('button', { name: 'add cola' }));
    await act(async () => {
      fireEvent.click(button);
    });
    expect(await screen.findByTestId('preorder-blocked')).toHaveTextContent(
      'Bitte wählen Sie zuerst Ihre Postleitzahl für die Lieferung.',
    );
    expect(probe()).toHaveTextContent('/ delivery 12:30@2026-11-24T11:30:00Z');
  });

  it('switches to the order type that still has times', async () => {
    mockFetch({
      '/stores/14': { body: demoStore },
      '/stores/14/slots?order_type=delivery': { body: slots([]) },
      '/stores/14/slots?order_type=pickup': { body: slots(['21:45']) },
    });
    renderButton();
    const button = await preorderButton();
    fireEvent.click(screen.getByRole('button', { name: 'add cola' }));
    await act(async () => {
      fireEvent.click(button);
    });
    expect(await screen.findByText(/^\/guest-login pickup 21:45@/)).toBeInTheDocument();
  });

  it("offers a later day's first time when today has none (orders.preorder_days)", async () => {
    const tomorrow = { date: '2026-11-24', slots: slots(['11:30', '11:45']).slots };
    mockFetch({
      '/stores/14': { body: demoStore },
      '/stores/14/slots?order_type=delivery': { body: { ...slots([]), days: [] } },
      '/stores/14/slots?order_type=pickup': { body: { ...slots([]), days: [tomorrow] } },
    });
    renderButton();
    const button = await preorderButton();
    fireEvent.click(screen.getByRole('button', { name: 'add cola' }));
    await act(async () => {
      fireEvent.click(button);
    });
    expect(await screen.findByText(/^\/guest-login pickup 11:30@2026-11-24T10:30:00Z on 2026-11-24$/)).toBeInTheDocument();
  });

  it('shows nothing when no pre-order time is left', async () => {
    mockFetch({
      '/stores/14': { body: demoStore },
      '/stores/14/slots?order_type=delivery': { body: { ...slots([]), days: [] } },
      '/stores/14/slots?order_type=pickup': { body: { ...slots([]), days: [] } },
    });
    renderButton();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(screen.queryByRole('button', { name: 'Jetzt vorbestellen' })).toBeNull();
  });
});
