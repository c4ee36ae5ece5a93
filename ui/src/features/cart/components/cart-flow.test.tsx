import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
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

const products = demoProducts as unknown as Product[];

function Shop() {
  const cart = useCart();
  return (
    <>
      {products.map((product) => (
        <button key={product.id} type="button" onClick={() => cart.chooseProduct(product)}>
          choose {product.id}
        </button>
      ))}
      <button type="button" onClick={cart.clearIfOrderPlaced}>
        logo
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

const storedItems = () => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as { uniqueKey: string; quantity: number }[];
const dialog = () => screen.getByRole('dialog');
const addButton = () => within(dialog()).getByRole('button', { name: /In den Warenkorb|Add to cart/ });

async function choose(id: number) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: `choose ${id}` }));
  });
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** Chooses a product with variants or extras; its modal's code may still have to load. */
async function chooseWithOptions(id: number) {
  await choose(id);
  await screen.findByRole('dialog');
}

async function openCart() {
  await click(screen.getByRole('button', { name: /^Warenkorb/ }));
  return screen.findByRole('dialog', { name: 'Warenkorb' });
}

describe('cart flow', () => {
  beforeEach(() => {
    mockFetch({
      '/stores/14': { body: demoStore },
      '/discounts/14': { body: [] },
      '/products/?store_id=14': { body: demoProducts },
      '/stores/14/slots?order_type=delivery': { body: { immediately: true, slots: [] } },
    });
  });

  afterEach(() => {
    forgetLiveProducts();
    forgetDiscounts();
  });

  it('adds a simple product directly, raises the quantity the second time and shows a toast', async () => {
    renderShop();
    await choose(30);
    await choose(30);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(storedItems()).toMatchObject([{ uniqueKey: '30|base|', quantity: 2 }]);
    expect(screen.getAllByText('Cola 0,33 l wurde in den Warenkorb gelegt')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Warenkorb, 2 Artikel' })).toBeInTheDocument();
  });

  it('does not add a sold-out product', async () => {
    renderShop();
    await choose(31);
    expect(storedItems()).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cannot add without a required extra and says what is missing', async () => {
    renderShop();
    await chooseWithOptions(20);
    expect(addButton()).toBeDisabled();
    expect(dialog()).toHaveTextContent('Bitte wählen Sie mindestens 1 aus „Dressing“');
    expect(addButton()).toHaveAccessibleDescription('Bitte wählen Sie mindestens 1 aus „Dressing“');

    await click(within(dialog()).getByRole('radio', { name: 'Joghurt' }));
    expect(addButton()).toBeEnabled();
    expect(dialog()).not.toHaveTextContent('Bitte wählen Sie');
    await click(addButton());
    expect(storedItems()).toMatchObject([{ uniqueKey: '20|base|30x1', quantity: 1 }]);
    expect(screen.getByText('Gemischter Salat wurde in den Warenkorb gelegt')).toBeInTheDocument();
  });

  it('explains the missing extra in English too', async () => {
    await i18n.changeLanguage('en');
    renderShop();
    await chooseWithOptions(20);
    expect(dialog()).toHaveTextContent('Please choose at least 1 from "Dressing"');
  });

  it('offers an "exactly one" group as radio buttons and swaps the choice', async () => {
    renderShop();
    await chooseWithOptions(20);
    const dressing = within(dialog()).getByRole('group', { name: /^Dressing/ });
    expect(within(dressing).queryAllByRole('checkbox')).toEqual([]);
    expect(within(dressing).getAllByRole('radio')).toHaveLength(2);
    await click(within(dressing).getByRole('radio', { name: 'Joghurt' }));
    await click(within(dressing).getByRole('radio', { name: 'Balsamico' }));
    expect(within(dressing).getByRole('radio', { name: 'Joghurt' })).not.toBeChecked();
    expect(within(dressing).getByRole('radio', { name: 'Balsamico' })).toBeChecked();
    await click(addButton());
    expect(storedItems()).toMatchObject([{ uniqueKey: '20|base|31x1', quantity: 1 }]);
  });

  it('shows no "+0,00 €" for a free option, and the price of one that costs', async () => {
    renderShop();
    await chooseWithOptions(20);
    const joghurt = within(dialog()).getByRole('radio', { name: 'Joghurt' }).closest('.option-row')!;
    const balsamico = within(dialog()).getByRole('radio', { name: 'Balsamico' }).closest('.option-row')!;
    expect(joghurt).not.toHaveTextContent('€');
    expect(balsamico).toHaveTextContent('+0,50 €');
    expect(dialog()).not.toHaveTextContent('+0,00 €');
  });

  it('keeps checkboxes for a group that allows more than one', async () => {
    renderShop();
    await chooseWithOptions(9);
    const extras = within(dialog()).getByRole('group', { name: /^Extra Beläge/ });
    expect(within(extras).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(extras).queryAllByRole('radio')).toEqual([]);
  });

  it('requires a variant and enforces a group maximum', async () => {
    renderShop();
    await chooseWithOptions(9);
    expect(addButton()).toBeDisabled();
    expect(dialog()).toHaveTextContent('Bitte wählen Sie eine Variante');

    await click(within(dialog()).getByRole('radio', { name: /Ø 32 cm/ }));
    expect(addButton()).toBeEnabled();
    expect(addButton()).toHaveTextContent('9,90 €');

    // "Extra Beläge" allows 2 units in the demo data.
    await click(within(dialog()).getByRole('checkbox', { name: 'Salami' }));
    await click(within(dialog()).getByRole('button', { name: 'Salami: eins mehr' }));
    expect(within(dialog()).getByLabelText('Menge Salami')).toHaveTextContent('2');
    expect(within(dialog()).getByRole('button', { name: 'Salami: eins mehr' })).toBeDisabled();
    expect(within(dialog()).getByRole('checkbox', { name: 'Pilze' })).toBeDisabled();
    expect(addButton()).toHaveTextContent('12,90 €');

    await click(within(dialog()).getByRole('button', { name: 'Salami: eins weniger' }));
    await click(within(dialog()).getByRole('checkbox', { name: 'Pilze' }));
    expect(within(dialog()).getByRole('checkbox', { name: 'Oliven' })).toBeDisabled();
    await click(addButton());
    expect(storedItems()).toMatchObject([{ uniqueKey: '9|102|3x1,4x1', quantity: 1 }]);
  });

  it('edits a line into an existing one and merges the quantities', async () => {
    renderShop();
    for (const size of [/Ø 26 cm/, /Ø 32 cm/]) {
      await chooseWithOptions(9);
      await click(within(dialog()).getByRole('radio', { name: size }));
      await click(addButton());
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    }
    expect(storedItems().map((i) => i.uniqueKey)).toEqual(['9|101|', '9|102|']);

    await openCart();
    await click(screen.getByRole('button', { name: 'Pizza Margherita (Ø 26 cm) bearbeiten' }));
    await waitFor(() => expect(screen.getAllByRole('dialog')).toHaveLength(2));
    const editor = screen.getAllByRole('dialog').at(-1)!;
    expect(within(editor).getByRole('radio', { name: /Ø 26 cm/ })).toBeChecked();
    await click(within(editor).getByRole('radio', { name: /Ø 32 cm/ }));
    await click(within(editor).getByRole('button', { name: /Änderungen speichern/ }));

    expect(storedItems()).toMatchObject([{ uniqueKey: '9|102|', quantity: 2 }]);
  });

  it('changes quantities in the cart modal, stops − at 1, removes explicitly and shows the subtotal', async () => {
    renderShop();
    await choose(30);
    const cart = await openCart();
    expect(within(cart).getByRole('button', { name: 'Cola 0,33 l: Menge verringern' })).toBeDisabled();
    await click(within(cart).getByRole('button', { name: 'Cola 0,33 l: Menge erhöhen' }));
    await click(within(cart).getByRole('button', { name: 'Cola 0,33 l: Menge erhöhen' }));
    expect(within(cart).getByTestId('cart-subtotal')).toHaveTextContent('7,50 €');
    await click(within(cart).getByRole('button', { name: 'Cola 0,33 l entfernen' }));
    expect(within(cart).getByText('Ihr Warenkorb ist leer')).toBeInTheDocument();
    expect(storedItems()).toEqual([]);
  });

  it('clearing the cart also clears the note', async () => {
    renderShop();
    await choose(30);
    await openCart();
    await act(async () => {
      fireEvent.input(screen.getByLabelText('Anmerkung zur Bestellung'), { target: { value: 'Bitte klingeln' } });
    });
    expect(localStorage.getItem('orderNote')).toBe('Bitte klingeln');
    await click(screen.getByRole('button', { name: 'Warenkorb leeren' }));
    expect(localStorage.getItem('cartItems')).toBeNull();
    expect(localStorage.getItem('orderNote')).toBeNull();
  });

  it('restores the cart and note at start', async () => {
    const first = renderShop();
    fireEvent.click(screen.getByRole('button', { name: 'choose 30' }));
    const saved = localStorage.getItem('cartItems');
    first.unmount();
    localStorage.clear();
    localStorage.setItem('cartItems', saved!);
    localStorage.setItem('orderNote', 'Hintereingang');
    renderShop();
    expect(screen.getByRole('button', { name: 'Warenkorb, 1 Artikel' })).toBeInTheDocument();
    await openCart();
    expect(screen.getByLabelText('Anmerkung zur Bestellung')).toHaveValue('Hintereingang');
  });

  it('the logo clears the cart only after an order was placed', async () => {
    renderShop();
    await choose(30);
    await click(screen.getByRole('button', { name: 'logo' }));
    expect(storedItems()).toHaveLength(1);

    localStorage.setItem('order_placed', 'true');
    await click(screen.getByRole('button', { name: 'logo' }));
    expect(storedItems()).toEqual([]);
    expect(localStorage.getItem('order_placed')).toBeNull();
  });
});
