import type { PayPalButtonsComponentProps, ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import { act, render, screen, waitFor } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import type { OrderRequest } from '../../../lib/order-types';
import { mockFetch } from '../../../test/fetch-mock';
import { demoOrder } from '../test/demo-order';
import { clearRuntimeConfig, setRuntimeConfig } from '../test/runtime-config';
import { PlaceOrder } from './place-order';

type LoaderState = 'initial' | 'pending' | 'resolved' | 'rejected';

const paypal = vi.hoisted(() => ({
  state: 'resolved' as LoaderState,
  options: null as ReactPayPalScriptOptions | null,
  buttons: null as PayPalButtonsComponentProps | null,
}));

vi.mock('@paypal/react-paypal-js', () => ({
  PayPalScriptProvider: ({ options, children }: { options: ReactPayPalScriptOptions; children: ReactNode }) => {
    paypal.options = options;
    return children;
  },
  usePayPalScriptReducer: () => [
    {
      options: paypal.options,
      isInitial: paypal.state === 'initial',
      isPending: paypal.state === 'pending',
      isResolved: paypal.state === 'resolved',
      isRejected: paypal.state === 'rejected',
    },
    () => {},
  ],
  PayPalButtons: (props: PayPalButtonsComponentProps) => {
    paypal.buttons = props;
    return null;
  },
}));

const request: OrderRequest = {
  order_type: 'pickup',
  lines: [{ product_id: 30, variant_id: null, extras: [], quantity: 2 }],
  shipping_address: {
    type: 'shipping', customer_name: 'Gina Gast', line1: 'Hauptstraße 1', city: 'Berlin', zip: '10115',
    country: 'DE', phone: '030123', email: '',
  },
  payment_method: 'online',
  preorder_at: null,
  note: '',
};

const placed = demoOrder({ token: 'tok-online' });

type Answer = { status?: number; body: unknown };

function renderOnline({
  orderRequest = request,
  answers = {},
}: { orderRequest?: OrderRequest | null; answers?: Record<string, Answer | (() => Answer)> } = {}) {
  const fetchMock = mockFetch({
    '/orders/guest/paypal': { status: 201, body: { paypal_order_id: 'PP-1', amount: 5, currency: 'EUR' } },
    '/orders/guest': { status: 201, body: placed },
    ...answers,
  });
  const onPlaced = vi.fn();
  render(
    <I18nextProvider i18n={i18n}>
      <PlaceOrder
        guest
        request={orderRequest}
        onPlaced={onPlaced}
        essentials={{
          orderType: 'pickup',
          address: 'Gina Gast',
          time: { kind: 'immediately' },
          payment: 'online',
          totalCents: 500,
        }}
      />
    </I18nextProvider>,
  );
  return { fetchMock, onPlaced };
}

async function buttons(): Promise<PayPalButtonsComponentProps> {
  await waitFor(() => expect(paypal.buttons).not.toBeNull());
  return paypal.buttons!;
}

function actions() {
  return { restart: vi.fn(), redirect: vi.fn() };
}

function posts(fetchMock: ReturnType<typeof mockFetch>) {
  return fetchMock.mock.calls.map(([input, init]) => ({
    path: String(input),
    key: new Headers(init?.headers).get('Idempotency-Key'),
    body: JSON.parse(String(init?.body)) as Record<string, unknown>,
  }));
}

const alertText = () => screen.getByRole('alert').textContent;

describe('online payment with PayPal', () => {
  let errorSpy: ReturnType<typeof vi.spyOn>;

  beforeEach(() => {
    paypal.state = 'resolved';
    paypal.options = null;
    paypal.buttons = null;
    setRuntimeConfig({ paypalClientId: 'client-1', paypalSdkUrl: 'http://127.0.0.1:9000/sdk/js', currency: 'EUR' });
    errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    clearRuntimeConfig();
  });

  it('loads the SDK with the client id, currency, intent capture, no card funding and the configured URL', async () => {
    renderOnline();
    await buttons();
    expect(paypal.options).toEqual({
      clientId: 'client-1',
      currency: 'EUR',
      intent: 'capture',
      disableFunding: 'card',
      sdkBaseUrl: 'http://127.0.0.1:9000/sdk/js',
    });
    expect(screen.getByText('Zahlungspflichtig bestellen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zahlungspflichtig bestellen' })).not.toBeInTheDocument();
    expect(screen.getByTestId('paypal-area')).toHaveAttribute('data-state', 'resolved');
  });

  it('shows the loader while the script loads', async () => {
    paypal.state = 'pending';
    renderOnline();
    expect(await screen.findByText('Zahlungsanbieter wird geladen …')).toBeInTheDocument();
    expect(screen.getByTestId('paypal-area')).toHaveAttribute('data-state', 'pending');
    expect(paypal.buttons).toBeNull();
  });

  it('logs a failed script load and says the payment provider could not be loaded', async () => {
    paypal.state = 'rejected';
    renderOnline();
    await waitFor(() => expect(screen.getByTestId('paypal-area')).toHaveAttribute('data-state', 'rejected'));
    expect(screen.getByText(/Der Zahlungsanbieter konnte nicht geladen werden/)).toBeInTheDocument();
    expect(errorSpy).toHaveBeenCalledWith('The PayPal SDK script failed to load');
    expect(paypal.buttons).toBeNull();
  });

  it('creates the PayPal order on the server and places the order after approval', async () => {
    const { fetchMock, onPlaced } = renderOnline();
    const props = await buttons();
    let paypalOrderId = '';
    await act(async () => {
      paypalOrderId = await props.createOrder!({ paymentSource: 'paypal' }, { order: { create: vi.fn() } });
    });
    expect(paypalOrderId).toBe('PP-1');
    await act(async () => {
      await props.onApprove!({ orderID: 'PP-1' }, actions());
    });
    expect(onPlaced).toHaveBeenCalledWith(placed);

    const [create, place] = posts(fetchMock);
    expect(create?.path).toBe('/orders/guest/paypal');
    expect(create?.body).toEqual(request);
    expect(place?.path).toBe('/orders/guest');
    expect(place?.body).toEqual({ ...request, paypal_order_id: 'PP-1' });
    expect(place?.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('restarts PayPal on instrument_declined and shows why; the next approval is a new attempt', async () => {
    let answer: Answer = {
      status: 402,
      body: { detail: 'Your payment method was declined. Please try another one.', code: 'instrument_declined' },
    };
    const { fetchMock, onPlaced } = renderOnline({ answers: { '/orders/guest': () => answer } });
    const props = await buttons();
    await act(async () => {
      await props.createOrder!({ paymentSource: 'paypal' }, { order: { create: vi.fn() } });
    });
    const declined = actions();
    await act(async () => {
      await props.onApprove!({ orderID: 'PP-1' }, declined);
    });
    expect(declined.restart).toHaveBeenCalledTimes(1);
    expect(alertText()).toBe('Ihre Zahlungsmethode wurde abgelehnt. Bitte wählen Sie eine andere.');
    expect(onPlaced).not.toHaveBeenCalled();

    answer = { status: 201, body: placed };
    const approved = actions();
    await act(async () => {
      await props.onApprove!({ orderID: 'PP-1' }, approved);
    });
    expect(approved.restart).not.toHaveBeenCalled();
    expect(onPlaced).toHaveBeenCalledWith(placed);
    const [, first, second] = posts(fetchMock);
    expect(second?.key).not.toBe(first?.key);
  });

  it('shows other payment refusals by code without restarting', async () => {
    const { onPlaced } = renderOnline({
      answers: { '/orders/guest': { status: 402, body: { detail: 'x', code: 'insufficient_funds' } } },
    });
    const props = await buttons();
    await act(async () => {
      await props.createOrder!({ paymentSource: 'paypal' }, { order: { create: vi.fn() } });
    });
    const approve = actions();
    await act(async () => {
      await props.onApprove!({ orderID: 'PP-1' }, approve);
    });
    expect(approve.restart).not.toHaveBeenCalled();
    expect(alertText()).toBe('Ihr Zahlungskonto ist nicht ausreichend gedeckt.');
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it("shows the server's refusal from createOrder and keeps it when PayPal reports the error", async () => {
    renderOnline({
      answers: {
        '/orders/guest/paypal': {
          status: 409,
          body: { detail: 'The restaurant is closed right now. Please choose a pre-order time.', code: 'store_closed' },
        },
      },
    });
    const props = await buttons();
    let failure: unknown;
    await act(async () => {
      failure = await props.createOrder!({ paymentSource: 'paypal' }, { order: { create: vi.fn() } }).catch((e: unknown) => e);
    });
    expect(failure).toMatchObject({ code: 'store_closed' });
    act(() => props.onError!({ message: 'createOrder failed' }));
    expect(alertText()).toBe('Das Restaurant hat gerade geschlossen. Bitte wählen Sie eine Vorbestellzeit.');
  });

  it('says so when the payment is cancelled, fails in PayPal, or was not completed', async () => {
    await i18n.changeLanguage('en');
    const { fetchMock } = renderOnline();
    const props = await buttons();
    act(() => props.onCancel!({}, { redirect: vi.fn() }));
    expect(alertText()).toBe('The payment was cancelled.');
    act(() => props.onError!({ message: 'popup closed' }));
    expect(alertText()).toBe('An error occurred during the payment. Please try again.');
    await act(async () => {
      await props.onApprove!({ orderID: '' }, actions());
    });
    expect(alertText()).toBe('Please complete the PayPal payment first.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('does not open PayPal without a valid order time', async () => {
    renderOnline({ orderRequest: null });
    const props = await buttons();
    const reject = vi.fn(async () => {});
    const resolve = vi.fn(async () => {});
    await act(async () => {
      await props.onClick!({}, { reject, resolve });
    });
    expect(reject).toHaveBeenCalled();
    expect(resolve).not.toHaveBeenCalled();
    expect(alertText()).toBe('Bitte wählen Sie eine gültige Zeit.');
  });
});

describe('online payment without a client id', () => {
  it('says online payment is not available instead of loading PayPal', () => {
    clearRuntimeConfig();
    paypal.buttons = null;
    renderOnline();
    expect(screen.getByText('Online-Zahlung ist derzeit nicht verfügbar.')).toBeInTheDocument();
    expect(screen.queryByTestId('paypal-area')).not.toBeInTheDocument();
  });
});
