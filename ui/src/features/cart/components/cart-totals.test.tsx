import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { AuthProvider } from '../../../lib/auth';
import i18n from '../../../lib/i18n';
import { forgetLiveProducts } from '../../../lib/live-menu';
import type { Product } from '../../../lib/menu-api';
import { OrderSettingsProvider, useOrderSettings } from '../../../lib/order-settings';
import { StoreProvider } from '../../../lib/store-context';
import { demoProducts, demoStore, mockFetch } from '../../../test/fetch-mock';
import { CartButton } from './cart-button';
import { CartProvider, useCart } from './cart-provider';
import { forgetDiscounts } from './store-discounts';

const cola = (demoProducts as unknown as Product[]).find((product) => product.id === 30)!;
const postcode10115 = {
  id: 1,
  store_id: 14,
  postcode: '10115',
  minimum_order_amount: 15,
  delivery_fee: 2.5,
  delivery_time: 40,
};

function Controls() {
  const cart = useCart();
  const { setOrderType } = useOrderSettings();
  return (
    <>
      <button type="button" onClick={() => cart.chooseProduct(cola)}>
        add cola
      </button>
      <button type="button" onClick={() => setOrderType('pickup')}>
        pickup
      </button>
      <button type="button" onClick={() => setOrderType('delivery')}>
        delivery
      </button>
      <p data-testid="order-time">{JSON.stringify(cart.orderTime)}</p>
      <CartButton />
    </>
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
              <Controls />
            </CartProvider>
          </OrderSettingsProvider>
        </ToastProvider>
      </StoreProvider>
        </AuthProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

async function click(name: string | RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

async function openCartWith(colas: number) {
  for (let i = 0; i < colas; i += 1) await click('add cola');
  await click(/^(Warenkorb|Cart),/);
  // The cart modal's code may still have to load.
  await screen.findByRole('dialog', { name: /^(Warenkorb|Cart)$/ });
}

const text = (id: string) => screen.getByTestId(id).textContent;

// The product list and the discounts are kept for the whole page; each test starts without.
afterEach(() => {
  forgetLiveProducts();
  forgetDiscounts();
});

const slotsFor = {
  delivery: { immediately: true, slots: [{ time: '18:30', starts_at: '2026-11-23T17:30:00Z' }] },
  pickup: { immediately: false, slots: [] as { time: string; starts_at: string }[] },
};

function mockApi(discounts: unknown[] = []) {
  return mockFetch({
    '/stores/14': { body: demoStore },
    '/discounts/14': { body: discounts },
    '/products/?store_id=14': { body: demoProducts },
    '/stores/14/slots?order_type=delivery': { body: slotsFor.delivery },
    '/stores/14/slots?order_type=pickup': { body: slotsFor.pickup },
  });
}

describe('cart totals', () => {
  beforeEach(() => {
    localStorage.setItem('postcode-data', JSON.stringify(postcode10115));
  });

  it('adds the delivery fee and time and says how much the minimum order lacks', async () => {
    mockApi();
    renderCart();
    await openCartWith(3);
    expect(text('cart-subtotal')).toBe('7,50 €');
    expect(text('cart-delivery-fee')).toBe('2,50 €');
    expect(text('cart-delivery-time')).toBe('40m');
    expect(text('cart-total')).toBe('10,00 €');
    expect(text('cart-minimum-missing')).toBe('Noch 7,50 € bis zum Mindestbestellwert');
    expect(screen.queryByTestId('cart-discount')).not.toBeInTheDocument();
  });

  it('says what the minimum lacks in English', async () => {
    await i18n.changeLanguage('en');
    mockApi();
    renderCart();
    await openCartWith(5);
    expect(text('cart-minimum-missing')).toBe('2,50 € more to reach the minimum order');
  });

  it('applies the discount of the order type; pickup has no fee and no minimum', async () => {
    mockApi([
      { code: 'DELIVERY_DISCOUNT', value: 10, expires_on: null },
      { code: 'PICKUP_DISCOUNT', value: 12.5, expires_on: null },
    ]);
    renderCart();
    await openCartWith(7);
    await waitFor(() => expect(screen.getByTestId('cart-discount')).toBeInTheDocument());
    // 7 × 2,50 = 17,50; 10 % = 1,75; + 2,50 fee.
    expect(text('cart-subtotal')).toBe('17,50 €');
    expect(text('cart-discount')).toBe('−1,75 €');
    expect(text('cart-total')).toBe('18,25 €');
    expect(screen.queryByTestId('cart-minimum-missing')).not.toBeInTheDocument();

    await click('pickup');
    // 12,5 % of 17,50 = 2,1875 → 2,19 (half up).
    expect(text('cart-discount')).toBe('−2,19 €');
    expect(screen.queryByTestId('cart-delivery-fee')).not.toBeInTheDocument();
    expect(text('cart-total')).toBe('15,31 €');
  });

  it('ignores a discount that expired before today', async () => {
    mockApi([{ code: 'DELIVERY_DISCOUNT', value: 10, expires_on: '2000-01-01' }]);
    renderCart();
    await openCartWith(1);
    await act(async () => {});
    expect(screen.queryByTestId('cart-discount')).not.toBeInTheDocument();
  });

  it('asks for a postcode when delivering without one', async () => {
    localStorage.clear();
    mockApi();
    renderCart();
    await openCartWith(1);
    expect(text('cart-delivery-fee')).toBe('0,00 €');
    expect(screen.getByText(/Wählen Sie oben Ihre Postleitzahl/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zur Kasse' })).toBeDisabled();
    expect(screen.getByText('Bitte wählen Sie zuerst Ihre Postleitzahl für die Lieferung.')).toBeInTheDocument();
  });

  it('blocks checkout until the minimum order is reached, then lets a guest continue', async () => {
    mockApi();
    renderCart();
    await openCartWith(3);
    const checkout = screen.getByRole('button', { name: 'Zur Kasse' });
    expect(checkout).toBeDisabled();
    expect(
      screen.getByText('Der Mindestbestellwert für Ihre Postleitzahl ist noch nicht erreicht.'),
    ).toBeInTheDocument();
    await click('pickup');
    expect(screen.getByRole('button', { name: 'Zur Kasse' })).toBeEnabled();
  });
});

describe('order time', () => {
  it('offers "immediately" and the pre-order slots and keeps the choice in the cart', async () => {
    const fetchMock = mockApi();
    renderCart();
    await openCartWith(1);
    await waitFor(() => expect(text('order-time')).toBe('{"kind":"immediately"}'));
    const select = screen.getByRole('combobox', { name: 'Bestellzeit' });
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.textContent)).toEqual([
      'So schnell wie möglich',
      'Vorbestellen für 18:30',
    ]);
    expect(text('order-time')).toBe('{"kind":"immediately"}');
    await act(async () => {
      // The preact testing library's fireEvent.change sends an input event; a select listens for change.
      (select as HTMLSelectElement).value = '2026-11-23T17:30:00Z';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(text('order-time')).toBe('{"kind":"preorder","time":"18:30","startsAt":"2026-11-23T17:30:00Z"}');
    expect(fetchMock).toHaveBeenCalledWith('/stores/14/slots?order_type=delivery', expect.anything());
  });

  it("shows 'No available time slots' when the list is empty, reloading on an order type change", async () => {
    await i18n.changeLanguage('en');
    const fetchMock = mockApi();
    renderCart();
    await openCartWith(1);
    await screen.findByRole('combobox', { name: 'Order time' });
    await click('pickup');
    expect(await screen.findByText('No available time slots')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/stores/14/slots?order_type=pickup', expect.anything());
    // A choice the new list does not offer is dropped.
    await waitFor(() => expect(text('order-time')).toBe('null'));
    expect(screen.queryByRole('combobox', { name: 'Order time' })).not.toBeInTheDocument();
  });

  it('says it in German too', async () => {
    localStorage.setItem('order_type', 'pickup');
    mockApi();
    renderCart();
    await openCartWith(1);
    expect(await screen.findByText('Keine Zeitfenster verfügbar')).toBeInTheDocument();
  });

  it('reloads the slots each time the cart opens', async () => {
    const fetchMock = mockApi();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCart();
    await openCartWith(1);
    await act(async () => {
      fireEvent.click(within(screen.getByRole('dialog', { name: 'Warenkorb' })).getByRole('button', { name: 'Schließen' }));
    });
    await click(/^Warenkorb,/);
    await act(async () => {});
    const calls = fetchMock.mock.calls.filter(([url]) => url === '/stores/14/slots?order_type=delivery');
    expect(calls).toHaveLength(2);
  });
});
