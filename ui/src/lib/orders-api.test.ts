import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { ApiError } from './api-error';
import type { GuestShippingAddress, OrderRequest } from './order-types';
import {
  buildOrderRequest,
  createPaypalOrder,
  listMyOrders,
  MY_ORDERS_PAGE_SIZE,
  newIdempotencyKey,
  placeOrder,
  quoteOrder,
  requestLine,
  trackOrder,
  withCashGiven,
  type OrderableItem,
} from './orders-api';

const pizza: OrderableItem = {
  id: 9,
  quantity: 2,
  selectedVariant: { id: 102 },
  extras: [
    { id: 3, quantity: 2 },
    { id: 4, quantity: 1 },
  ],
};
const cola: OrderableItem = { id: 30, quantity: 1, selectedVariant: null, extras: [] };

const guestAddress: GuestShippingAddress = {
  type: 'shipping',
  customer_name: 'Gina Gast',
  line1: 'Hauptstraße 1',
  city: 'Berlin',
  zip: '10115',
  country: 'DE',
  phone: '030123',
  email: '',
};

const request: OrderRequest = {
  order_type: 'pickup',
  lines: [{ product_id: 30, variant_id: null, extras: [], quantity: 1 }],
  address_id: 5,
  payment_method: 'cash',
  preorder_at: null,
  note: '',
};

function sent(fetchMock: ReturnType<typeof mockFetch>, call = 0) {
  const [path, init] = fetchMock.mock.calls[call] as [string, RequestInit];
  return {
    path,
    method: init.method ?? 'GET',
    headers: new Headers(init.headers),
    body: init.body === undefined ? undefined : (JSON.parse(String(init.body)) as unknown),
  };
}

describe('requestLine', () => {
  it('sends exactly the four fields the server takes, whatever else the line carries', () => {
    const cartLine = { ...pizza, name: 'Pizza Margherita', price: 9.9, uniqueKey: '9|102|3x2,4x1' };
    expect(requestLine(cartLine)).toEqual({
      product_id: 9,
      variant_id: 102,
      extras: [
        { topping_id: 3, quantity: 2 },
        { topping_id: 4, quantity: 1 },
      ],
      quantity: 2,
    });
    expect(requestLine(cola)).toEqual({ product_id: 30, variant_id: null, extras: [], quantity: 1 });
  });
});

describe('buildOrderRequest', () => {
  it('sends product, variant, extras and quantity of every line; simple products have variant_id null', () => {
    const body = buildOrderRequest({
      items: [pizza, cola],
      orderType: 'delivery',
      orderTime: { kind: 'immediately' },
      note: 'Bitte klingeln',
      address: { kind: 'saved', addressId: 12 },
      paymentMethod: 'cash',
    });
    expect(body).toEqual({
      order_type: 'delivery',
      lines: [
        {
          product_id: 9,
          variant_id: 102,
          extras: [
            { topping_id: 3, quantity: 2 },
            { topping_id: 4, quantity: 1 },
          ],
          quantity: 2,
        },
        { product_id: 30, variant_id: null, extras: [], quantity: 1 },
      ],
      address_id: 12,
      payment_method: 'cash',
      preorder_at: null,
      note: 'Bitte klingeln',
    });
  });

  it('a guest sends the stored shipping address (and no address_id), a pre-order sends the slot start', () => {
    const stored = { ...guestAddress, notes: 'not a server field' } as GuestShippingAddress;
    const body = buildOrderRequest({
      items: [cola],
      orderType: 'pickup',
      orderTime: { kind: 'preorder', startsAt: '2026-11-22T17:30:00Z' },
      note: '  ',
      address: { kind: 'guest', address: stored },
      paymentMethod: 'online',
    });
    expect(body).toEqual({
      order_type: 'pickup',
      lines: [{ product_id: 30, variant_id: null, extras: [], quantity: 1 }],
      shipping_address: guestAddress,
      payment_method: 'online',
      preorder_at: '2026-11-22T17:30:00Z',
      note: '',
    });
    expect(body).not.toHaveProperty('address_id');
    expect(body).not.toHaveProperty('paypal_order_id');
    expect(body).not.toHaveProperty('age_confirmed');
  });

  it('sends age_confirmed: true only once the customer confirmed the age', () => {
    const input = {
      items: [cola],
      orderType: 'pickup' as const,
      orderTime: { kind: 'immediately' as const },
      note: '',
      address: { kind: 'saved' as const, addressId: 12 },
      paymentMethod: 'cash' as const,
    };
    expect(buildOrderRequest({ ...input, ageConfirmed: true })).toMatchObject({ age_confirmed: true });
    expect(buildOrderRequest({ ...input, ageConfirmed: false })).not.toHaveProperty('age_confirmed');
  });

  it('sends the tip in euros with online payment only, and none for 0', () => {
    const input = {
      items: [cola],
      orderType: 'pickup' as const,
      orderTime: { kind: 'immediately' as const },
      note: '',
      address: { kind: 'saved' as const, addressId: 12 },
      paymentMethod: 'online' as const,
    };
    expect(buildOrderRequest({ ...input, tipCents: 237 })).toMatchObject({ payment_method: 'online', tip: 2.37 });
    expect(buildOrderRequest({ ...input, tipCents: 10_000 })).toMatchObject({ tip: 100 });
    expect(buildOrderRequest({ ...input, tipCents: 0 })).not.toHaveProperty('tip');
    expect(buildOrderRequest(input)).not.toHaveProperty('tip');
    expect(buildOrderRequest({ ...input, paymentMethod: 'cash', tipCents: 237 })).not.toHaveProperty('tip');
  });
});

