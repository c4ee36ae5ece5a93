import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/toast';
import { AuthProvider } from '../../../lib/auth';
import i18n from '../../../lib/i18n';
import { forgetLiveProducts } from '../../../lib/live-menu';
import type { Product } from '../../../lib/menu-api';
import { OrderSettingsProvider } from '../../../lib/order-settings';
import { StoreProvider } from '../../../lib/store-context';
import { demoProducts, demoStore, mockFetch } from '../../../test/fetch-mock';
import { CartButton } from './cart-button';
import { CartProvider, useCart } from './cart-provider';
import { forgetDiscounts } from './store-discounts';

const demo = demoProducts as unknown as Product[];

/** 2,50 € for 0,33 l with 0,25 € deposit. */
const cola: Product = {
  ...demo.find((product) => product.id === 30)!,
  deposit: 0.25,
  net_content: { amount: 0.33, unit: 'l' },
  unit_price: 7.58,
};

/** Two bottle sizes, each with its own deposit and unit price. */
const water: Product = {
  ...cola,
  id: 33,
  name: 'Mineralwasser',
  name_en: 'Mineral water',
  type: 'variable',
  price: 1.9,
  deposit: null,
  net_content: null,
  unit_price: null,
  variants: [
    { id: 330, name: '0,25 l', name_en: null, price: 1.9, deposit: 0.08, net_content: { amount: 0.25, unit: 'l' }, unit_price: 7.6 },
    { id: 331, name: '0,75 l', name_en: null, price: 3.2, deposit: 0.15, net_content: { amount: 0.75, unit: 'l' }, unit_price: 4.27 },
  ],
};

const menu = [...demo.filter((product) => product.id !== 30), cola, water];

const postcode10115 = { id: 1, store_id: 14, postcode: '10115', minimum_order_amount: 15, delivery_fee: 2.5, delivery_time: 40 };

function Shop() {
  const cart = useCart();
  return (
    <>
      <button type="button" onClick={() => cart.chooseProduct(cola)}>
        add cola
      </button>
      <button type="button" onClick={() => cart.chooseProduct(water)}>
        choose water
      </button>
      <CartButton />
    </>
  );
}

function renderShop() {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>
        <AuthProvider>
          <StoreProvider>
            <ToastProvider>
              <OrderSettingsProvider>
                <CartProvider>
                  <Shop />
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

async function openCart() {
  await click(screen.getByRole('button', { name: /^(Warenkorb|Cart),/ }));
  return screen.findByRole('dialog', { name: /^(Warenkorb|Cart)$/ });
}

const text = (id: string) => screen.getByTestId(id).textContent;

/** The rows of the totals, label and amount, in their order. */
const totalsRows = (dialog: HTMLElement) =>
  [...dialog.querySelectorAll('.cart-totals__list > div')].map((row) =>
    [row.querySelector('dt')?.textContent, row.querySelector('dd')?.textContent].join(': '),
  );

beforeEach(() => {
  localStorage.setItem('postcode-data', JSON.stringify(postcode10115));
  mockFetch({
    '/stores/14': { body: demoStore },
    '/discounts/14': { body: [{ code: 'DELIVERY_DISCOUNT', value: 10, expires_on: null }] },
    '/products/?store_id=14': { body: menu },
    '/stores/14/slots?order_type=delivery': { body: { immediately: true, slots: [] } },
  });
});

afterEach(() => {
  forgetLiveProducts();
  forgetDiscounts();
});

describe('deposits in the cart', () => {
  it("shows each variant's unit price and deposit beside its price, and the chosen one's deposit under the line", async () => {
    renderShop();
    await click(screen.getByRole('button', { name: 'choose water' }));
    const modal = await screen.findByRole('dialog', { name: 'Mineralwasser' });
    const small = within(modal).getByLabelText(/0,25 l/).closest('label')!;
    expect(small.querySelector('.option-row__price')).toHaveTextContent('1,90 €(7,60 €/l) zzgl. 0,08 € Pfand');
    const large = within(modal).getByLabelText(/0,75 l/).closest('label')!;
    expect(within(large).getByTestId('unit-price')).toHaveTextContent('(4,27 €/l)');
    expect(within(large).getByTestId('deposit')).toHaveTextContent('zzgl. 0,15 € Pfand');

    await click(within(modal).getByLabelText(/0,75 l/));
    await click(within(modal).getByRole('button', { name: /In den Warenkorb/ }));
    const cart = await openCart();
    await click(within(cart).getByRole('button', { name: 'Mineralwasser (0,75 l): Menge erhöhen' }));
    const line = within(cart).getByText('Mineralwasser (0,75 l)').closest('li')!;
    expect(within(line).getByTestId('line-deposit')).toHaveTextContent(/^zzgl\. 2 × 0,15 € Pfand$/);
    expect(within(line).getByTestId('line-total')).toHaveTextContent('6,40 €');
    expect(text('cart-deposit')).toBe('0,30 €');
  });

  it('adds the deposit as its own row before the total, never discounted and not towards the minimum', async () => {
    renderShop();
    for (let i = 0; i < 4; i += 1) await click(screen.getByRole('button', { name: 'add cola' }));
    const cart = await openCart();
    expect(within(cart).getByTestId('line-deposit')).toHaveTextContent('zzgl. 4 × 0,25 € Pfand');
    // 10,00 € − 10 % + 2,50 € fee + 1,00 € deposit.
    expect(totalsRows(cart)).toEqual([
      'Zwischensumme: 10,00 €',
      'Rabatt (10 %): −1,00 €',
      'Liefergebühr: 2,50 €',
      'Lieferzeit: 40m',
      'Pfand: 1,00 €',
      'Gesamt: 12,50 €',
    ]);
    expect(text('cart-minimum-missing')).toBe('Noch 5,00 € bis zum Mindestbestellwert');
  });

  it('says it in English', async () => {
    await i18n.changeLanguage('en');
    renderShop();
    await click(screen.getByRole('button', { name: 'add cola' }));
    const cart = await openCart();
    expect(within(cart).getByTestId('line-deposit')).toHaveTextContent(/^plus 0,25 € deposit$/);
    expect(within(cart).getByText('Deposit')).toBeInTheDocument();
    expect(text('cart-deposit')).toBe('0,25 €');
  });

  it('counts no deposit for a line stored before deposits existed, and shows no deposit row', async () => {
    const stored = {
      ...demo.find((product) => product.id === 30)!,
      tax: 19, uniqueKey: '30|base|', quantity: 2, extras: [], basePrice: 2.5, selectedVariant: null,
      displayName: 'Cola 0,33 l', displayPrice: '2,50 €',
    };
    localStorage.setItem('cartItems', JSON.stringify([stored]));
    renderShop();
    const cart = await openCart();
    expect(within(cart).queryByTestId('line-deposit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-deposit')).not.toBeInTheDocument();
    expect(text('cart-total')).toBe('7,00 €');
  });
});
