import type { PayPalButtonsComponentProps, ReactPayPalScriptOptions } from '@paypal/react-paypal-js';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/preact';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import i18n from '../../../lib/i18n';
import type { OrderRequest, PaymentMethod } from '../../../lib/order-types';
import { mockFetch } from '../../../test/fetch-mock';
import { demoOrder } from '../test/demo-order';
import { demoQuote } from '../test/demo-quote';
import { clearRuntimeConfig, setRuntimeConfig } from '../test/runtime-config';
import { PlaceOrder } from './place-order';
import type { TermsLinks } from './terms-notice';
import type { CashGivenInput } from './use-cash-given';
import type { CheckoutQuote, QuoteState } from './use-checkout-quote';

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

/** The server's quote for `request`: 5,00 €. */
const ready: QuoteState = { status: 'ready', quote: demoQuote({ quote_id: 'q-1' }), request };

type Answer = { status?: number; body: unknown };

function renderPlaceOrder({
  state = ready,
  payment = 'online',
  answers = {},
  blockedReason,
  termsLinks,
  cashAccepted = true,
  cashGiven,
}: {
  state?: QuoteState;
  payment?: PaymentMethod;
  answers?: Record<string, Answer | (() => Answer)>;
  blockedReason?: string | null;
  termsLinks?: TermsLinks;
  cashAccepted?: boolean;
  cashGiven?: CashGivenInput;
} = {}) {
  const fetchMock = mockFetch({
    '/orders/guest/paypal': { status: 201, body: { paypal_order_id: 'PP-1', amount: 5, currency: 'EUR' } },
    '/orders/guest': { status: 201, body: placed },
    ...answers,
  });
  const onPlaced = vi.fn();
  const quote: CheckoutQuote = { state, refresh: vi.fn() };
  render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter basename="/order-online/" initialEntries={['/order-online/checkout']}>
        <PlaceOrder
          guest
          quote={quote}
          onPlaced={onPlaced}
          blockedReason={blockedReason}
          cashAccepted={cashAccepted}
          {...(termsLinks ? { termsLinks } : {})}
          {...(cashGiven ? { cashGiven } : {})}
          essentials={{
            orderType: 'pickup',
            address: 'Gina Gast',
            time: state.status === 'idle' ? null : { kind: 'immediately' },
            payment,
          }}
        />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { fetchMock, onPlaced, refresh: quote.refresh };
}

