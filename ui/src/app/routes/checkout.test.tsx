import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useNavigate, useParams } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCart } from '../../features/cart';
import { demoOrder } from '../../features/orders/test/demo-order';
import { demoQuote } from '../../features/orders/test/demo-quote';
import { clearRuntimeConfig, setRuntimeConfig } from '../../features/orders/test/runtime-config';
import { AuthProvider } from '../../lib/auth';
import i18n from '../../lib/i18n';
import { StoreProvider } from '../../lib/store-context';
import { FakeSocket, setVisibility } from '../../test/fake-websocket';
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

type Answer = { status?: number; body: unknown };

const savedAddress = {
  id: 12, type: 'shipping', customer_name: 'Max Muster', line1: 'Torstraße 5', city: 'Berlin', zip: '10115',
  country: 'DE', phone: '030999', email: 'max@example.com', notes: '',
};

const placed = demoOrder({ token: 'tok-123', payment_method: 'cash', payment_status: 'cash_due' });

/** Stands in for /update-address: picks the saved address and continues to checkout. */
function PickAddress() {
  const { setAddressId } = useCart();
  const navigate = useNavigate();
  useEffect(() => {
    setAddressId(12);
    navigate('/checkout', { state: { from: '/update-address' } });
  }, [setAddressId, navigate]);
  return null;
}

function OrderPage() {
  return <p data-testid="page">order {useParams().token}</p>;
}

