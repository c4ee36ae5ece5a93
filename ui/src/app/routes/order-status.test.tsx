import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DEMO_TOKEN, demoOrder } from '../../features/orders/test/demo-order';
import i18n from '../../lib/i18n';
import type { Order, OrderCustomer } from '../../lib/order-types';
import { StoreProvider } from '../../lib/store-context';
import { FakeSocket, setVisibility } from '../../test/fake-websocket';
import { failedTse, signedTse } from '../../test/signed-receipt';
import { forgetLiveProducts } from '../../lib/live-menu';
import { demoProducts, demoStore, mockFetch } from '../../test/fetch-mock';
import { StorefrontProvider } from '../storefront-provider';
import { OrderStatusRoute } from './order-status';

type Answer = { status?: number; body: unknown };

function renderStatus(answer: Answer | (() => Answer), token = DEMO_TOKEN, store: unknown = demoStore) {
  const fetchMock = mockFetch({
    '/stores/14': { body: store },
    [`/orders/track/${token}`]: answer,
    '/products/?store_id=14': { body: demoProducts },
  });
  const router = createMemoryRouter([{ path: '/orders/:token', element: <OrderStatusRoute /> }], {
    initialEntries: [`/orders/${token}`],
  });
  render(
    <I18nextProvider i18n={i18n}>
      <StoreProvider>
        <StorefrontProvider>
          <RouterProvider router={router} />
        </StorefrontProvider>
      </StoreProvider>
    </I18nextProvider>,
  );
  return fetchMock;
}

/** The live connection of the page sends the order in its new state. */
async function push(order: Order) {
  await waitFor(() => expect(FakeSocket.instances.length).toBeGreaterThan(0));
  await act(async () => {
    FakeSocket.latest().receive({ type: 'order', order });
  });
}

const status = () => screen.getByTestId('order-status');