describe('withCashGiven', () => {
  it('sends what a cash customer pays with in euros, and nothing when not said', () => {
    expect(withCashGiven(request, 5000)).toEqual({ ...request, cash_given: 50 });
    expect(withCashGiven(request, 2632)).toEqual({ ...request, cash_given: 26.32 });
    expect(withCashGiven({ ...request, cash_given: 50 }, null)).toEqual(request);
  });

  it('never sends it with online payment', () => {
    const online: OrderRequest = { ...request, payment_method: 'online' };
    expect(withCashGiven(online, 5000)).toEqual(online);
    expect(withCashGiven({ ...online, cash_given: 50 }, 5000)).not.toHaveProperty('cash_given');
  });
});

describe('newIdempotencyKey', () => {
  it('makes a fresh UUID each time', () => {
    const first = newIdempotencyKey();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(first);
  });

  it('still makes a UUID where crypto.randomUUID is missing (plain HTTP)', () => {
    const real = globalThis.crypto;
    vi.stubGlobal('crypto', { getRandomValues: real.getRandomValues.bind(real) });
    expect(newIdempotencyKey()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});

describe('orders API', () => {
  let errorSpy: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('places a signed-in order at POST /orders/ with the bearer token and the Idempotency-Key', async () => {
    sessionStorage.setItem('userData', JSON.stringify({ access_token: 'jwt', user: { id: 3 } }));
    const fetchMock = mockFetch({ '/orders/': { status: 201, body: { id: 1, token: 'tok' } } });
    await expect(placeOrder(request, { guest: false, idempotencyKey: 'key-1' })).resolves.toMatchObject({ token: 'tok' });
    const call = sent(fetchMock);
    expect(call.path).toBe('/orders/');
    expect(call.method).toBe('POST');
    expect(call.headers.get('Idempotency-Key')).toBe('key-1');
    expect(call.headers.get('Authorization')).toBe('Bearer jwt');
    expect(call.headers.get('Content-Type')).toBe('application/json');
    expect(call.body).toEqual(request);
  });

  it('places a guest order at POST /orders/guest', async () => {
    const fetchMock = mockFetch({ '/orders/guest': { status: 201, body: { id: 2, token: 'g' } } });
    await placeOrder(request, { guest: true, idempotencyKey: 'key-2' });
    expect(sent(fetchMock).path).toBe('/orders/guest');
    expect(sent(fetchMock).headers.get('Idempotency-Key')).toBe('key-2');
  });

  it('logs and re-throws a refusal with its detail and code', async () => {
    mockFetch({
      '/orders/guest': {
        status: 409,
        body: { detail: 'The restaurant is closed right now. Please choose a pre-order time.', code: 'store_closed' },
      },
    });
    const error: unknown = await placeOrder(request, { guest: true, idempotencyKey: 'k' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, code: 'store_closed' });
    expect(errorSpy).toHaveBeenCalledWith('placeOrder failed', error);
  });

  it('opens a PayPal order with payment_method online and without paypal_order_id', async () => {
    const fetchMock = mockFetch({
      '/orders/paypal': { status: 201, body: { paypal_order_id: 'PP-1', amount: 5, currency: 'EUR' } },
      '/orders/guest/paypal': { status: 201, body: { paypal_order_id: 'PP-2', amount: 5, currency: 'EUR' } },
    });
    const stale = { ...request, payment_method: 'cash' as const, paypal_order_id: 'OLD' };
    await expect(createPaypalOrder(stale, { guest: false })).resolves.toEqual({
      paypal_order_id: 'PP-1',
      amount: 5,
      currency: 'EUR',
    });
    expect(sent(fetchMock).path).toBe('/orders/paypal');
    expect(sent(fetchMock).body).toEqual({ ...request, payment_method: 'online' });
    await createPaypalOrder(request, { guest: true });
    expect(sent(fetchMock, 1).path).toBe('/orders/guest/paypal');
  });

  it('opens the PayPal order against the quote shown when given its quote_id', async () => {
    const fetchMock = mockFetch({
      '/orders/guest/paypal': { status: 201, body: { paypal_order_id: 'PP-2', amount: 5, currency: 'EUR' } },
    });
    await createPaypalOrder({ ...request, quote_id: 'q-1' }, { guest: true });
    expect(sent(fetchMock).body).toEqual({ ...request, payment_method: 'online', quote_id: 'q-1' });
  });

  it('asks the quote for exactly the order body, at /orders/quote or /orders/guest/quote', async () => {
    const quote = { quote_id: 'q-1', order_type: 'pickup', postcode: null, total: 2.5 };
    const fetchMock = mockFetch({ '/orders/quote': { body: quote }, '/orders/guest/quote': { body: quote } });
    // Neither a PayPal order nor an older quote belongs in the question.
    await expect(quoteOrder({ ...request, paypal_order_id: 'OLD', quote_id: 'q-0' }, { guest: false })).resolves.toEqual(quote);
    expect(sent(fetchMock)).toMatchObject({ path: '/orders/quote', method: 'POST', body: request });
    expect(sent(fetchMock).headers.get('Content-Type')).toBe('application/json');
    await quoteOrder(request, { guest: true });
    expect(sent(fetchMock, 1)).toMatchObject({ path: '/orders/guest/quote', body: request });
  });

  it('leaves what the customer pays with out of the quote and the PayPal order', async () => {
    const fetchMock = mockFetch({
      '/orders/guest/quote': { body: { quote_id: 'q-1', total: 2.5 } },
      '/orders/guest/paypal': { status: 201, body: { paypal_order_id: 'PP-2', amount: 2.5, currency: 'EUR' } },
    });
    await quoteOrder({ ...request, cash_given: 50 }, { guest: true });
    expect(sent(fetchMock).body).toEqual(request);
    await createPaypalOrder({ ...request, cash_given: 50 }, { guest: true });
    expect(sent(fetchMock, 1).body).toEqual({ ...request, payment_method: 'online' });
  });

  it('asks the quote and the PayPal order with the tip: it is part of the price', async () => {
    const fetchMock = mockFetch({
      '/orders/guest/quote': { body: { quote_id: 'q-1', tip: 2.37, total: 4.87 } },
      '/orders/guest/paypal': { status: 201, body: { paypal_order_id: 'PP-2', amount: 4.87, currency: 'EUR' } },
    });
    const online: OrderRequest = { ...request, payment_method: 'online', tip: 2.37 };
    await quoteOrder(online, { guest: true });
    expect(sent(fetchMock).body).toEqual(online);
    await createPaypalOrder({ ...online, quote_id: 'q-1' }, { guest: true });
    expect(sent(fetchMock, 1).body).toEqual({ ...online, quote_id: 'q-1' });
  });

  it('logs and re-throws a refused quote with its code', async () => {
    mockFetch({
      '/orders/guest/quote': {
        status: 409,
        body: { detail: 'The minimum order amount for 10405 is 20,00 €.', code: 'below_minimum', field: 'lines' },
      },
    });
    const error: unknown = await quoteOrder(request, { guest: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, code: 'below_minimum', detail: 'The minimum order amount for 10405 is 20,00 €.' });
    expect(errorSpy).toHaveBeenCalledWith('quoteOrder failed', error);
  });

  it('tracks an order by its token and lists the own orders a page at a time', async () => {
    const fetchMock = mockFetch({
      '/orders/track/Jx8-_a': { body: { id: 1, token: 'Jx8-_a' } },
      '/orders/?limit=20': { body: [{ id: 9 }] },
      '/orders/?limit=20&before=9': { body: [{ id: 1 }] },
    });
    await expect(trackOrder('Jx8-_a')).resolves.toMatchObject({ id: 1 });
    expect(sent(fetchMock).method).toBe('GET');
    expect(MY_ORDERS_PAGE_SIZE).toBe(20);
    await expect(listMyOrders()).resolves.toEqual([{ id: 9 }]);
    expect(sent(fetchMock, 1)).toMatchObject({ path: '/orders/?limit=20', method: 'GET' });
    await expect(listMyOrders(9)).resolves.toEqual([{ id: 1 }]);
    expect(sent(fetchMock, 2)).toMatchObject({ path: '/orders/?limit=20&before=9', method: 'GET' });
  });

  it('reports an unknown token as order_not_found', async () => {
    mockFetch({ '/orders/track/nope': { status: 404, body: { detail: 'There is no such order.', code: 'order_not_found' } } });
    await expect(trackOrder('nope')).rejects.toMatchObject({ status: 404, code: 'order_not_found' });
    expect(errorSpy).toHaveBeenCalled();
  });
});