function renderCheckout(
  state?: unknown,
  { extra = {}, slots = { immediately: true, slots: [] }, start }: {
    extra?: Record<string, Answer | (() => Answer)>;
    slots?: unknown;
    start?: string;
  } = {},
) {
  const fetchMock = mockFetch({
    '/stores/14': { body: demoStore },
    '/discounts/14': { body: [] },
    '/stores/14/slots?order_type=pickup': { body: slots },
    '/stores/14/slots?order_type=delivery': { body: slots },
    '/addresses/': { body: [savedAddress] },
    '/orders/guest/quote': { body: demoQuote() },
    ...extra,
  });
  const stub = (name: string) => <p data-testid="page">{name}</p>;
  const router = createMemoryRouter(
    [
      { path: '/', element: stub('home') },
      { path: '/checkout', element: <CheckoutRoute /> },
      { path: '/update-address', element: stub('update-address') },
      { path: '/guest-login', element: stub('guest-login') },
      { path: '/pick', element: <PickAddress /> },
      { path: '/orders/:token', element: <OrderPage /> },
    ],
    {
      initialEntries: ['/', start ?? { pathname: '/checkout', search: '?isGuestLogin=true', state }],
      initialIndex: 1,
    },
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
  return { router, fetchMock };
}

/** After a redirect with replace, going back skips /checkout. */
async function expectReplacedWith(router: ReturnType<typeof createMemoryRouter>, pathname: string) {
  await waitFor(() => expect(router.state.location.pathname).toBe(pathname));
  await act(async () => {
    await router.navigate(-1);
  });
  expect(router.state.location.pathname).toBe('/');
}

// The order times follow the live store status; the tests drive it by hand.
beforeEach(() => {
  FakeSocket.reset();
  setVisibility('visible');
  vi.stubGlobal('WebSocket', FakeSocket);
});

describe('checkout guards', () => {
  it('sends a signed-in customer who did not come from /update-address there, replacing history', async () => {
    signIn();
    const { router } = renderCheckout();
    await expectReplacedWith(router, '/update-address');
  });

  it('a signed-in customer coming "from" the guest form still goes to /update-address', async () => {
    signIn();
    localStorage.setItem('guestShippingAddress', JSON.stringify(guestAddress));
    const { router } = renderCheckout({ from: '/guest-login' });
    await expectReplacedWith(router, '/update-address');
  });

  it('sends a guest who did not come from /guest-login to /guest-login', async () => {
    localStorage.setItem('guestShippingAddress', JSON.stringify(guestAddress));
    const { router } = renderCheckout({ from: '/somewhere' });
    await expectReplacedWith(router, '/guest-login');
  });

  it('sends a guest without a stored address to /guest-login', async () => {
    const { router } = renderCheckout({ from: '/guest-login' });
    await expectReplacedWith(router, '/guest-login');
  });

  it('shows a guest from /guest-login the order type, address, lines, time, payment and totals', async () => {
    await i18n.changeLanguage('en');
    localStorage.setItem('order_type', 'pickup');
    localStorage.setItem('cartItems', JSON.stringify([cartLine]));
    localStorage.setItem('guestShippingAddress', JSON.stringify(guestAddress));
    const { router } = renderCheckout({ from: '/guest-login' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(document.title).toBe('Checkout | Heimservice Heimservice');
    expect(screen.getByTestId('checkout-order-type')).toHaveTextContent('Pickup');
    expect(screen.getByTestId('checkout-address')).toHaveTextContent('Gina Gast');
    expect(screen.getByTestId('checkout-address')).toHaveTextContent('Hauptstraße 1');
    expect(screen.getByText('Cola 0,33 l')).toBeInTheDocument();
    // Cash is offered once the store's record says the shop takes it.
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Cash' })).toBeChecked());
    expect(screen.getByRole('radio', { name: 'Pay online' })).not.toBeChecked();
    expect(await screen.findByTestId('cart-total')).toHaveTextContent('5,00 €');
    expect(screen.getByTestId('checkout-quote')).toHaveAttribute('data-state', 'ready');
    expect(screen.getByTestId('checkout-line-total')).toHaveTextContent('5,00 €');
    expect(await screen.findByRole('option', { name: 'As soon as possible' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place binding order' })).toBeEnabled();
  });
});


type FetchMock = ReturnType<typeof mockFetch>;

/** The POST requests sent so far, with their headers and parsed bodies (quotes apart). */
function posts(fetchMock: FetchMock) {
  return allPosts(fetchMock).filter((post) => !post.path.endsWith('/quote'));
}

/** The quotes asked for so far. */
function quotePosts(fetchMock: FetchMock) {
  return allPosts(fetchMock).filter((post) => post.path.endsWith('/quote'));
}

function allPosts(fetchMock: FetchMock) {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({
      path: String(input),
      headers: new Headers(init?.headers),
      body: JSON.parse(String(init?.body)) as Record<string, unknown>,
    }));
}

/** Lets `path` answer only after `gate` resolves (or with what `override` returns first). */
function intercept(fetchMock: FetchMock, path: string, override: () => Promise<Response | undefined>) {
  const answer = fetchMock.getMockImplementation()!;
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) === path) {
      const response = await override();
      if (response) return response;
    }
    return answer(input, init);
  });
}

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** Waits until the order time defaulted to "immediately" and the server's quote for it is shown. */
async function immediately() {
  await waitFor(() => expect(screen.getByTestId('order-essentials')).toHaveTextContent('So schnell wie möglich'));
  await quoted();
}

/** Waits until the quote for the current choices is shown. */
async function quoted() {
  await waitFor(() => expect(screen.getByTestId('checkout-quote')).toHaveAttribute('data-state', 'ready'));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function guestCheckout(extra: Record<string, Answer | (() => Answer)> = {}, slots?: unknown) {
  localStorage.setItem('order_type', 'pickup');
  localStorage.setItem('cartItems', JSON.stringify([cartLine]));
  localStorage.setItem('guestShippingAddress', JSON.stringify(guestAddress));
  return renderCheckout({ from: '/guest-login' }, { extra, slots });
}

describe('placing an order', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    clearRuntimeConfig();
  });

  it('places a guest cash order: processing, POST with Idempotency-Key, order_placed and the status page', async () => {
    localStorage.setItem('orderNote', 'Bitte klingeln');
    const { router, fetchMock } = guestCheckout({ '/orders/guest': { status: 201, body: placed } });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    intercept(fetchMock, '/orders/guest', async () => {
      await gate;
      return undefined;
    });
    await immediately();

    const essentials = screen.getByTestId('order-essentials');
    expect(essentials).toHaveTextContent('Abholung');
    expect(essentials).toHaveTextContent('Gina Gast');
    expect(essentials).toHaveTextContent('So schnell wie möglich');
    expect(essentials).toHaveTextContent('Barzahlung');
    await waitFor(() => expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('5,00 €'));
    expect(screen.getByLabelText('Anmerkung zur Bestellung')).toHaveValue('Bitte klingeln');

    const button = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    // The essentials stand right above the binding button.
    expect(essentials.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await click(button);
    expect(button).toBeDisabled();
    expect(button).toHaveTextContent('Bestellung wird verarbeitet …');

    await act(async () => {
      release();
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/tok-123'));
    expect(localStorage.getItem('order_placed')).toBe('true');
    // The cart stays until the logo is clicked (spec §4).
    expect(localStorage.getItem('cartItems')).not.toBeNull();

    const [post, ...more] = posts(fetchMock);
    expect(more).toHaveLength(0);
    expect(post?.path).toBe('/orders/guest');
    expect(post?.headers.get('Idempotency-Key')).toMatch(UUID);
    expect(post?.headers.has('Authorization')).toBe(false);
    const body = {
      order_type: 'pickup',
      lines: [{ product_id: 30, variant_id: null, extras: [], quantity: 2 }],
      shipping_address: guestAddress,
      payment_method: 'cash',
      preorder_at: null,
      note: 'Bitte klingeln',
    };
    // Placed against the quote shown, which was asked for exactly this body.
    expect(post?.body).toEqual({ ...body, quote_id: 'quote-1' });
    expect(quotePosts(fetchMock).at(-1)).toMatchObject({ path: '/orders/guest/quote', body });
  });

  it('a signed-in customer orders with the chosen address_id and a pre-order slot; no time → button disabled, saying so', async () => {
    await i18n.changeLanguage('en');
    signIn();
    localStorage.setItem('order_type', 'delivery');
    localStorage.setItem(
      'postcode-data',
      JSON.stringify({ id: 1, store_id: 14, postcode: '10115', minimum_order_amount: 0, delivery_fee: 2.5, delivery_time: 30 }),
    );
    const pizza = {
      ...cartLine, id: 9, name: 'Pizza Margherita', price: 9.9, uniqueKey: '9|102|3x2', quantity: 1,
      selectedVariant: { id: 102, name: 'Ø 32 cm', price: 9.9 },
      extras: [{ id: 3, name: 'Salami', price: 1.5, quantity: 2, group_id: 1 }],
    };
    localStorage.setItem('cartItems', JSON.stringify([pizza, cartLine]));
    const quote = demoQuote({
      quote_id: 'quote-delivery',
      order_type: 'delivery',
      postcode: '10115',
      preorder_at: '2026-11-22T17:30:00Z',
      subtotal: 19.9,
      delivery_fee: 2.5,
      total: 22.4,
    });
    const { router, fetchMock } = renderCheckout(undefined, {
      start: '/pick',
      slots: { immediately: false, slots: [{ time: '18:30', starts_at: '2026-11-22T17:30:00Z' }] },
      extra: { '/orders/': { status: 201, body: placed }, '/orders/quote': { body: quote } },
    });

    const essentials = await screen.findByTestId('order-essentials');
    await waitFor(() => expect(essentials).toHaveTextContent('Torstraße 5, 10115 Berlin'));
    expect(essentials).toHaveTextContent('No time chosen yet');
    // Without a time there is nothing to quote yet; the button says what is missing.
    expect(screen.getByTestId('checkout-quote')).toHaveTextContent('The total appears once an order time is chosen.');
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('not available');
    expect(await screen.findByTestId('asap-unavailable')).toHaveTextContent(
      '“As soon as possible” is not possible right now: The restaurant is not taking orders for right now. You can pre-order for a later time.',
    );
    expect(screen.getByRole('option', { name: 'As soon as possible – not possible right now' })).toBeDisabled();
    const button = screen.getByRole('button', { name: 'Place binding order' });
    expect(button).toBeDisabled();
    expect(screen.getByTestId('place-order-blocked')).toHaveTextContent('Please choose an order time.');
    expect(button).toHaveAttribute('aria-describedby', screen.getByTestId('place-order-blocked').id);
    expect(posts(fetchMock)).toEqual([]);
    expect(quotePosts(fetchMock)).toEqual([]);

    const select = await screen.findByLabelText('Order time');
    await act(async () => {
      // A real change event: the Preact testing library turns fireEvent.change into input.
      (select as HTMLSelectElement).value = '2026-11-22T17:30:00Z';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(essentials).toHaveTextContent('Pre-order for 18:30');
    await quoted();
    expect(screen.getByTestId('checkout-order-type')).toHaveTextContent('Delivery · Postcode 10115');
    expect(screen.getByTestId('cart-delivery-fee')).toHaveTextContent('2,50 €');
    expect(screen.getByTestId('cart-delivery-time')).toHaveTextContent('30m');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('22,40 €');
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('22,40 €');
    await click(screen.getByRole('button', { name: 'Place binding order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/tok-123'));

    const body = {
      order_type: 'delivery',
      lines: [
        { product_id: 9, variant_id: 102, extras: [{ topping_id: 3, quantity: 2 }], quantity: 1 },
        { product_id: 30, variant_id: null, extras: [], quantity: 2 },
      ],
      address_id: 12,
      payment_method: 'cash',
      preorder_at: '2026-11-22T17:30:00Z',
      note: '',
    };
    const [post] = posts(fetchMock);
    expect(post?.path).toBe('/orders/');
    expect(post?.headers.get('Authorization')).toBe('Bearer jwt');
    expect(post?.body).toEqual({ ...body, quote_id: 'quote-delivery' });
    const [asked, ...more] = quotePosts(fetchMock);
    expect(more).toHaveLength(0);
    expect(asked?.path).toBe('/orders/quote');
    expect(asked?.headers.get('Authorization')).toBe('Bearer jwt');
    expect(asked?.body).toEqual(body);
  });

  it('a refusal shows its message in the UI language, naming the product, in the alert and keeps the cart', async () => {
    let answer: Answer = {
      status: 409,
      body: {
        detail: 'The restaurant is closed right now. Please choose a pre-order time.',
        code: 'store_closed',
        field: null,
      },
    };
    const { router, fetchMock } = guestCheckout({ '/orders/guest': () => answer });
    await immediately();
    const button = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });

    await click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'Das Restaurant hat gerade geschlossen. Bitte wählen Sie eine Vorbestellzeit.',
      ),
    );
    expect(button).toBeEnabled();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(localStorage.getItem('order_placed')).toBeNull();
    expect(JSON.parse(localStorage.getItem('cartItems') ?? '[]')).toHaveLength(1);

    answer = {
      status: 409,
      body: { detail: 'Cola 0,33 l is sold out.', code: 'sold_out', field: 'lines', params: { product: 'Cola 0,33 l' } },
    };
    await click(button);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Cola 0,33 l ist ausverkauft.'));
    expect(screen.getByRole('alert')).not.toHaveTextContent('sold out');
    // A refusal ends the attempt: the next one has its own key.
    const [first, second] = posts(fetchMock);
    expect(second?.headers.get('Idempotency-Key')).not.toBe(first?.headers.get('Idempotency-Key'));
  });

  it('retries with the same Idempotency-Key when the answer got lost', async () => {
    const { router, fetchMock } = guestCheckout({ '/orders/guest': { status: 200, body: placed } });
    let lost = true;
    intercept(fetchMock, '/orders/guest', async () => {
      if (!lost) return undefined;
      lost = false;
      throw new TypeError('Failed to fetch');
    });
    await immediately();
    const button = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });

    await click(button);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.'),
    );
    await click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/tok-123'));
    const keys = fetchMock.mock.calls
      .filter(([input]) => String(input) === '/orders/guest')
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
  });

  it('shows online payment disabled without a PayPal client id', async () => {
    guestCheckout();
    await immediately();
    const online = screen.getByRole('radio', { name: 'Online bezahlen' });
    expect(online).toBeDisabled();
    expect(online).toHaveAccessibleDescription('Online-Zahlung ist derzeit nicht verfügbar.');
    expect(screen.getByTestId('payment-online-unavailable')).toHaveTextContent(
      'Online-Zahlung ist derzeit nicht verfügbar.',
    );
  });

  it('offers online payment with a client id and puts the binding wording above the PayPal area', async () => {
    setRuntimeConfig({ paypalClientId: 'client-1', paypalSdkUrl: 'http://127.0.0.1:1/sdk/js' });
    guestCheckout();
    await immediately();
    const online = screen.getByRole('radio', { name: 'Online bezahlen' });
    expect(online).toBeEnabled();
    await click(online);
    expect(screen.queryByRole('button', { name: 'Zahlungspflichtig bestellen' })).not.toBeInTheDocument();
    const essentials = screen.getByTestId('order-essentials');
    expect(essentials).toHaveTextContent('Online mit PayPal');
    const area = await screen.findByTestId('paypal-area');
    const binding = within(area.parentElement!).getByText('Zahlungspflichtig bestellen');
    expect(essentials.compareDocumentPosition(binding) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(binding.compareDocumentPosition(area) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("links the store's terms and withdrawal information above the order button, opening in a new tab", async () => {
    guestCheckout({
      '/stores/14': { body: { ...demoStore, terms_text: 'AGB …', withdrawal_text: 'Widerrufsbelehrung …' } },
    });
    await immediately();
    const notice = await screen.findByTestId('terms-notice');
    expect(notice).toHaveTextContent(
      'Es gelten unsere AGB (öffnet in neuem Tab). Informationen zu Ihrem Widerrufsrecht finden Sie in der Widerrufsbelehrung (öffnet in neuem Tab).',
    );
    expect(within(notice).getByRole('link', { name: /^AGB/ })).toHaveAttribute('href', '/terms');
    expect(within(notice).getByRole('link', { name: /^Widerrufsbelehrung/ })).toHaveAttribute('href', '/terms#withdrawal');
    for (const link of within(notice).getAllByRole('link')) expect(link).toHaveAttribute('target', '_blank');
    expect(notice.nextElementSibling).toBe(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
  });

  it('shows no such line while the store has neither text', async () => {
    guestCheckout();
    await immediately();
    expect(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeInTheDocument();
    expect(screen.queryByTestId('terms-notice')).toBeNull();
  });
});

describe('a shop that takes no cash', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setRuntimeConfig({ paypalClientId: 'client-1', paypalSdkUrl: 'http://127.0.0.1:1/sdk/js' });
  });

  afterEach(() => {
    clearRuntimeConfig();
  });

  it('offers cash disabled with the reason, preselects online and asks the quote for online payment', async () => {
    const { fetchMock } = guestCheckout({ '/stores/14': { body: { ...demoStore, cash_payment: false } } });
    await quoted();
    const cash = screen.getByRole('radio', { name: 'Barzahlung' });
    expect(cash).toBeDisabled();
    expect(cash).not.toBeChecked();
    expect(cash).toHaveAccessibleDescription('Barzahlung ist in diesem Shop nicht möglich.');
    expect(screen.getByRole('radio', { name: 'Online bezahlen' })).toBeChecked();
    expect(screen.getByTestId('order-essentials')).toHaveTextContent('Online mit PayPal');
    expect(screen.queryByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeNull();
    expect(await screen.findByTestId('paypal-area')).toBeInTheDocument();
    const asked = quotePosts(fetchMock);
    expect(asked.length).toBeGreaterThan(0);
    for (const quote of asked) expect(quote.body.payment_method).toBe('online');
  });

  it('switches to online payment when the server refuses cash the store record still offered', async () => {
    const { fetchMock } = guestCheckout();
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/orders/guest/quote' && JSON.parse(String(init?.body)).payment_method === 'cash') {
        return new Response(
          JSON.stringify({ detail: 'This restaurant takes no cash. Please pay online.', code: 'cash_not_accepted', field: 'payment_method' }),
          { status: 400, headers: { 'Content-Type': 'application/json' } },
        );
      }
      return answer(input, init);
    });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Online bezahlen' })).toBeChecked());
    await quoted();
    expect(screen.getByRole('radio', { name: 'Barzahlung' })).toBeDisabled();
    expect(screen.getByTestId('payment-cash-unavailable')).toHaveTextContent('Barzahlung ist in diesem Shop nicht möglich.');
    expect(quotePosts(fetchMock).at(-1)?.body.payment_method).toBe('online');
  });
});