const renderOnline = renderPlaceOrder;

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

  it("hands the page's CSP nonce to the SDK, which puts it on the styles it adds", async () => {
    const meta = document.createElement('meta');
    meta.setAttribute('name', 'csp-nonce');
    meta.setAttribute('content', 'q2R1xXk0Zb3b3Vf8l8n0Ag==');
    document.head.append(meta);
    try {
      renderOnline();
      await buttons();
      expect(paypal.options).toMatchObject({ clientId: 'client-1', dataCspNonce: 'q2R1xXk0Zb3b3Vf8l8n0Ag==' });
    } finally {
      meta.remove();
    }
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
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('5,00 €');

    // Both are sent against the quote shown.
    const [create, place] = posts(fetchMock);
    expect(create?.path).toBe('/orders/guest/paypal');
    expect(create?.body).toEqual({ ...request, quote_id: 'q-1' });
    expect(place?.path).toBe('/orders/guest');
    expect(place?.body).toEqual({ ...request, quote_id: 'q-1', paypal_order_id: 'PP-1' });
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
    renderOnline({ state: { status: 'idle' } });
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
  it('a changed price at createOrder opens no payment, shows the message and asks for the quote again', async () => {
    const { refresh } = renderOnline({
      answers: {
        '/orders/guest/paypal': { status: 409, body: { detail: 'The price has changed.', code: 'quote_changed' } },
      },
    });
    const props = await buttons();
    let failure: unknown;
    await act(async () => {
      failure = await props.createOrder!({ paymentSource: 'paypal' }, { order: { create: vi.fn() } }).catch((e: unknown) => e);
    });
    expect(failure).toMatchObject({ code: 'quote_changed' });
    act(() => props.onError!({ message: 'createOrder failed' }));
    expect(alertText()).toBe('Der Preis hat sich geändert. Bitte prüfen Sie die neue Summe und bestellen Sie erneut.');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a changed price after the approval places nothing, shows the message and asks for the quote again', async () => {
    await i18n.changeLanguage('en');
    const { onPlaced, refresh } = renderOnline({
      answers: { '/orders/guest': { status: 409, body: { detail: 'The price has changed.', code: 'quote_changed' } } },
    });
    const props = await buttons();
    await act(async () => {
      await props.createOrder!({ paymentSource: 'paypal' }, { order: { create: vi.fn() } });
    });
    const approve = actions();
    await act(async () => {
      await props.onApprove!({ orderID: 'PP-1' }, approve);
    });
    expect(onPlaced).not.toHaveBeenCalled();
    expect(approve.restart).not.toHaveBeenCalled();
    expect(alertText()).toBe('The price has changed. Please check the new total and order again.');
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['loading', { status: 'loading', previous: null } as QuoteState, 'wird berechnet …'],
    [
      'refused',
      { status: 'refused', error: new ApiError(409, 'The minimum order amount for 10405 is 20,00 €.', 'below_minimum') } as QuoteState,
      'nicht verfügbar',
    ],
  ])('while the quote is %s the buttons are disabled and open nothing', async (_name, state, total) => {
    const { fetchMock } = renderOnline({ state });
    const props = await buttons();
    expect(props.disabled).toBe(true);
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent(total);
    const reject = vi.fn(async () => {});
    const resolve = vi.fn(async () => {});
    await act(async () => {
      await props.onClick!({}, { reject, resolve });
    });
    expect(reject).toHaveBeenCalled();
    expect(resolve).not.toHaveBeenCalled();
    expect(alertText()).toBe('');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the binding order button (cash)', () => {
  const cashRequest: OrderRequest = { ...request, payment_method: 'cash' };
  const cashReady: QuoteState = { status: 'ready', quote: demoQuote({ quote_id: 'q-1' }), request: cashRequest };
  const placeButton = () => screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });

  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('waits for the first quote: disabled, and the total is being calculated', () => {
    renderPlaceOrder({ payment: 'cash', state: { status: 'loading', previous: null } });
    expect(placeButton()).toBeDisabled();
    expect(placeButton()).toHaveAccessibleDescription('Bitte warten Sie, bis der Gesamtbetrag berechnet ist.');
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('wird berechnet …');
  });

  it('while a new quote loads keeps the total shown before, marked as updating, and waits', () => {
    renderPlaceOrder({ payment: 'cash', state: { status: 'loading', previous: demoQuote({ total: 7.5 }) } });
    expect(placeButton()).toBeDisabled();
    const total = screen.getByTestId('order-essentials-total');
    expect(total).toHaveTextContent('7,50 €');
    expect(total).toHaveAttribute('aria-busy', 'true');
  });

  it('is visibly blocked when the server refuses the quote', () => {
    renderPlaceOrder({
      payment: 'cash',
      state: { status: 'refused', error: new ApiError(409, 'The minimum order amount for 10405 is 20,00 €.', 'below_minimum') },
    });
    expect(placeButton()).toBeDisabled();
    expect(placeButton()).toHaveClass('place-order__button--blocked');
    expect(placeButton()).toHaveAccessibleDescription(
      'So kann die Bestellung nicht aufgegeben werden – bitte beachten Sie den Hinweis bei der Summe.',
    );
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('nicht verfügbar');
  });

  it('places exactly the quoted body with its quote_id and shows the quoted total', async () => {
    const { fetchMock, onPlaced } = renderPlaceOrder({ payment: 'cash', state: cashReady });
    expect(screen.getByTestId('order-essentials-total')).toHaveTextContent('5,00 €');
    expect(placeButton()).toBeEnabled();
    await act(async () => {
      placeButton().click();
    });
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(placed));
    const [place, ...more] = posts(fetchMock);
    expect(more).toHaveLength(0);
    expect(place?.path).toBe('/orders/guest');
    expect(place?.body).toEqual({ ...cashRequest, quote_id: 'q-1' });
  });

  it('a changed price places nothing, shows the message and asks for the quote again', async () => {
    const { onPlaced, refresh } = renderPlaceOrder({
      payment: 'cash',
      state: cashReady,
      answers: { '/orders/guest': { status: 409, body: { detail: 'The price has changed.', code: 'quote_changed' } } },
    });
    await act(async () => {
      placeButton().click();
    });
    await waitFor(() =>
      expect(alertText()).toBe('Der Preis hat sich geändert. Bitte prüfen Sie die neue Summe und bestellen Sie erneut.'),
    );
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onPlaced).not.toHaveBeenCalled();
  });
});

