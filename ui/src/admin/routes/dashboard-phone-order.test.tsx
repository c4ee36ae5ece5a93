import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { demoProducts } from '../../test/fetch-mock';
import { stubAlertGlobals } from '../test-alerts';
import { acceptedOrder, adminOrder, FakeBoardSocket, openOrdersPage, stubDashboardSockets } from '../test-orders';
import { renderAdminAt, sent, signInAdmin, stubFetch, type Handler } from '../test-support';
import { EMPTY_CATALOG } from '../types';

const POSTCODES = [
  { id: 1, store_id: 14, postcode: '10115', minimum_order_amount: 12, delivery_fee: 2.5, delivery_time: 40 },
  { id: 2, store_id: 14, postcode: '10117', minimum_order_amount: 15, delivery_fee: 3, delivery_time: 45 },
];

const placed = acceptedOrder({
  id: 61,
  number: 5,
  source: 'phone',
  payment_method: 'cash',
  payment_status: 'cash_due',
  estimated_minutes: 30,
  estimated_ready_at: '2026-11-22T18:02:00Z',
  customer: { ...adminOrder().customer, customer_name: 'Paul Anrufer' },
});

/** Gina called before: a delivery to 10117, a large pizza with salami, two colas and an apple spritzer (sold out now). */
const GINA = {
  customer: {
    id: 3,
    name: 'Gina Gast',
    phone: '0305551234',
    email: 'gina@example.com',
    registered: false,
    orders: 2,
    rejected: 0,
    total: 41.2,
    last_order: { id: 70, number: 7, created_at: '2026-11-20T17:00:00Z', business_date: '2026-11-20' },
    address: { line1: 'Chausseestraße 8', zip: '10117', city: 'Berlin', notes: '' },
  },
  last_order: {
    id: 70,
    number: 7,
    created_at: '2026-11-20T17:00:00Z',
    order_type: 'delivery',
    total: 20.6,
    lines: [
      { product_id: 9, variant_id: 102, extras: [{ topping_id: 3, quantity: 1 }], quantity: 1, name: 'Pizza Margherita (Ø 32 cm)' },
      { product_id: 30, variant_id: null, extras: [], quantity: 2, name: 'Cola 0,33 l' },
      { product_id: 31, variant_id: null, extras: [], quantity: 1, name: 'Apfelschorle' },
    ].map((line) => ({
      ...line,
      extras: line.extras.map((extra) => ({ ...extra, name: 'Salami', price: 1.5, allergens: [] })),
      unit_price: 1,
      tax_percentage: 7,
      allergens: [],
      total: 1,
      deposit: 0,
    })),
  },
};

const TODAYS_SLOTS = { slots: [{ time: '19:30', starts_at: '2026-11-22T18:30:00Z' }] };

function server(place: Handler, immediately = true, cashPayment = true, products: unknown[] = demoProducts, offer: object = TODAYS_SLOTS) {
  return stubFetch({
    'GET /admin/customers/callers': (_init, url) => ({ body: (url.searchParams.get('phone') ?? '').startsWith('0305') ? [GINA] : [] }),
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false, cash_payment: cashPayment } }),
    'GET /admin/orders/open': () => ({ body: openOrdersPage() }),
    'GET /products/': () => ({ body: products }),
    'GET /postcodes/store/14': () => ({ body: POSTCODES }),
    'GET /admin/phone-orders/slots': () => ({
      body: { immediately, ...offer },
    }),
    'POST /admin/phone-orders': place,
  });
}

async function openDialog() {
  renderAdminAt('/admin/home');
  await vi.waitFor(() => expect(FakeBoardSocket.instances).toHaveLength(1));
  act(() => {
    FakeBoardSocket.latest().open();
    FakeBoardSocket.latest().receive({ type: 'snapshot', orders: [] });
  });
  fireEvent.click(screen.getByTestId('phone-order-open'));
  const dialog = await screen.findByRole('dialog', { name: 'Phone order' });
  await within(dialog).findAllByTestId('phone-product');
  return dialog;
}

