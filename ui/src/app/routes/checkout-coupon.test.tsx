import type { PayPalButtonsComponentProps } from '@paypal/react-paypal-js';
import { act, screen, waitFor, within } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoOrder } from '../../features/orders/test/demo-order';
import { demoQuote } from '../../features/orders/test/demo-quote';
import { clearRuntimeConfig, setRuntimeConfig } from '../../features/orders/test/runtime-config';
import i18n from '../../lib/i18n';
import { FakeSocket, setVisibility } from '../../test/fake-websocket';
import { click, postedBodies, renderGuestCheckout, typeInto, type FetchMock } from './test/guest-checkout';

const paypal = vi.hoisted(() => ({ buttons: null as PayPalButtonsComponentProps | null }));

vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ children }: { children: ReactNode }) => children,
  usePayPalScriptReducer: () => [
    { options: {}, isInitial: false, isPending: false, isResolved: true, isRejected: false },
    () => {},
  ],
  PayPalButtons: (props: PayPalButtonsComponentProps) => {
    paypal.buttons = props;
    return null;
  },
}));

/**
 * The server's quote for the body asked about: 26,32 € less 10 % (2,63 €) for pickup,
 * 23,69 €; the code SPRING10 (any case) takes 10 % of that off (2,37 €); USED is one this
 * customer has used already; any other code is unknown.
 */
const exhausted = {
  status: 409,
  body: {
    code: 'coupon_exhausted', detail: 'The coupon SPRING10 has been used as often as it may be.', field: 'coupon_code',
    params: { code: 'SPRING10' },
  },
};

/** Set when SPRING10 has been used as often as it may be (by others, meanwhile). */
let spring10Exhausted = false;

function quoteFor(init?: RequestInit) {
  const body = JSON.parse(String(init?.body)) as { coupon_code?: string | null };
  const code = body.coupon_code?.trim().toUpperCase() ?? null;
  if (code === 'SPRING10' && spring10Exhausted) return exhausted;
  if (code === 'USED') {
    return {
      status: 409,
      body: {
        code: 'coupon_used_already', detail: 'You have used the coupon USED already.', field: 'coupon_code',
        params: { code: 'USED' },
      },
    };
  }
  if (code !== null && code !== 'SPRING10') {
    return {
      status: 400,
      body: { code: 'coupon_unknown', detail: 'No such coupon.', field: 'coupon_code', params: { code } },
    };
  }
  const coupon = code === null ? 0 : 2.37;
  return {
    body: demoQuote({
      quote_id: code === null ? 'quote-plain' : 'quote-coupon',
      subtotal: 26.32,
      discount_percentage: 10,
      discount: 2.63,
      coupon_code: code,
      coupon,
      total: Math.round((23.69 - coupon) * 100) / 100,
    }),
  };
}

/** A guest at the checkout for pickup, paying cash. */
function guestCheckout() {
  return renderGuestCheckout(
    {
      '/orders/guest/quote': quoteFor,
      '/orders/guest': (init?: RequestInit) => {
        const body = JSON.parse(String(init?.body)) as { coupon_code?: string };
        return spring10Exhausted && body.coupon_code !== undefined
          ? exhausted
          : { status: 201, body: demoOrder({ token: 'tok-coupon' }) };
      },
      '/orders/guest/paypal': { status: 201, body: { paypal_order_id: 'PP-1', amount: 21.32, currency: 'EUR' } },
    },
    [{ path: '/orders/:token', element: <p>status page</p> }],
  );
}

const bodiesTo = (fetchMock: FetchMock, path: string) => postedBodies(fetchMock, (posted) => posted === path);

/** Waits until the quote shown has this total (and is the current one). */
async function quotedTotal(total: string) {
  await waitFor(() => expect(screen.getByTestId('checkout-quote')).toHaveAttribute('data-state', 'ready'));
  await waitFor(() => expect(screen.getByTestId('cart-total')).toHaveTextContent(total));
}