/** Gives effects (which run after paint) the chance to open a connection. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

describe('order status page', () => {
  beforeEach(() => {
    FakeSocket.reset();
    setVisibility('visible');
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it("shows 'processing' while loading, then the order waiting for the restaurant, with its details", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const fetchMock = renderStatus({ body: demoOrder() });
    const answer = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).startsWith('/orders/track/')) await gate;
      return answer(input, init);
    });

    expect(await screen.findByTestId('order-status')).toHaveTextContent('Wird bearbeitet');
    expect(document.title).toBe('Order Status | Heimservice Heimservice');
    await act(async () => {
      release();
    });

    await waitFor(() => expect(status()).toHaveTextContent('Warten auf Bestätigung durch das Restaurant'));
    expect(screen.getByTestId('order-number')).toHaveTextContent('Bestellung Nr. 3');
    // 17:05 UTC is 18:05 in Berlin.
    expect(screen.getByText(/Bestellt am 22\.11\.2026, 18:05/)).toBeInTheDocument();
    expect(screen.queryByTestId('order-estimated-time')).not.toBeInTheDocument();
    expect(screen.queryByTestId('order-rejection')).not.toBeInTheDocument();

    expect(screen.getByText('Pizza Salami (Groß)')).toBeInTheDocument();
    expect(screen.getByText('+ Extra Käse')).toBeInTheDocument();
    expect(screen.getByText('Bitte klingeln')).toBeInTheDocument();
    expect(screen.getByText('Rabatt (10 %)')).toBeInTheDocument();
    expect(screen.getByTestId('order-total')).toHaveTextContent('21,40 €');
    expect(screen.getByText('enthaltene MwSt. 7 % (netto 20,00 €)')).toBeInTheDocument();
    expect(screen.getByText('1,40 €')).toBeInTheDocument();
    const destination = screen.getByTestId('order-destination');
    expect(destination).toHaveTextContent('Lieferung an');
    expect(destination).toHaveTextContent('Hauptstraße 1');
    expect(destination).toHaveTextContent('10115 Berlin');
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Online mit PayPal – bezahlt');

    expect(FakeSocket.latest().url).toMatch(new RegExp(`^ws://[^/]+/ws/orders/${DEMO_TOKEN}$`));
  });

  it('follows the live connection: accepted with the estimated time, then the later steps', async () => {
    renderStatus({ body: demoOrder() });
    await waitFor(() => expect(status()).toHaveTextContent('Warten auf Bestätigung'));

    await push(
      demoOrder({ status: 'accepted', estimated_minutes: 20, estimated_ready_at: '2026-11-22T17:25:00Z' }),
    );
    expect(status()).toHaveTextContent(/^Angenommen$/);
    expect(screen.getByTestId('order-estimated-time')).toHaveTextContent('Voraussichtlich um 18:25 Uhr (ca. 20 Min.)');
    const progress = screen.getByRole('list', { name: 'Fortschritt Ihrer Bestellung' });
    expect(within(progress).getAllByRole('listitem').map((step) => step.textContent)).toEqual([
      'Angenommen',
      'In Zubereitung',
      'Unterwegs zu Ihnen',
      'Abgeschlossen',
    ]);
    expect(within(progress).getByText('Angenommen')).toHaveAttribute('aria-current', 'step');

    await push(
      demoOrder({ status: 'out_for_delivery', estimated_minutes: 20, estimated_ready_at: '2026-11-22T17:25:00Z' }),
    );
    expect(status()).toHaveTextContent('Angenommen · Unterwegs zu Ihnen');
    expect(screen.getByTestId('order-estimated-time')).toHaveTextContent('18:25');
    expect(within(progress).getByText('Unterwegs zu Ihnen')).toHaveAttribute('aria-current', 'step');

    const socket = FakeSocket.latest();
    await push(demoOrder({ status: 'completed', estimated_minutes: 20, estimated_ready_at: '2026-11-22T17:25:00Z' }));
    expect(status()).toHaveTextContent('Angenommen · Abgeschlossen');
    // Nothing changes after completion: the connection is closed.
    expect(socket.closedByClient).toBe(true);
  });

  it('shows a pickup order ready for pickup in English', async () => {
    await i18n.changeLanguage('en');
    renderStatus({
      body: demoOrder({
        status: 'ready_for_pickup',
        order_type: 'pickup',
        payment_method: 'cash',
        payment_status: 'cash_due',
        delivery_fee: 0,
        estimated_minutes: 15,
        estimated_ready_at: '2026-11-22T17:20:00Z',
      }),
    });
    await waitFor(() => expect(status()).toHaveTextContent('Accepted · Ready for pickup'));
    expect(screen.getByTestId('order-estimated-time')).toHaveTextContent('Estimated at 18:20 (about 15 min)');
    expect(screen.getByTestId('order-destination')).toHaveTextContent('Pickup at the restaurant');
    expect(screen.getByTestId('order-destination')).toHaveTextContent('Hauptstraße 12, 10115 Berlin');
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Cash – to be paid on handover');
  });

  it('names the time of a pre-order while it waits and once accepted, without minutes', async () => {
    const placed = demoOrder({ preorder_at: '2026-11-22T18:30:00Z' });
    renderStatus({ body: placed });
    await waitFor(() =>
      expect(status()).toHaveTextContent(/^Vorbestellung für 19:30 Uhr – wartet auf Bestätigung durch das Restaurant$/),
    );
    expect(screen.queryByTestId('order-estimated-time')).not.toBeInTheDocument();

    await push({ ...placed, status: 'accepted', estimated_minutes: 85, estimated_ready_at: '2026-11-22T18:30:00Z' });
    expect(status()).toHaveTextContent(/^Angenommen$/);
    expect(screen.getByTestId('order-estimated-time')).toHaveTextContent(/^Vorbestellt für 19:30 Uhr$/);
  });

  it('shows the deposit under its line and as its own row before the total', async () => {
    const cola = {
      product_id: 30, variant_id: null, name: 'Cola 0,33 l', unit_price: 2.5, quantity: 4, extras: [],
      tax_percentage: 19, allergens: [], total: 10, deposit: 0.25,
    };
    // 21,00 € + 10,00 € − 10 % + 2,50 € fee + 1,00 € deposit.
    renderStatus({
      body: demoOrder({ lines: [...demoOrder().lines, cola], subtotal: 31, discount: 3.1, deposit: 1, total: 31.4 }),
    });
    const line = (await screen.findByText('Cola 0,33 l')).closest('li')!;
    expect(within(line).getByTestId('line-deposit')).toHaveTextContent(/^zzgl\. 4 × 0,25 € Pfand$/);
    expect(screen.getAllByTestId('line-deposit')).toHaveLength(1);
    const rows = [...document.querySelectorAll('.order-totals__row dt')].map((term) => term.textContent);
    expect(rows.slice(0, 5)).toEqual(['Zwischensumme', 'Rabatt (10 %)', 'Liefergebühr', 'Pfand', 'Gesamt']);
    expect(screen.getByTestId('order-deposit')).toHaveTextContent('1,00 €');
    expect(screen.getByTestId('order-total')).toHaveTextContent('31,40 €');
  });

  it('shows no deposit row for an order without deposits', async () => {
    renderStatus({ body: demoOrder() });
    await screen.findByTestId('order-total');
    expect(screen.queryByTestId('order-deposit')).not.toBeInTheDocument();
    expect(screen.queryByTestId('line-deposit')).not.toBeInTheDocument();
  });

  it('shows the tip of an online order as its own row before the total, outside the VAT lines', async () => {
    // 21,00 € − 10 % + 2,50 € fee + 2,10 € tip; the VAT line is the goods' alone.
    renderStatus({ body: demoOrder({ tip: 2.1, total: 23.5 }) });
    expect(await screen.findByTestId('order-tip')).toHaveTextContent(/^2,10 €$/);
    const rows = [...document.querySelectorAll('.order-totals__row dt')].map((term) => term.textContent);
    expect(rows).toEqual(['Zwischensumme', 'Rabatt (10 %)', 'Liefergebühr', 'Trinkgeld', 'Gesamt', 'enthaltene MwSt. 7 % (netto 20,00 €)']);
    expect(screen.getByTestId('order-total')).toHaveTextContent('23,50 €');

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(screen.getByTestId('order-tip').previousElementSibling).toHaveTextContent(/^Tip$/);
  });

  it('shows the coupon as its own row under the discount, with its code', async () => {
    // 21,00 € − 10 % − 3,00 € coupon + 2,50 € fee.
    renderStatus({ body: demoOrder({ coupon_code: 'SPRING3', coupon: 3, total: 18.4 }) });
    expect(await screen.findByTestId('order-coupon')).toHaveTextContent(/^−3,00 €$/);
    const rows = [...document.querySelectorAll('.order-totals__row dt')].map((term) => term.textContent);
    expect(rows.slice(0, 5)).toEqual(['Zwischensumme', 'Rabatt (10 %)', 'Gutschein SPRING3', 'Liefergebühr', 'Gesamt']);
    expect(screen.getByTestId('order-total')).toHaveTextContent('18,40 €');

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(screen.getByTestId('order-coupon').previousElementSibling).toHaveTextContent(/^Coupon SPRING3$/);
  });

  it('shows no coupon row for an order without one', async () => {
    renderStatus({ body: demoOrder({ coupon_code: null, coupon: 0 }) });
    await screen.findByTestId('order-total');
    expect(screen.queryByTestId('order-coupon')).not.toBeInTheDocument();
    expect(screen.queryByText(/Gutschein/)).not.toBeInTheDocument();
  });

  it('shows no tip row for an order without a tip', async () => {
    renderStatus({ body: demoOrder() });
    await screen.findByTestId('order-total');
    expect(screen.queryByTestId('order-tip')).not.toBeInTheDocument();
    expect(screen.queryByText('Trinkgeld')).not.toBeInTheDocument();
  });

  it('shows the notes for the driver with the delivery address', async () => {
    const customer: OrderCustomer & { notes: string } = { ...demoOrder().customer, notes: 'Hinterhaus, 3. OG' };
    renderStatus({ body: demoOrder({ customer }) });
    expect(await screen.findByTestId('order-driver-notes')).toHaveTextContent('Hinweis für den Fahrer: Hinterhaus, 3. OG');
    expect(screen.getByTestId('order-destination')).toContainElement(screen.getByTestId('order-driver-notes'));
  });

  it('says what a cash customer pays with and the change the driver brings, in both languages', async () => {
    const cash = { payment_method: 'cash', payment_status: 'cash_due', cash_given: 50, change_due: 28.6 } as const;
    renderStatus({ body: demoOrder(cash) });
    const payment = await screen.findByTestId('order-cash-given');
    expect(payment).toHaveTextContent(/^Sie zahlen mit 50,00 € · Wechselgeld 28,60 €$/);
    expect(screen.getByTestId('order-payment')).toHaveTextContent('Barzahlung – bei Übergabe zu zahlen');

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(screen.getByTestId('order-cash-given')).toHaveTextContent(/^You pay with 50,00 € · change 28,60 €$/);

    // Nothing to pay once the order is not accepted, so no change either.
    await push(demoOrder({ ...cash, status: 'rejected', rejection_reason: 'Zu viel los' }));
    expect(screen.queryByTestId('order-cash-given')).not.toBeInTheDocument();
  });

  it('says nothing about change when the customer did not say what they pay with', async () => {
    renderStatus({ body: demoOrder({ payment_method: 'cash', payment_status: 'cash_due', cash_given: null, change_due: null }) });
    expect(await screen.findByTestId('order-payment')).toHaveTextContent('Barzahlung');
    expect(screen.queryByTestId('order-cash-given')).not.toBeInTheDocument();
  });

  it("shows a rejected order: exactly \"Sorry, the restaurant couldn't accept your order\", the reason and the refund", async () => {
    await i18n.changeLanguage('en');
    renderStatus({ body: demoOrder() });
    await waitFor(() => expect(status()).toHaveTextContent('Waiting for restaurant confirmation'));
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.latest();

    await push(demoOrder({ status: 'rejected', rejection_reason: 'Zu viel los', payment_status: 'refunded' }));
    expect(status()).toHaveTextContent(/^Not accepted$/);
    const rejection = screen.getByTestId('order-rejection');
    expect(within(rejection).getByText("Sorry, the restaurant couldn't accept your order")).toBeInTheDocument();
    expect(rejection).toHaveTextContent('Reason: Zu viel los');
    expect(rejection).toHaveTextContent('Your payment has been refunded.');
    expect(screen.queryByTestId('order-estimated-time')).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Progress of your order' })).not.toBeInTheDocument();
    expect(socket.closedByClient).toBe(true);
  });

  it('follows a paid order that was rejected until its refund, live', async () => {
    renderStatus({ body: demoOrder() });
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.latest();
    await push(demoOrder({ status: 'rejected', rejection_reason: 'Zu viel los', payment_status: 'paid' }));
    expect(socket.closedByClient).toBe(false);
    await push(demoOrder({ status: 'rejected', rejection_reason: 'Zu viel los', payment_status: 'refunded' }));
    expect(screen.getByTestId('order-rejection')).toHaveTextContent('Ihre Zahlung wurde erstattet.');
    expect(screen.getByTestId('order-payment')).toHaveTextContent('erstattet');
    expect(socket.closedByClient).toBe(true);
  });

  it('a rejected cash order is not to be paid, and nobody answering is said in German', async () => {
    renderStatus({
      body: demoOrder({
        status: 'rejected',
        payment_method: 'cash',
        payment_status: 'cash_due',
        rejection_reason: 'The restaurant did not respond in time.',
        rejected_by: 'no_one',
      }),
    });
    const rejection = await screen.findByTestId('order-rejection');
    expect(rejection).toHaveTextContent('Das Restaurant hat nicht rechtzeitig geantwortet.');
    expect(rejection).not.toHaveTextContent('did not respond');
    expect(screen.getByTestId('order-payment')).toHaveTextContent('nichts zu zahlen');
    expect(screen.getByTestId('order-payment')).not.toHaveTextContent('bei Übergabe');
  });

  it('a completed cash order is paid, and what a complaint took off comes back in cash', async () => {
    renderStatus({
      body: demoOrder({
        status: 'completed',
        payment_method: 'cash',
        payment_status: 'cash_due',
        corrections: [
          {
            kind: 'changed',
            at: '2026-11-23T12:40:00Z',
            reason: 'Cola fehlte',
            previous_total: 23.5,
            refunded: 2.8,
            by: null,
            storno_tse: null,
            receipt_tse: null,
          },
        ],
      }),
    });
    const payment = await screen.findByTestId('order-payment');
    expect(payment).toHaveTextContent('Barzahlung – bezahlt');
    expect(payment).not.toHaveTextContent('bei Übergabe');
    expect(screen.getByTestId('order-correction-changed')).toHaveTextContent('2,80 € erhalten Sie bar zurück.');
    expect(screen.getByTestId('order-correction-changed')).not.toHaveTextContent('PayPal');
  });

  it('a completed table order paid in cash is not taken as paid: the guest may pay when leaving', async () => {
    renderStatus({ body: demoOrder({ status: 'completed', order_type: 'dine_in', payment_method: 'cash', payment_status: 'cash_due' }) });
    expect(await screen.findByTestId('order-payment')).toHaveTextContent('Barzahlung – bei Übergabe zu zahlen');
  });

  it('says when a refund did not go through', async () => {
    renderStatus({
      body: demoOrder({ status: 'rejected', rejection_reason: 'Zu viel los', payment_status: 'refund_failed' }),
    });
    const rejection = await screen.findByTestId('order-rejection');
    expect(rejection).toHaveTextContent('Leider konnte das Restaurant Ihre Bestellung nicht annehmen');
    expect(rejection).toHaveTextContent('Die Erstattung Ihrer Zahlung ist noch nicht abgeschlossen');
    // A finished order is not followed live.
    await settle();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('says clearly when there is no order for the token', async () => {
    renderStatus({ status: 404, body: { detail: 'There is no such order.', code: 'order_not_found' } }, 'nope');
    expect(await screen.findByRole('heading', { name: 'Bestellung nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByTestId('order-not-found')).toHaveTextContent('Zu diesem Link gibt es keine Bestellung');
    await settle();
    expect(FakeSocket.instances).toHaveLength(0);
  });

  it('offers a retry when loading fails for another reason', async () => {
    let answer: Answer = { status: 500, body: { detail: 'boom', code: 'internal' } };
    renderStatus(() => answer);
    expect(await screen.findByText(/Der Bestellstatus konnte nicht geladen werden/)).toBeInTheDocument();
    answer = { body: demoOrder() };
    await act(async () => {
      screen.getByRole('button', { name: 'Erneut versuchen' }).click();
    });
    await waitFor(() => expect(status()).toHaveTextContent('Warten auf Bestätigung'));
  });

  describe("the restaurant's phone", () => {
    it('offers it for questions as a tel: link', async () => {
      renderStatus({ body: demoOrder() }, DEMO_TOKEN, { ...demoStore, phone: '030 123 456-7' });
      const call = await screen.findByTestId('order-call-us');
      expect(call).toHaveTextContent('Fragen zur Bestellung? Rufen Sie uns an: 030 123 456-7');
      expect(within(call).getByRole('link', { name: '030 123 456-7' })).toHaveAttribute('href', 'tel:0301234567');
    });

    it('says it in English, international numbers kept', async () => {
      await i18n.changeLanguage('en');
      renderStatus({ body: demoOrder() }, DEMO_TOKEN, { ...demoStore, phone: '+49 30 123456' });
      const call = await screen.findByTestId('order-call-us');
      expect(call).toHaveTextContent('Questions about your order? Call us: +49 30 123456');
      expect(within(call).getByRole('link')).toHaveAttribute('href', 'tel:+4930123456');
    });

    it('shows nothing when the restaurant has no phone set', async () => {
      renderStatus({ body: demoOrder() }, DEMO_TOKEN, { ...demoStore, phone: '' });
      await waitFor(() => expect(status()).toHaveTextContent('Warten auf Bestätigung durch das Restaurant'));
      expect(screen.queryByTestId('order-call-us')).not.toBeInTheDocument();
      expect(screen.queryByText(/Rufen Sie uns an/)).not.toBeInTheDocument();
    });
  });

  describe("the receipt's TSE data", () => {
    it('is not shown while the transaction only started and the restaurant has not answered', async () => {
      renderStatus({ body: demoOrder({ tse: signedTse({ state: 'active', time_end: null, qr_code_data: null }) }) });
      await waitFor(() => expect(status()).toHaveTextContent('Warten auf Bestätigung durch das Restaurant'));
      expect(screen.queryByTestId('order-receipt')).not.toBeInTheDocument();
    });

    it('appears with the acceptance: transaction number, TSE serial number, signature and the QR code', async () => {
      renderStatus({ body: demoOrder({ tse: signedTse({ state: 'active', time_end: null, qr_code_data: null }) }) });
      await waitFor(() => expect(status()).toHaveTextContent('Warten auf Bestätigung'));
      await push(demoOrder({ status: 'accepted', estimated_minutes: 20, estimated_ready_at: '2026-11-22T17:25:00Z', tse: signedTse() }));
      const receipt = await screen.findByTestId('order-receipt');
      expect(within(receipt).getByRole('heading', { level: 2, name: 'Beleg' })).toBeInTheDocument();
      expect(receipt).toHaveTextContent('Transaktionsnummer17');
      expect(receipt).toHaveTextContent(`Seriennummer der TSE${signedTse().tss_serial_number}`);
      expect(receipt).toHaveTextContent('Signaturzähler34');
      expect(await within(receipt).findByRole('img', { name: 'QR-Code des Belegs' })).toBeInTheDocument();
    });

    it('says "TSE ausgefallen" on an accepted order the TSE could not sign', async () => {
      renderStatus({ body: demoOrder({ status: 'preparing', tse: failedTse() }) });
      const receipt = await screen.findByTestId('order-receipt');
      expect(receipt).toHaveTextContent('TSE ausgefallen');
      expect(within(receipt).queryByRole('img')).not.toBeInTheDocument();
    });

    it('is not shown for a rejected order, whose transaction was cancelled', async () => {
      renderStatus({ body: demoOrder({ status: 'rejected', rejection_reason: 'Zu voll', tse: signedTse({ state: 'cancelled' }) }) });
      await screen.findByTestId('order-rejection');
      expect(screen.queryByTestId('order-receipt')).not.toBeInTheDocument();
    });

    it('is not shown in a shop without a TSE', async () => {
      renderStatus({ body: demoOrder({ status: 'completed', tse: null }) });
      await waitFor(() => expect(status()).toHaveTextContent('Abgeschlossen'));
      expect(screen.queryByTestId('order-receipt')).not.toBeInTheDocument();
    });
  });

  describe('ordering again from the details', () => {
    const completed = demoOrder({
      status: 'completed',
      lines: [
        {
          product_id: 30, variant_id: null, name: 'Cola 0,33 l', unit_price: 2, quantity: 3, extras: [],
          tax_percentage: 19, allergens: [], total: 6, deposit: 0,
        },
      ],
    });

    it('is offered for a finished order and puts its lines into the cart', async () => {
      renderStatus({ body: completed });
      const button = await screen.findByRole('button', { name: 'Bestellung Nr. 3 erneut bestellen' });
      expect(button).toHaveTextContent('Erneut bestellen');
      await act(async () => {
        fireEvent.click(button);
      });
      await waitFor(() => expect(screen.getByTestId('reorder-result')).toHaveTextContent('liegen im Warenkorb'));
      const stored = () =>
        (JSON.parse(localStorage.getItem('cartItems') ?? '[]') as { id: number; price: number; quantity: number }[]).map(
          ({ id, price, quantity }) => ({ id, price, quantity }),
        );
      await waitFor(() => expect(stored()).toEqual([{ id: 30, price: 2.5, quantity: 3 }]));
      forgetLiveProducts();
    });

    it('is not offered while the order is still on its way', async () => {
      renderStatus({ body: demoOrder({ status: 'preparing' }) });
      await waitFor(() => expect(status()).toHaveTextContent('In Zubereitung'));
      expect(screen.queryByRole('button', { name: /erneut bestellen/ })).not.toBeInTheDocument();
    });
  });
});