/** Picks an option the way a browser does (the testing library's change event is an input event). */
function choose(select: HTMLElement, value: string) {
  act(() => {
    (select as HTMLSelectElement).value = value;
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const type = (dialog: HTMLElement, label: RegExp, value: string) =>
  fireEvent.input(within(dialog).getByLabelText(label), { target: { value } });

async function fillOrder(dialog: HTMLElement) {
  type(dialog, /^Name/, 'Paul Anrufer');
  type(dialog, /^Phone/, '0171 2345678');
  type(dialog, /^Street and house number/, 'Torstraße 5');
  await vi.waitFor(() => expect(within(dialog).getByRole('option', { name: /10115/ })).toBeInTheDocument());
  choose(within(dialog).getByLabelText(/^Postcode/), '10115');
  // A pizza with its size and two salami.
  fireEvent.click(within(dialog).getByRole('button', { name: /Pizza Margherita/ }));
  const choices = within(dialog).getByTestId('phone-product-choices');
  expect(within(choices).getByTestId('phone-product-add')).toBeDisabled();
  fireEvent.click(within(choices).getByRole('radio', { name: /32 cm/ }));
  fireEvent.click(within(choices).getByRole('checkbox', { name: 'Salami' }));
  fireEvent.click(within(choices).getByRole('button', { name: 'One more Salami' }));
  fireEvent.click(within(choices).getByTestId('phone-product-add'));
  // A drink found by the search, added with one tap, twice.
  type(dialog, /^Search the menu/, 'cola');
  expect(within(dialog).getAllByTestId('phone-product')).toHaveLength(1);
  fireEvent.click(within(dialog).getByTestId('phone-product'));
  fireEvent.click(within(dialog).getByTestId('phone-product'));
  expect(within(dialog).getByTestId('phone-subtotal')).toHaveTextContent('17,90 €');
  fireEvent.click(within(dialog).getByTestId('phone-minutes-30'));
}

describe('phone orders on the board', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    FakeBoardSocket.reset();
    stubDashboardSockets();
    stubAlertGlobals();
    signInAdmin();
  });

  it('sends the caller, the lines and the minutes, then shows the accepted order with its phone mark', async () => {
    const fetchMock = server(() => ({ status: 201, body: placed }));
    const dialog = await openDialog();
    await fillOrder(dialog);
    type(dialog, /^Note/, 'Hinterhaus');

    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('phone-order-submit'));
    });
    expect(sent(fetchMock, 'POST', '/admin/phone-orders')).toEqual([
      {
        order_type: 'delivery',
        lines: [
          { product_id: 9, variant_id: 102, extras: [{ topping_id: 3, quantity: 2 }], quantity: 1 },
          { product_id: 30, variant_id: null, extras: [], quantity: 2 },
        ],
        customer: { customer_name: 'Paul Anrufer', phone: '0171 2345678', email: '', line1: 'Torstraße 5', zip: '10115', city: '' },
        preorder_at: null,
        note: 'Hinterhaus',
        minutes: 30,
      },
    ]);
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/admin/phone-orders'));
    expect(new Headers(call?.[1]?.headers).get('Idempotency-Key')).toMatch(/^[0-9a-f-]{36}$/);

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('phone-order-placed')).toHaveTextContent('Phone order #5 placed: 21,40 €, ready at 19:02.');
    const card = within(screen.getByTestId('board-progress')).getByRole('article');
    expect(card).toHaveTextContent('#5');
    expect(within(card).getByTestId('phone-mark')).toHaveTextContent('Phone');
    expect(card).toHaveTextContent('Paul Anrufer');
  });

  it("adds the drinks' deposit as its own sum, and none without deposits", async () => {
    const bottled = demoProducts.map((product) => (product.id === 30 ? { ...product, deposit: 0.25 } : product));
    server(() => ({ status: 201, body: placed }), true, true, bottled);
    const dialog = await openDialog();
    expect(within(dialog).queryByTestId('phone-deposit')).toBeNull();
    type(dialog, /^Search the menu/, 'cola');
    fireEvent.click(within(dialog).getByTestId('phone-product'));
    fireEvent.click(within(dialog).getByTestId('phone-product'));
    expect(within(dialog).getByTestId('phone-subtotal')).toHaveTextContent('5,00 €');
    expect(within(dialog).getByTestId('phone-deposit')).toHaveTextContent('0,50 €');
    expect(within(dialog).getByText('Deposit')).toBeInTheDocument();
  });

  it('shows the refusal next to its field, and a lost answer is retried with the same key', async () => {
    const answers = [
      { status: 503, body: { detail: 'The shop cannot save anything right now.', code: 'storage_unavailable' } },
      {
        status: 409,
        body: {
          detail: 'The minimum order amount for 10115 is 12,00 €.',
          code: 'below_minimum',
          field: 'lines',
          params: { postcode: '10115', minimum: '12,00 €' },
        },
      },
    ];
    const fetchMock = server(() => answers.shift() ?? { status: 201, body: placed });
    const dialog = await openDialog();
    await fillOrder(dialog);

    const submit = async () => {
      await act(async () => {
        fireEvent.click(within(dialog).getByTestId('phone-order-submit'));
      });
    };
    await submit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The data cannot be read or saved right now. Please try again in a few minutes.',
    );
    await submit();
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent('The minimum order amount for 10115 is 12,00 €.'),
    );
    await submit();
    const keys = fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith('/admin/phone-orders'))
      .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'));
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks what the caller pays with: notes above the sum, checked before sending, cash_given in the body, the refusal at its field', async () => {
    const answers = [
      {
        status: 400,
        body: {
          detail: 'cash_given: is less than the total of 20,40 €',
          code: 'cash_given_below_total',
          field: 'cash_given',
          params: { total: '20,40 €' },
        },
      },
    ];
    const fetchMock = server(() => answers.shift() ?? { status: 201, body: placed });
    const dialog = await openDialog();
    expect(within(dialog).queryByRole('group', { name: 'Choose an amount' })).toBeNull();
    await fillOrder(dialog);
    // 17,90 € and the delivery fee of 2,50 €: the notes above 20,40 €.
    const notes = within(dialog).getByRole('group', { name: 'Choose an amount' });
    expect(within(notes).getAllByRole('button').map((button) => button.textContent)).toEqual(['30 €', '50 €', '100 €']);
    const field = within(dialog).getByLabelText(/^Pays with/);
    expect(field).toHaveAttribute('inputmode', 'decimal');

    const submit = async () => {
      await act(async () => {
        fireEvent.click(within(dialog).getByTestId('phone-order-submit'));
      });
    };
    type(dialog, /^Pays with/, 'fifty');
    await submit();
    expect(within(dialog).getByText('Enter an amount in euros, e.g. 50 or 50.00.')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/admin/phone-orders')).toEqual([]);

    type(dialog, /^Pays with/, '20');
    await submit();
    await vi.waitFor(() =>
      expect(within(dialog).getByText('The amount you pay with is less than the total of 20,40 €.')).toBeInTheDocument(),
    );
    expect(field).toHaveAttribute('aria-invalid', 'true');

    fireEvent.click(within(notes).getByRole('button', { name: '50 €' }));
    expect(field).toHaveValue('50');
    expect(within(notes).getByRole('button', { name: '50 €' })).toHaveAttribute('aria-pressed', 'true');
    await submit();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const bodies = sent(fetchMock, 'POST', '/admin/phone-orders') as { cash_given?: number }[];
    expect(bodies.map((body) => body.cash_given)).toEqual([20, 50]);
  });

  it('offers only pre-order times while the restaurant is closed and checks the form before sending', async () => {
    const fetchMock = server(() => ({ status: 201, body: placed }), false);
    const dialog = await openDialog();
    await vi.waitFor(() => expect(within(dialog).getByRole('radio', { name: 'As soon as possible' })).toBeDisabled());
    expect(within(dialog).getByText('The restaurant is closed right now: choose a time.')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('phone-order-submit'));
    });
    expect(within(dialog).getByText('Add at least one dish.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose a time.')).toBeInTheDocument();
    expect(within(dialog).getByText('Enter whole minutes from 5 to 240.')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/admin/phone-orders')).toEqual([]);

    await fillOrder(dialog);
    choose(within(dialog).getByLabelText(/^Time/), '2026-11-22T18:30:00Z');
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('phone-order-submit'));
    });
    const [body] = sent(fetchMock, 'POST', '/admin/phone-orders') as { preorder_at: string }[];
    expect(body?.preorder_at).toBe('2026-11-22T18:30:00Z');
  });

  it('offers the later days of orders.preorder_days, then the times of the chosen day', async () => {
    const later = {
      slots: [{ time: '19:30', starts_at: '2026-11-22T18:30:00Z' }],
      days: [
        { date: '2026-11-22', slots: [{ time: '19:30', starts_at: '2026-11-22T18:30:00Z' }] },
        { date: '2026-11-23', slots: [{ time: '12:00', starts_at: '2026-11-23T11:00:00Z' }, { time: '12:15', starts_at: '2026-11-23T11:15:00Z' }] },
        { date: '2026-11-25', slots: [{ time: '11:30', starts_at: '2026-11-25T10:30:00Z' }] },
      ],
    };
    const fetchMock = server(() => ({ status: 201, body: placed }), false, true, demoProducts, later);
    const dialog = await openDialog();
    const day = await within(dialog).findByLabelText(/^Day/);
    const texts = (select: HTMLElement) => [...(select as HTMLSelectElement).options].map((option) => option.textContent);
    expect(texts(day)).toEqual(['Today', 'Tomorrow', 'Wed 25 Nov']);
    expect(texts(within(dialog).getByLabelText(/^Time/))).toEqual(['Choose a time …', '19:30']);

    await fillOrder(dialog);
    choose(day, '2026-11-23');
    expect(texts(within(dialog).getByLabelText(/^Time/))).toEqual(['Choose a time …', '12:00', '12:15']);
    choose(within(dialog).getByLabelText(/^Time/), '2026-11-23T11:15:00Z');
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('phone-order-submit'));
    });
    const [body] = sent(fetchMock, 'POST', '/admin/phone-orders') as { preorder_at: string }[];
    expect(body?.preorder_at).toBe('2026-11-23T11:15:00Z');
  });

  it('offers no day choice without later days', async () => {
    server(() => ({ status: 201, body: placed }), false);
    const dialog = await openDialog();
    await within(dialog).findByLabelText(/^Time/);
    expect(within(dialog).queryByLabelText(/^Day/)).not.toBeInTheDocument();
  });

  it('offers a known caller from the fourth digit, takes over the address and repeats the last order', async () => {
    const fetchMock = server(() => ({ status: 201, body: placed }));
    const dialog = await openDialog();
    type(dialog, /^Phone/, '030');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sent(fetchMock, 'GET', '/admin/customers/callers')).toEqual([]);
    type(dialog, /^Phone/, '0305');
    const callers = await within(dialog).findByTestId('phone-callers');
    const asked = fetchMock.mock.calls.map(([input]) => String(input)).filter((input) => input.includes('/callers'));
    expect(asked).toEqual(['/admin/customers/callers?phone=0305']);
    expect(callers).toHaveTextContent('Gina Gast · 0305551234 · Chausseestraße 8, 10117 Berlin');
    expect(callers).toHaveTextContent('Last no. 7 on 20.11.2026, 20,60 €');

    fireEvent.click(within(callers).getByRole('button', { name: 'Use name and address' }));
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Gina Gast');
    expect(within(dialog).getByLabelText(/^Phone/)).toHaveValue('0305551234');
    expect(within(dialog).getByLabelText(/^E-mail/)).toHaveValue('gina@example.com');
    expect(within(dialog).getByLabelText(/^Street and house number/)).toHaveValue('Chausseestraße 8');
    await vi.waitFor(() => expect(within(dialog).getByLabelText(/^Postcode/)).toHaveValue('10117'));

    const again = await within(dialog).findByRole('button', { name: 'Repeat last order' });
    fireEvent.click(again);
    expect(within(dialog).getByTestId('phone-repeated')).toHaveTextContent(
      'Order no. 7 repeated: 2 lines taken over. No longer to be had (not on the menu, sold out or put together differently): Apfelschorle.',
    );
    expect(within(dialog).getByTestId('phone-subtotal')).toHaveTextContent('16,40 €');
    fireEvent.click(within(dialog).getByTestId('phone-minutes-30'));
    await act(async () => {
      fireEvent.click(within(dialog).getByTestId('phone-order-submit'));
    });
    const [body] = sent(fetchMock, 'POST', '/admin/phone-orders') as { lines: unknown; customer: unknown }[];
    expect(body?.lines).toEqual([
      { product_id: 9, variant_id: 102, extras: [{ topping_id: 3, quantity: 1 }], quantity: 1 },
      { product_id: 30, variant_id: null, extras: [], quantity: 2 },
    ]);
    expect(body?.customer).toEqual({
      customer_name: 'Gina Gast',
      phone: '0305551234',
      email: 'gina@example.com',
      line1: 'Chausseestraße 8',
      zip: '10117',
      city: 'Berlin',
    });
  });

  it('offers no phone order in a shop that takes no cash, saying why and linking to the fiscal mode', async () => {
    const fetchMock = server(() => ({ status: 201, body: placed }), true, false);
    renderAdminAt('/admin/home');
    const button = screen.getByTestId('phone-order-open');
    await vi.waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAccessibleDescription('No phone orders: they are paid in cash, and the fiscal mode is “No cash”.');
    const note = screen.getByTestId('phone-order-cashless');
    expect(within(note).getByRole('link', { name: 'Fiscal mode' })).toHaveAttribute('href', '/admin/fiscal');
    fireEvent.click(button);
    expect(screen.queryByRole('dialog', { name: 'Phone order' })).toBeNull();
    expect(sent(fetchMock, 'POST', '/admin/phone-orders')).toEqual([]);
  });
});