describe("the server's quote at checkout", () => {
  const bruschetta = {
    ...cartLine, id: 41, category_id: 1, name: 'Bruschetta', price: 5.9, uniqueKey: '41|base|', quantity: 4, tax: 7,
    displayName: 'Bruschetta', displayPrice: '5,90 €',
  };
  const zone10115 = { id: 1, store_id: 14, postcode: '10115', minimum_order_amount: 12, delivery_fee: 1.5, delivery_time: 30 };
  const bruschettaLine = { ...demoQuote().lines[0]!, product_id: 41, name: 'Bruschetta', unit_price: 5.9, quantity: 4, total: 23.6 };
  const quote10405 = demoQuote({
    quote_id: 'quote-10405',
    order_type: 'delivery',
    postcode: '10405',
    lines: [bruschettaLine],
    subtotal: 23.6,
    delivery_fee: 3,
    total: 26.6,
  });

  /** A guest delivering to 10405 while the header still says 10115. */
  function deliveryTo10405(extra: Record<string, Answer | (() => Answer)>) {
    localStorage.setItem('order_type', 'delivery');
    localStorage.setItem('postcode-data', JSON.stringify(zone10115));
    localStorage.setItem('cartItems', JSON.stringify([bruschetta]));
    localStorage.setItem('guestShippingAddress', JSON.stringify({ ...guestAddress, zip: '10405' }));
    return renderCheckout({ from: '/guest-login' }, { extra });
  }

  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("shows the quote for the address's postcode, never the header's, and places against it", async () => {
    const { router, fetchMock } = deliveryTo10405({
      '/orders/guest/quote': { body: quote10405 },
      '/orders/guest': { status: 201, body: placed },
    });
    await immediately();
    expect(screen.getByTestId('checkout-order-type')).toHaveTextContent('Lieferung · PLZ 10405');
    expect(screen.getByTestId('cart-subtotal')).toHaveTextContent('23,60 €');
    expect(screen.getByTestId('cart-delivery-fee')).toHaveTextContent('3,00 €');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('26,60 €');
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('26,60 €');
    expect(screen.getByTestId('checkout-line-total')).toHaveTextContent('23,60 €');
    // No discount today, and the header's zone (its fee and time) is not this address's.
    expect(screen.queryByTestId('cart-discount')).not.toBeInTheDocument();
    expect(screen.queryByTestId('cart-delivery-time')).not.toBeInTheDocument();
    expect(screen.getByTestId('checkout-quote')).not.toHaveTextContent('1,50 €');

    await click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/tok-123'));
    const [asked] = quotePosts(fetchMock);
    expect(asked?.body).toMatchObject({ order_type: 'delivery', shipping_address: { zip: '10405' } });
    expect(posts(fetchMock)[0]?.body).toEqual({ ...asked?.body, quote_id: 'quote-10405' });
  });

  it('shows a refused quote in place of the totals and blocks the order button', async () => {
    const { fetchMock } = deliveryTo10405({
      '/orders/guest/quote': {
        status: 409,
        body: {
          detail: 'The minimum order amount for 10405 is 20,00 €.',
          code: 'below_minimum',
          field: 'lines',
          params: { postcode: '10405', minimum: '20,00 €' },
        },
      },
    });
    const refusal = await screen.findByTestId('quote-refusal');
    expect(refusal).toHaveTextContent(/^Der Mindestbestellwert für 10405 beträgt 20,00 €\.$/);
    expect(screen.getByTestId('checkout-quote')).toHaveAttribute('data-state', 'refused');
    expect(screen.queryByTestId('cart-total')).not.toBeInTheDocument();
    expect(screen.queryByTestId('checkout-line-total')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('nicht verfügbar');

    const button = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    expect(button).toBeDisabled();
    expect(button).toHaveClass('place-order__button--blocked');
    await click(button);
    expect(posts(fetchMock)).toEqual([]);
  });

  it('shows the loading state and keeps the order button disabled until the quote arrives', async () => {
    const { fetchMock } = guestCheckout();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    intercept(fetchMock, '/orders/guest/quote', async () => {
      await gate;
      return undefined;
    });
    await waitFor(() => expect(screen.getByTestId('order-essentials')).toHaveTextContent('So schnell wie möglich'));
    await waitFor(() => expect(quotePosts(fetchMock)).toHaveLength(1));
    const button = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    expect(button).toBeDisabled();
    expect(screen.getByTestId('checkout-quote')).toHaveAttribute('data-state', 'loading');
    expect(screen.getByTestId('checkout-quote')).toHaveTextContent('Gesamtbetrag wird berechnet …');
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('wird berechnet …');
    expect(screen.queryByTestId('cart-total')).not.toBeInTheDocument();

    await act(async () => {
      release();
    });
    await quoted();
    expect(button).toBeEnabled();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('5,00 €');
  });

  it('shows the quoted discount with its percent', async () => {
    guestCheckout({
      '/orders/guest/quote': { body: demoQuote({ discount_percentage: 10, discount: 0.5, total: 4.5 }) },
    });
    await immediately();
    expect(screen.getByText('Rabatt (10 %)')).toBeInTheDocument();
    expect(screen.getByTestId('cart-discount')).toHaveTextContent('−0,50 €');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('4,50 €');
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('4,50 €');
  });

  it('shows the quoted deposit under its line and as its own row before the total, which includes it', async () => {
    guestCheckout({
      '/orders/guest/quote': {
        body: demoQuote({ lines: [{ ...demoQuote().lines[0]!, deposit: 0.25 }], deposit: 0.5, total: 5.5 }),
      },
    });
    await immediately();
    expect(screen.getByTestId('line-deposit')).toHaveTextContent(/^zzgl\. 2 × 0,25 € Pfand$/);
    expect(screen.getByTestId('checkout-line-total')).toHaveTextContent('5,00 €');
    const rows = [...screen.getByTestId('checkout-quote').querySelectorAll('dt')].map((term) => term.textContent);
    expect(rows).toEqual(['Zwischensumme', 'Pfand', 'Gesamt']);
    expect(screen.getByTestId('cart-deposit')).toHaveTextContent('0,50 €');
    expect(screen.getByTestId('cart-total')).toHaveTextContent('5,50 €');
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('5,50 €');
  });

  it('shows no deposit row for a quote without deposits', async () => {
    guestCheckout();
    await immediately();
    expect(screen.queryByTestId('cart-deposit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('line-deposit')).not.toBeInTheDocument();
  });

  it('a changed price places nothing, shows the new quote and the message; pressing again places at the new price', async () => {
    let price = 2.5;
    const quoteNow = () => ({
      body: demoQuote({
        quote_id: `quote-${price}`,
        lines: [{ ...demoQuote().lines[0]!, unit_price: price, total: price * 2 }],
        subtotal: price * 2,
        total: price * 2,
      }),
    });
    const { router, fetchMock } = guestCheckout({
      '/orders/guest/quote': quoteNow,
      '/orders/guest': () => {
        const [last] = posts(fetchMock).slice(-1);
        return last?.body.quote_id === `quote-${price}`
          ? { status: 201, body: placed }
          : { status: 409, body: { detail: 'The price has changed.', code: 'quote_changed' } };
      },
    });
    await immediately();
    expect(screen.getByTestId('cart-total')).toHaveTextContent('5,00 €');

    // The restaurant raises the price while the customer looks at the total.
    price = 2.75;
    const button = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    await click(button);
    await waitFor(() =>
      expect(screen.getByTestId('order-error')).toHaveTextContent(
        'Der Preis hat sich geändert. Bitte prüfen Sie die neue Summe und bestellen Sie erneut.',
      ),
    );
    await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent('5,50 €'));
    await quoted();
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('5,50 €');
    expect(screen.getByTestId('checkout-line-total')).toHaveTextContent('5,50 €');
    expect(router.state.location.pathname).toBe('/checkout');
    expect(localStorage.getItem('order_placed')).toBeNull();

    await click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/tok-123'));
    expect(posts(fetchMock).map((post) => post.body.quote_id)).toEqual(['quote-2.5', 'quote-2.75']);
  });
});

/** A live status message as the server sends it (only the fields the checkout reads matter). */
function statusMessage(isOpen: boolean, closedReason: string | null) {
  return {
    today_hours: [{ open_time: '11:30', close_time: '22:00', label: '' }],
    local_time: '2026-11-23 12:00:00',
    timezone: 'Europe/Berlin',
    is_open: isOpen,
    paused: closedReason === 'paused',
    error: null,
    closed_reason: closedReason,
  };
}

/** The store's live connection sends a new status. */
async function liveStatus(isOpen: boolean, closedReason: string | null = null) {
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  await act(async () => {
    for (const socket of FakeSocket.instances) socket.receive(statusMessage(isOpen, closedReason));
  });
}

const slotCalls = (fetchMock: FetchMock) =>
  fetchMock.mock.calls.filter(([input]) => String(input).startsWith('/stores/14/slots')).length;

describe('an open checkout follows the live store status', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('a pause takes "as soon as possible" away with the reason and blocks the order; the resume brings it back', async () => {
    let offer: unknown = { immediately: true, slots: [] };
    const { fetchMock } = guestCheckout({ '/stores/14/slots?order_type=pickup': () => ({ body: offer }) });
    await liveStatus(true);
    await immediately();
    const button = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    expect(button).toBeEnabled();
    expect(screen.queryByTestId('asap-unavailable')).not.toBeInTheDocument();

    // The kitchen pauses ordering while the checkout is open: no order for now, no pre-order either.
    offer = { immediately: false, slots: [] };
    const asked = slotCalls(fetchMock);
    await liveStatus(false, 'paused');
    await waitFor(() => expect(slotCalls(fetchMock)).toBe(asked + 1));
    expect(await screen.findByTestId('asap-unavailable')).toHaveTextContent(
      '„So schnell wie möglich“ ist gerade nicht möglich: Das Restaurant nimmt gerade keine Bestellungen an.',
    );
    await waitFor(() => expect(screen.getByTestId('order-essentials')).toHaveTextContent('Noch keine Zeit gewählt'));
    expect(button).toBeDisabled();
    expect(screen.getByTestId('place-order-blocked')).toHaveTextContent(
      'Gerade ist keine Bestellung möglich, auch keine Vorbestellung. Das Restaurant nimmt gerade keine Bestellungen an.',
    );
    expect(screen.getByTestId('no-slots')).toHaveTextContent('Keine Zeitfenster verfügbar');

    // Resumed: "as soon as possible" is back and chosen again.
    offer = { immediately: true, slots: [] };
    await liveStatus(true);
    await immediately();
    expect(screen.queryByTestId('asap-unavailable')).not.toBeInTheDocument();
    expect(screen.queryByTestId('place-order-blocked')).not.toBeInTheDocument();
    expect(button).toBeEnabled();
  });

  it('at closing time the pre-order slots are offered instead and one must be chosen before ordering', async () => {
    await i18n.changeLanguage('en');
    let offer: unknown = { immediately: true, slots: [] };
    const { fetchMock, router } = guestCheckout({
      '/stores/14/slots?order_type=pickup': () => ({ body: offer }),
      '/orders/guest': { status: 201, body: placed },
    });
    await liveStatus(true);
    await waitFor(() => expect(screen.getByTestId('order-essentials')).toHaveTextContent('As soon as possible'));

    offer = { immediately: false, slots: [{ time: '18:30', starts_at: '2026-11-23T17:30:00Z' }] };
    await liveStatus(false, 'outside_hours');
    expect(await screen.findByTestId('asap-unavailable')).toHaveTextContent(
      '“As soon as possible” is not possible right now: The restaurant is closed right now. You can pre-order for a later time.',
    );
    const select = await screen.findByRole('combobox', { name: 'Order time' });
    await waitFor(() =>
      expect(Array.from((select as HTMLSelectElement).options).map((option) => option.textContent)).toEqual([
        'Please choose a time',
        'As soon as possible – not possible right now',
        'Pre-order for 18:30',
      ]),
    );
    const button = screen.getByRole('button', { name: 'Place binding order' });
    expect(button).toBeDisabled();
    expect(screen.getByTestId('place-order-blocked')).toHaveTextContent('Please choose an order time.');

    await act(async () => {
      (select as HTMLSelectElement).value = '2026-11-23T17:30:00Z';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await quoted();
    expect(button).toBeEnabled();
    await click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/tok-123'));
    expect(posts(fetchMock)[0]?.body).toMatchObject({ preorder_at: '2026-11-23T17:30:00Z' });
  });
});

describe('age confirmation at checkout', () => {
  const beer = {
    ...cartLine, id: 31, name: 'Peroni 0,33 l', price: 3.2, basePrice: 3.2, uniqueKey: '31|base|', quantity: 1,
    displayName: 'Peroni 0,33 l', displayPrice: '3,20 €', age_restriction: 16,
  };

  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('asks for the age of an age-restricted product, blocks the order until ticked and sends age_confirmed', async () => {
    localStorage.setItem('order_type', 'pickup');
    localStorage.setItem('cartItems', JSON.stringify([cartLine, beer]));
    localStorage.setItem('guestShippingAddress', JSON.stringify(guestAddress));
    const { router, fetchMock } = renderCheckout(
      { from: '/guest-login' },
      { extra: { '/orders/guest/quote': { body: demoQuote({ age_restriction: 16 }) }, '/orders/guest': { status: 201, body: placed } } },
    );
    await immediately();
    const box = screen.getByRole('checkbox', {
      name: 'Ich bestätige, dass ich mindestens 16 Jahre alt bin. Bei der Übergabe kann ein Ausweis verlangt werden.',
    });
    expect(box).not.toBeChecked();
    expect(box).toBeRequired();
    const button = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    expect(button).toBeDisabled();
    expect(screen.getByTestId('place-order-blocked')).toHaveTextContent('Bitte bestätigen Sie Ihr Alter.');
    expect(quotePosts(fetchMock).at(-1)?.body).not.toHaveProperty('age_confirmed');

    await click(box);
    expect(box).toBeChecked();
    await waitFor(() => expect(quotePosts(fetchMock).at(-1)?.body).toMatchObject({ age_confirmed: true }));
    await quoted();
    expect(screen.queryByTestId('place-order-blocked')).not.toBeInTheDocument();
    expect(button).toBeEnabled();
    await click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/tok-123'));
    expect(posts(fetchMock)[0]?.body).toMatchObject({ age_confirmed: true, quote_id: 'quote-1' });
  });

  it("takes the quote's higher age (18) in English: a tick for 16 no longer counts", async () => {
    await i18n.changeLanguage('en');
    localStorage.setItem('order_type', 'pickup');
    localStorage.setItem('cartItems', JSON.stringify([beer]));
    localStorage.setItem('guestShippingAddress', JSON.stringify(guestAddress));
    const { fetchMock } = renderCheckout(
      { from: '/guest-login' },
      { extra: { '/orders/guest/quote': { body: demoQuote({ age_restriction: 18 }) } } },
    );
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    intercept(fetchMock, '/orders/guest/quote', async () => {
      await gate;
      return undefined;
    });
    // The cart knows 16 at once, before the server's quote arrives.
    const sixteen = await screen.findByRole('checkbox', {
      name: 'I confirm that I am at least 16 years old. An ID may be requested on handover.',
    });
    await click(sixteen);
    expect(sixteen).toBeChecked();

    // The quote says 18: the tick for 16 is not enough.
    await act(async () => {
      release();
    });
    const eighteen = await screen.findByRole('checkbox', {
      name: 'I confirm that I am at least 18 years old. An ID may be requested on handover.',
    });
    expect(eighteen).not.toBeChecked();
    await quoted();
    const button = screen.getByRole('button', { name: 'Place binding order' });
    expect(button).toBeDisabled();
    expect(screen.getByTestId('place-order-blocked')).toHaveTextContent('Please confirm your age.');
    await click(eighteen);
    expect(eighteen).toBeChecked();
    await quoted();
    expect(button).toBeEnabled();
  });

  it('shows no age confirmation without age-restricted products', async () => {
    guestCheckout();
    await immediately();
    expect(screen.queryByTestId('age-confirmation')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});