/** Opens the coupon field, types `code` and redeems it. */
async function redeem(code: string, names = { open: 'Gutscheincode eingeben', field: 'Gutscheincode', apply: 'Einlösen' }) {
  await click(screen.getByRole('button', { name: names.open }));
  await typeInto(screen.getByLabelText(names.field), code);
  await click(screen.getByRole('button', { name: names.apply }));
}

beforeEach(() => {
  spring10Exhausted = false;
  FakeSocket.reset();
  setVisibility('visible');
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  clearRuntimeConfig();
});

describe('the coupon code at checkout', () => {
  it('is a link until opened, and no code is sent before one is redeemed', async () => {
    const { fetchMock } = guestCheckout();
    await quotedTotal('23,69 €');
    expect(screen.getByRole('button', { name: 'Gutscheincode eingeben' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Gutscheincode')).toBeNull();
    expect(screen.queryByTestId('cart-coupon')).toBeNull();
    for (const body of bodiesTo(fetchMock, '/orders/guest/quote')) expect(body).not.toHaveProperty('coupon_code');
  });

  it('goes with the quote as typed; the server’s coupon row shows under the discount, the order carries the code', async () => {
    const { fetchMock, router } = guestCheckout();
    await quotedTotal('23,69 €');
    await redeem('spring10');
    await quotedTotal('21,32 €');
    expect(bodiesTo(fetchMock, '/orders/guest/quote').at(-1)).toMatchObject({ coupon_code: 'spring10' });
    expect(screen.getByTestId('cart-coupon')).toHaveTextContent('−2,37 €');
    expect(screen.getByTestId('coupon-state')).toHaveTextContent('Gutschein SPRING10 eingelöst');
    const rows = within(screen.getByTestId('checkout-quote')).getAllByRole('term').map((term) => term.textContent);
    expect(rows).toEqual(['Zwischensumme', 'Rabatt (10 %)', 'Gutschein SPRING10', 'Gesamt']);
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('21,32 €');

    await click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/tok-coupon'));
    const [placed, ...more] = bodiesTo(fetchMock, '/orders/guest');
    expect(more).toHaveLength(0);
    expect(placed).toMatchObject({ coupon_code: 'spring10', quote_id: 'quote-coupon', payment_method: 'cash' });
  });

  it('goes with the PayPal order and the order placed after approval', async () => {
    setRuntimeConfig({ paypalClientId: 'client-1', paypalSdkUrl: 'http://127.0.0.1:1/sdk/js' });
    paypal.buttons = null;
    const { fetchMock } = guestCheckout();
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Barzahlung' })).toBeEnabled());
    await click(screen.getByRole('radio', { name: 'Online bezahlen' }));
    await redeem('spring10');
    await quotedTotal('21,32 €');
    await waitFor(() => expect(paypal.buttons).not.toBeNull());
    let paypalOrderId = '';
    await act(async () => {
      paypalOrderId = await paypal.buttons!.createOrder!({ paymentSource: 'paypal' }, { order: { create: vi.fn() } });
    });
    expect(paypalOrderId).toBe('PP-1');
    expect(bodiesTo(fetchMock, '/orders/guest/paypal')).toEqual([
      expect.objectContaining({ coupon_code: 'spring10', quote_id: 'quote-coupon', payment_method: 'online' }),
    ]);
    await act(async () => {
      await paypal.buttons!.onApprove!({ orderID: 'PP-1' }, { restart: vi.fn(), redirect: vi.fn() });
    });
    expect(bodiesTo(fetchMock, '/orders/guest')).toEqual([
      expect.objectContaining({ coupon_code: 'spring10', quote_id: 'quote-coupon', paypal_order_id: 'PP-1' }),
    ]);
  });

  it('can be removed: the order is quoted and placed without it', async () => {
    const { fetchMock } = guestCheckout();
    await quotedTotal('23,69 €');
    await redeem('SPRING10');
    await quotedTotal('21,32 €');
    await click(screen.getByRole('button', { name: 'Gutschein entfernen' }));
    await quotedTotal('23,69 €');
    expect(screen.queryByTestId('cart-coupon')).toBeNull();
    expect(bodiesTo(fetchMock, '/orders/guest/quote').at(-1)).not.toHaveProperty('coupon_code');
    await click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/orders/guest')).toHaveLength(1));
    expect(bodiesTo(fetchMock, '/orders/guest')[0]).not.toHaveProperty('coupon_code');
    expect(bodiesTo(fetchMock, '/orders/guest')[0]).toMatchObject({ quote_id: 'quote-plain' });
  });

  it('shows a refusal’s sentence at the field and sends the code no more', async () => {
    const { fetchMock } = guestCheckout();
    await quotedTotal('23,69 €');
    await redeem('used');
    const field = await screen.findByLabelText('Gutscheincode');
    await waitFor(() => expect(field).toHaveAttribute('aria-invalid', 'true'));
    expect(field).toHaveAccessibleDescription('Sie haben den Gutschein USED schon eingelöst.');
    expect(field).toHaveValue('used');
    await quotedTotal('23,69 €');
    expect(screen.queryByTestId('cart-coupon')).toBeNull();
    expect(screen.queryByTestId('quote-refusal')).toBeNull();
    expect(bodiesTo(fetchMock, '/orders/guest/quote').at(-1)).not.toHaveProperty('coupon_code');

    // Another code asks again; an unknown one says so.
    await typeInto(field, 'nope');
    await click(screen.getByRole('button', { name: 'Einlösen' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Gutscheincode')).toHaveAccessibleDescription('Einen Gutschein „NOPE“ gibt es nicht.'),
    );
    await quotedTotal('23,69 €');
    await click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(bodiesTo(fetchMock, '/orders/guest')).toHaveLength(1));
    expect(bodiesTo(fetchMock, '/orders/guest')[0]).not.toHaveProperty('coupon_code');
  });

  it('refused when the order is placed (used up meanwhile): the sentence, the code taken off, the quote without it', async () => {
    const { fetchMock, router } = guestCheckout();
    await quotedTotal('23,69 €');
    await redeem('spring10');
    await quotedTotal('21,32 €');
    spring10Exhausted = true;
    await click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    const sentence = 'Der Gutschein SPRING10 ist schon so oft eingelöst worden, wie er gilt.';
    await waitFor(() => expect(screen.getByLabelText('Gutscheincode')).toHaveAccessibleDescription(sentence));
    await quotedTotal('23,69 €');
    expect(screen.queryByTestId('cart-coupon')).toBeNull();
    expect(router.state.location.pathname).toBe('/checkout');
    expect(bodiesTo(fetchMock, '/orders/guest/quote').at(-1)).not.toHaveProperty('coupon_code');

    await click(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/tok-coupon'));
    expect(bodiesTo(fetchMock, '/orders/guest').at(-1)).toMatchObject({ quote_id: 'quote-plain' });
    expect(bodiesTo(fetchMock, '/orders/guest').at(-1)).not.toHaveProperty('coupon_code');
  });

  it('asks for a code before redeeming an empty field', async () => {
    const { fetchMock } = guestCheckout();
    await quotedTotal('23,69 €');
    await redeem('   ');
    expect(screen.getByLabelText('Gutscheincode')).toHaveAccessibleDescription('Bitte geben Sie einen Gutscheincode ein.');
    for (const body of bodiesTo(fetchMock, '/orders/guest/quote')) expect(body).not.toHaveProperty('coupon_code');
  });

  it('speaks English', async () => {
    await i18n.changeLanguage('en');
    guestCheckout();
    await quotedTotal('23,69 €');
    await redeem('spring10', { open: 'Enter a coupon code', field: 'Coupon code', apply: 'Redeem' });
    await quotedTotal('21,32 €');
    expect(within(screen.getByTestId('checkout-quote')).getByText('Coupon SPRING10')).toBeInTheDocument();
    expect(screen.getByTestId('coupon-state')).toHaveTextContent('Coupon SPRING10 redeemed');
  });
});
