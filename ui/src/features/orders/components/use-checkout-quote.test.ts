import { act, renderHook, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import type { OrderRequest } from '../../../lib/order-types';
import { mockFetch } from '../../../test/fetch-mock';
import { demoQuote } from '../test/demo-quote';
import { quotedRequest, useCheckoutQuote } from './use-checkout-quote';

const request: OrderRequest = {
  order_type: 'pickup',
  lines: [{ product_id: 30, variant_id: null, extras: [], quantity: 2 }],
  shipping_address: {
    type: 'shipping', customer_name: 'Gina Gast', line1: 'Hauptstraße 1', city: 'Berlin', zip: '10115',
    country: 'DE', phone: '030123', email: '',
  },
  payment_method: 'cash',
  preorder_at: null,
  note: '',
};

type FetchMock = ReturnType<typeof mockFetch>;

function quoteCalls(fetchMock: FetchMock) {
  return fetchMock.mock.calls.map(([input, init]) => ({
    path: String(input),
    body: JSON.parse(String(init?.body)) as Record<string, unknown>,
  }));
}

function renderQuote(initial: OrderRequest | null, guest = true) {
  return renderHook(({ body }: { body: OrderRequest | null }) => useCheckoutQuote(body, guest), {
    initialProps: { body: initial },
  });
}

describe('useCheckoutQuote', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('is idle and asks nothing while there is no order (no valid time)', async () => {
    const fetchMock = mockFetch({});
    const { result } = renderQuote(null);
    expect(result.current.state).toEqual({ status: 'idle' });
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("asks the guest quote for exactly the order's body and is ready with the quote and that body", async () => {
    const quote = demoQuote({ quote_id: 'q-7' });
    const fetchMock = mockFetch({ '/orders/guest/quote': { body: quote } });
    const { result } = renderQuote(request);
    expect(result.current.state).toEqual({ status: 'loading', previous: null });

    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    expect(result.current.state).toEqual({ status: 'ready', quote, request });
    expect(quoteCalls(fetchMock)).toEqual([{ path: '/orders/guest/quote', body: request }]);
    // The order is placed with exactly that body and the quote's id.
    expect(quotedRequest(result.current.state)).toEqual({ ...request, quote_id: 'q-7' });
  });

  it('asks the signed-in quote with the bearer token for a signed-in customer', async () => {
    sessionStorage.setItem('userData', JSON.stringify({ access_token: 'jwt' }));
    const fetchMock = mockFetch({ '/orders/quote': { body: demoQuote() } });
    const { result } = renderQuote({ ...request, shipping_address: undefined, address_id: 12 }, false);
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    const [input, init] = fetchMock.mock.calls[0]!;
    expect(String(input)).toBe('/orders/quote');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jwt');
  });

  it('asks once for a burst of changes, for the last body, and keeps the quote shown before meanwhile', async () => {
    let answered = 0;
    const fetchMock = mockFetch({
      '/orders/guest/quote': () => {
        answered += 1;
        return { body: demoQuote({ quote_id: `q-${answered}` }) };
      },
    });
    const { result, rerender } = renderQuote(request);
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    const first = result.current.state.status === 'ready' ? result.current.state.quote : null;

    for (const note of ['B', 'Bi', 'Bitte klingeln']) rerender({ body: { ...request, note } });
    expect(result.current.state).toEqual({ status: 'loading', previous: first });
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    expect(quoteCalls(fetchMock).map((call) => call.body.note)).toEqual(['', 'Bitte klingeln']);
    expect(result.current.state).toMatchObject({ request: { note: 'Bitte klingeln' }, quote: { quote_id: 'q-2' } });
  });

  it('drops an answer that arrives for an older body', async () => {
    const fetchMock = mockFetch({});
    let releaseSlow: (response: Response) => void = () => {};
    fetchMock.mockImplementation(async (_input, init) => {
      const body = JSON.parse(String(init?.body)) as OrderRequest;
      if (body.payment_method === 'cash') {
        return new Promise<Response>((resolve) => {
          releaseSlow = resolve;
        });
      }
      return Response.json(demoQuote({ quote_id: 'q-online' }));
    });
    const { result, rerender } = renderQuote(request);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1));
    rerender({ body: { ...request, payment_method: 'online' } });
    await waitFor(() => expect(result.current.state.status).toBe('ready'));

    await act(async () => {
      releaseSlow(Response.json(demoQuote({ quote_id: 'q-cash-late' })));
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
    expect(result.current.state).toMatchObject({ status: 'ready', quote: { quote_id: 'q-online' } });
  });

  it("is refused with the server's code for a 4xx, failed for a 5xx, and refresh asks again", async () => {
    let answer: { status: number; body: unknown } = {
      status: 409,
      body: { detail: 'The minimum order amount for 10405 is 20,00 €.', code: 'below_minimum' },
    };
    const fetchMock = mockFetch({ '/orders/guest/quote': () => answer });
    const { result } = renderQuote(request);
    await waitFor(() => expect(result.current.state.status).toBe('refused'));
    const refused = result.current.state.status === 'refused' ? result.current.state.error : null;
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ code: 'below_minimum', detail: 'The minimum order amount for 10405 is 20,00 €.' });
    expect(quotedRequest(result.current.state)).toBeNull();

    answer = { status: 503, body: { detail: 'Try again later.', code: 'unavailable' } };
    act(() => result.current.refresh());
    expect(result.current.state).toEqual({ status: 'loading', previous: null });
    await waitFor(() => expect(result.current.state.status).toBe('failed'));

    answer = { status: 200, body: demoQuote({ quote_id: 'q-new' }) };
    act(() => result.current.refresh());
    await waitFor(() => expect(result.current.state.status).toBe('ready'));
    expect(result.current.state).toMatchObject({ quote: { quote_id: 'q-new' } });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