describe('a shop that takes no cash', () => {
  it('shows no cash order button and places nothing, even for a cash payment', () => {
    const cashRequest: OrderRequest = { ...request, payment_method: 'cash' };
    const { fetchMock } = renderPlaceOrder({
      payment: 'cash',
      state: { status: 'ready', quote: demoQuote({ quote_id: 'q-1' }), request: cashRequest },
      cashAccepted: false,
    });
    expect(screen.queryByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeNull();
    expect(screen.getByTestId('place-order-no-cash')).toHaveTextContent('Barzahlung ist in diesem Shop nicht möglich.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('the line on the terms and the withdrawal information', () => {
  const both: TermsLinks = { terms: true, withdrawal: true };
  afterEach(() => clearRuntimeConfig());
  const cashReady: QuoteState = { status: 'ready', quote: demoQuote({ quote_id: 'q-1' }), request: { ...request, payment_method: 'cash' } };

  /** Whether `earlier` comes before `later` in the document. */
  const before = (earlier: Element, later: Element) =>
    Boolean(earlier.compareDocumentPosition(later) & Node.DOCUMENT_POSITION_FOLLOWING);

  it('stands directly above the cash button and links both texts in a new tab', () => {
    renderPlaceOrder({ payment: 'cash', state: cashReady, termsLinks: both });
    const notice = screen.getByTestId('terms-notice');
    expect(notice).toHaveTextContent(
      'Es gelten unsere AGB (öffnet in neuem Tab). Informationen zu Ihrem Widerrufsrecht finden Sie in der Widerrufsbelehrung (öffnet in neuem Tab).',
    );
    const terms = within(notice).getByRole('link', { name: /^AGB/ });
    const withdrawal = within(notice).getByRole('link', { name: /^Widerrufsbelehrung/ });
    expect(terms).toHaveAttribute('href', '/order-online/terms');
    expect(withdrawal).toHaveAttribute('href', '/order-online/terms#withdrawal');
    for (const link of [terms, withdrawal]) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    const button = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    expect(before(notice, button)).toBe(true);
    expect(notice.nextElementSibling).toBe(button);
    expect(before(screen.getByTestId('order-essentials-total'), notice)).toBe(true);
  });

  it('stands above the PayPal buttons too, in English', async () => {
    await i18n.changeLanguage('en');
    setRuntimeConfig({ paypalClientId: 'client-1', paypalSdkUrl: 'http://127.0.0.1:9000/sdk/js', currency: 'EUR' });
    renderOnline({ termsLinks: both });
    const notice = screen.getByTestId('terms-notice');
    expect(notice).toHaveTextContent(
      'Our terms and conditions (opens in a new tab) apply. For your right of withdrawal, see the withdrawal information (opens in a new tab).',
    );
    expect(within(notice).getAllByRole('link')).toHaveLength(2);
    expect(before(notice, await screen.findByTestId('paypal-area'))).toBe(true);
  });

  it('names only the texts the store has written, and nothing without them', () => {
    renderPlaceOrder({ payment: 'cash', state: cashReady, termsLinks: { terms: false, withdrawal: true } });
    const notice = screen.getByTestId('terms-notice');
    expect(notice).toHaveTextContent(/^Informationen zu Ihrem Widerrufsrecht finden Sie in der Widerrufsbelehrung/);
    expect(within(notice).getAllByRole('link')).toHaveLength(1);
    cleanup();
    renderPlaceOrder({ payment: 'cash', state: cashReady });
    expect(screen.queryByTestId('terms-notice')).toBeNull();
    expect(screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' })).toBeInTheDocument();
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

describe("the page's own reason to hold the order back", () => {
  beforeEach(() => {
    paypal.state = 'resolved';
    paypal.options = null;
    paypal.buttons = null;
  });

  afterEach(() => {
    clearRuntimeConfig();
  });

  it('disables the cash button, says why beside it and places nothing, even with a ready quote', async () => {
    const { fetchMock, onPlaced } = renderPlaceOrder({ payment: 'cash', blockedReason: 'Bitte bestätigen Sie Ihr Alter.' });
    const button = screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
    expect(button).toBeDisabled();
    expect(button).toHaveClass('place-order__button--blocked');
    const reason = screen.getByTestId('place-order-blocked');
    expect(reason).toHaveTextContent(/^Bitte bestätigen Sie Ihr Alter\.$/);
    expect(button).toHaveAttribute('aria-describedby', reason.id);
    await act(async () => {
      button.click();
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it("comes before the quote's own state", () => {
    renderPlaceOrder({ payment: 'cash', state: { status: 'loading', previous: null }, blockedReason: 'Bitte wählen Sie eine Bestellzeit.' });
    expect(screen.getByTestId('place-order-blocked')).toHaveTextContent(/^Bitte wählen Sie eine Bestellzeit\.$/);
  });

  it('keeps the PayPal buttons disabled', async () => {
    setRuntimeConfig({ paypalClientId: 'client-1', paypalSdkUrl: 'http://127.0.0.1:9000/sdk/js', currency: 'EUR' });
    renderPlaceOrder({ blockedReason: 'Please confirm your age.' });
    const props = await buttons();
    expect(props.disabled).toBe(true);
    expect(screen.getByTestId('place-order-blocked')).toHaveTextContent('Please confirm your age.');
  });
});

describe('what a cash customer pays with ("Ich zahle mit")', () => {
  const cashRequest: OrderRequest = { ...request, payment_method: 'cash' };
  const cashReady: QuoteState = { status: 'ready', quote: demoQuote({ quote_id: 'q-1' }), request: cashRequest };
  const placeButton = () => screen.getByRole('button', { name: 'Zahlungspflichtig bestellen' });
  /** The field's state as the checkout holds it, with `text` typed. */
  const typed = (text: string): CashGivenInput => ({ text, error: null, refusals: 0, change: vi.fn(), refuse: vi.fn() });

  beforeEach(() => {
    paypal.state = 'resolved';
    paypal.buttons = null;
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  afterEach(() => {
    clearRuntimeConfig();
  });

  it('is sent as cash_given with the quoted body, and not at all while nothing is typed', async () => {
    const cash = typed('10,50');
    const { fetchMock, onPlaced } = renderPlaceOrder({ payment: 'cash', state: cashReady, cashGiven: cash });
    await act(async () => {
      placeButton().click();
    });
    await waitFor(() => expect(onPlaced).toHaveBeenCalledWith(placed));
    expect(posts(fetchMock)[0]?.body).toEqual({ ...cashRequest, quote_id: 'q-1', cash_given: 10.5 });
    expect(cash.refuse).not.toHaveBeenCalled();

    cleanup();
    const none = renderPlaceOrder({ payment: 'cash', state: cashReady, cashGiven: typed('') });
    await act(async () => {
      placeButton().click();
    });
    await waitFor(() => expect(none.onPlaced).toHaveBeenCalled());
    expect(posts(none.fetchMock)[0]?.body).toEqual({ ...cashRequest, quote_id: 'q-1' });
  });

  it('refuses an amount below the quoted total before sending, naming the total at the field', async () => {
    const cash = typed('4,99');
    const { fetchMock, onPlaced } = renderPlaceOrder({ payment: 'cash', state: cashReady, cashGiven: cash });
    await act(async () => {
      placeButton().click();
    });
    expect(cash.refuse).toHaveBeenCalledWith('Der Betrag, mit dem Sie zahlen, ist kleiner als die Summe von 5,00 €.');
    expect(fetchMock).not.toHaveBeenCalled();
    expect(onPlaced).not.toHaveBeenCalled();
    expect(alertText()).toBe('');
  });

  it('refuses what is no amount, in English too', async () => {
    await i18n.changeLanguage('en');
    const cash = typed('fifty');
    const { fetchMock } = renderPlaceOrder({ payment: 'cash', state: cashReady, cashGiven: cash });
    await act(async () => {
      screen.getByRole('button', { name: 'Place binding order' }).click();
    });
    expect(cash.refuse).toHaveBeenCalledWith('Please enter an amount in euros, e.g. 50 or 50.00.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the amount at the field, not below the button", async () => {
    const cash = typed('5');
    const { onPlaced } = renderPlaceOrder({
      payment: 'cash',
      state: cashReady,
      cashGiven: cash,
      answers: {
        '/orders/guest': {
          status: 400,
          body: {
            detail: 'cash_given: is less than the total of 5,50 €',
            code: 'cash_given_below_total',
            field: 'cash_given',
            params: { total: '5,50 €' },
          },
        },
      },
    });
    await act(async () => {
      placeButton().click();
    });
    await waitFor(() =>
      expect(cash.refuse).toHaveBeenCalledWith('Der Betrag, mit dem Sie zahlen, ist kleiner als die Summe von 5,50 €.'),
    );
    expect(alertText()).toBe('');
    expect(onPlaced).not.toHaveBeenCalled();
  });

  it('is never sent with online payment, whatever was typed', async () => {
    setRuntimeConfig({ paypalClientId: 'client-1', paypalSdkUrl: 'http://127.0.0.1:9000/sdk/js', currency: 'EUR' });
    const cash = typed('50');
    const { fetchMock, onPlaced } = renderPlaceOrder({ cashGiven: cash });
    const props = await buttons();
    await act(async () => {
      await props.createOrder!({ paymentSource: 'paypal' }, { order: { create: vi.fn() } });
    });
    await act(async () => {
      await props.onApprove!({ orderID: 'PP-1' }, actions());
    });
    expect(onPlaced).toHaveBeenCalledWith(placed);
    const [create, place] = posts(fetchMock);
    expect(create?.body).toEqual({ ...request, quote_id: 'q-1' });
    expect(place?.body).toEqual({ ...request, quote_id: 'q-1', paypal_order_id: 'PP-1' });
    expect(cash.refuse).not.toHaveBeenCalled();
  });
});
