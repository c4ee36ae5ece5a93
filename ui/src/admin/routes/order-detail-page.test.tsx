import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import type { OrderCustomer } from '../../lib/order-types';
import { failedTse, signedTse } from '../../test/signed-receipt';
import { KitchenTicket } from '../components/kitchen-ticket';
import '../i18n';
import { acceptedOrder, adminOrder } from '../test-orders';
import { renderAdminAt, sent, signInAdmin, stubFetch, type Handler } from '../test-support';
import { EMPTY_CATALOG } from '../types';

function detailServer(handlers: Record<string, Handler>) {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
    ...handlers,
  });
}

const content = () => document.querySelector('.admin-order-detail') as HTMLElement;

/** The customer as the server sends it, with the saved address's notes for the driver. */
const withNotes = (notes: string): OrderCustomer => {
  const customer: OrderCustomer & { notes: string } = { ...adminOrder().customer, notes };
  return customer;
};
const ticket = () => screen.getByTestId('kitchen-ticket');

describe('order detail', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('shows items, customer, payment, totals with VAT per rate, and the status history', async () => {
    detailServer({ 'GET /admin/orders/57': () => ({ body: acceptedOrder({ preorder_at: '2026-11-22T18:45:00Z' }) }) });
    renderAdminAt('/admin/orders/57');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #3' })).toBeInTheDocument();
    expect(document.title).toBe('Order 3 | Heimservice Heimservice');
    const page = within(content());

    const row = page.getByRole('row', { name: /Pizza Salami/ });
    expect(row).toHaveTextContent('2 ×');
    expect(row).toHaveTextContent('9,50 €');
    expect(row).toHaveTextContent('21,00 €');
    expect(row).toHaveTextContent('7 %');
    expect(row).toHaveTextContent('A Gluten');
    expect(row).toHaveTextContent('+ 1 × Extra Käse (1,00 €)');
    expect(row).toHaveTextContent('G Milch');

    expect(page.getByText('Hauptstraße 1')).toBeInTheDocument();
    expect(page.getByText('10115 Berlin')).toBeInTheDocument();
    expect(page.getByRole('link', { name: '030 123456' })).toHaveAttribute('href', 'tel:030123456');
    expect(page.getByRole('link', { name: 'kim@example.com' })).toHaveAttribute('href', 'mailto:kim@example.com');
    expect(page.getByText('Bitte klingeln')).toBeInTheDocument();
    expect(page.getByText('Guest order')).toBeInTheDocument();
    expect(page.getByText('Online (PayPal)')).toBeInTheDocument();
    expect(page.getByText('Paid')).toBeInTheDocument();
    expect(page.getByText('5O190127TN364715T')).toBeInTheDocument();
    expect(page.getByText('3C679366HH908993F')).toBeInTheDocument();
    const fact = (label: string) => page.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(fact('Ordered at')).toHaveTextContent('22.11.2026 18:30');
    expect(fact('Requested time')).toHaveTextContent(/^Pre-order for 19:45$/);
    expect(fact('Estimated ready time')).toHaveTextContent('18:52 (20 min)');
    expect(fact('Order type')).toHaveTextContent('Delivery');
    expect(within(content().querySelector('.admin-order-facts') as HTMLElement).getByText('Accepted')).toBeInTheDocument();

    expect(page.getByText('Discount (10 %)').nextElementSibling).toHaveTextContent('-2,10 €');
    expect(page.getByText('Delivery fee').nextElementSibling).toHaveTextContent('2,50 €');
    expect(page.getByText('Subtotal').nextElementSibling).toHaveTextContent('21,00 €');
    const vat = page.getByRole('table', { name: 'VAT' });
    const cells = within(within(vat).getByTestId('vat-7')).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells).toEqual(['7 %', '20,00 €', '1,40 €', '21,40 €']);

    const history = content().querySelectorAll('.admin-order-history li');
    expect([...history].map((item) => item.textContent)).toEqual([
      '22.11.2026 18:30Waiting for confirmation',
      '22.11.2026 18:32Accepted',
    ]);
    expect(page.getByRole('link', { name: 'Order history of this day' })).toHaveAttribute(
      'href',
      '/admin/orders-history?date=2026-11-22',
    );
  });

  it('names who did each step of the history: a member of staff by name, the customer, the shop itself', async () => {
    detailServer({
      'GET /admin/orders/57': () => ({
        body: acceptedOrder({
          status: 'rejected',
          history: [
            { status: 'waiting_for_confirmation', at: '2026-11-22T17:30:00Z', note: '', by: { kind: 'customer', user_id: null, name: null } },
            { status: 'accepted', at: '2026-11-22T17:32:00Z', note: '', by: { kind: 'staff', user_id: 7, name: 'Luca' } },
            { status: 'preparing', at: '2026-11-22T17:33:00Z', note: '', by: null },
            { status: 'rejected', at: '2026-11-22T17:40:00Z', note: 'Nobody answered', by: { kind: 'automatic', user_id: null, name: null } },
          ],
        }),
      }),
    });
    renderAdminAt('/admin/orders/57');
    await screen.findByRole('heading', { level: 1, name: 'Order #3' });
    const history = [...content().querySelectorAll('.admin-order-history li')];
    expect(history.map((item) => item.querySelector('[data-testid="history-by"]')?.textContent ?? null)).toEqual([
      'Customer',
      'Luca',
      null,
      'automatic',
    ]);
    expect(history[1]).toHaveTextContent('22.11.2026 18:32AcceptedLuca');
  });

  it('names the steps in German', async () => {
    await i18n.changeLanguage('de');
    detailServer({
      'GET /admin/orders/57': () => ({
        body: acceptedOrder({
          history: [
            { status: 'waiting_for_confirmation', at: '2026-11-22T17:30:00Z', note: '', by: { kind: 'customer', user_id: null, name: null } },
            { status: 'accepted', at: '2026-11-22T17:32:00Z', note: '', by: { kind: 'automatic', user_id: null, name: null } },
          ],
        }),
      }),
    });
    renderAdminAt('/admin/orders/57');
    await screen.findByRole('heading', { level: 1, name: 'Bestellung #3' });
    const actors = [...content().querySelectorAll('[data-testid="history-by"]')].map((item) => item.textContent);
    expect(actors).toEqual(['Kunde', 'automatisch']);
  });

  it('accepts, rejects and moves on like the board, keeping the answer', async () => {
    const fetchMock = detailServer({
      'GET /admin/orders/57': () => ({ body: adminOrder() }),
      'POST /admin/orders/57/accept': () => ({ body: acceptedOrder({ estimated_minutes: 45 }) }),
      'POST /admin/orders/57/status': () => ({ body: acceptedOrder({ status: 'preparing' }) }),
    });
    renderAdminAt('/admin/orders/57');
    const accept = await screen.findByTestId('accept-45');
    await act(async () => {
      fireEvent.click(accept);
    });
    expect(sent(fetchMock, 'POST', '/admin/orders/57/accept')).toEqual([{ minutes: 45 }]);
    const preparing = await screen.findByTestId('status-preparing');
    await act(async () => {
      fireEvent.click(preparing);
    });
    expect(sent(fetchMock, 'POST', '/admin/orders/57/status')).toEqual([{ status: 'preparing' }]);
    await vi.waitFor(() => expect(content().querySelector('.admin-order-status')).toHaveTextContent('Preparing'));
    expect(screen.queryByTestId('status-preparing')).toBeNull();
    expect(screen.getByTestId('status-out_for_delivery')).toBeInTheDocument();
  });

  it('says when the customer wants an order wanted at once, and the notes for the driver', async () => {
    detailServer({ 'GET /admin/orders/57': () => ({ body: adminOrder({ customer: withNotes('Hinterhaus, 3. OG') }) }) });
    renderAdminAt('/admin/orders/57');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #3' })).toBeInTheDocument();
    const page = within(content());
    const fact = (label: string) => page.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(fact('Requested time')).toHaveTextContent(/^As soon as possible$/);
    expect(fact('Note for the driver')).toHaveTextContent(/^Hinterhaus, 3\. OG$/);
    expect(screen.getByTestId('accept-20')).toBeInTheDocument();
  });

  it('shows what a cash customer pays with and the change among the payment facts, and nothing when not said', async () => {
    await i18n.changeLanguage('de');
    const cash = { payment_method: 'cash', payment_status: 'cash_due', paypal_order_id: null, capture_id: null } as const;
    detailServer({ 'GET /admin/orders/57': () => ({ body: acceptedOrder({ ...cash, cash_given: 50, change_due: 28.6 }) }) });
    renderAdminAt('/admin/orders/57');
    await screen.findByRole('heading', { level: 1, name: 'Bestellung #3' });
    const page = within(content());
    const fact = (label: string) => page.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(fact('Zahlungsart')).toHaveTextContent(/^Barzahlung$/);
    expect(fact('Bargeld')).toHaveTextContent(/^Zahlt mit 50,00 € · Wechselgeld 28,60 €$/);
    expect(ticket()).toHaveTextContent('Zahlt mit 50,00 € · Wechselgeld 28,60 €');
  });

  it('accepts a waiting pre-order for its time', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T17:32:00Z') });
    const fetchMock = detailServer({
      'GET /admin/orders/57': () => ({ body: adminOrder({ preorder_at: '2026-11-22T18:45:00Z' }) }),
      'POST /admin/orders/57/accept': () => ({
        body: acceptedOrder({ preorder_at: '2026-11-22T18:45:00Z', estimated_ready_at: '2026-11-22T18:45:00Z' }),
      }),
    });
    renderAdminAt('/admin/orders/57');
    const accept = await screen.findByTestId('accept-preorder');
    expect(accept).toHaveTextContent('Accept for 19:45');
    expect(screen.queryByTestId('accept-20')).toBeNull();
    await act(async () => {
      fireEvent.click(accept);
    });
    expect(sent(fetchMock, 'POST', '/admin/orders/57/accept')).toEqual([{ minutes: 73 }]);
    await vi.waitFor(() => expect(content().querySelector('.admin-order-status')).toHaveTextContent('Accepted'));
  });

  it('shows a refund that failed, and the rejection reason', async () => {
    detailServer({
      'GET /admin/orders/57': () => ({
        body: adminOrder({
          status: 'rejected',
          payment_status: 'refund_failed',
          rejection_reason: 'Zu viel los',
          refund_error: 'payment_unavailable',
        }),
      }),
    });
    renderAdminAt('/admin/orders/57');
    expect(
      await screen.findByText('Refund failed – the shop tries again every hour; if it keeps failing, please refund it in PayPal'),
    ).toBeInTheDocument();
    expect(screen.getByText('PayPal could not be reached. Please try again.')).toBeInTheDocument();
    expect(within(content()).getByText('Zu viel los')).toBeInTheDocument();
    expect(within(content()).getByText('This order is finished.')).toBeInTheDocument();
    expect(screen.queryByTestId('reject-order')).toBeNull();
  });

  it("shows the TSE's receipt data of an accepted order with its QR code, and none without a TSE", async () => {
    detailServer({ 'GET /admin/orders/57': () => ({ body: acceptedOrder({ tse: signedTse() }) }) });
    renderAdminAt('/admin/orders/57');
    const receipt = await screen.findByTestId('tse-receipt');
    expect(receipt.closest('.admin-card')?.querySelector('h2')).toHaveTextContent('Receipt (TSE)');
    expect(receipt).toHaveTextContent('Transaction number17');
    expect(receipt).toHaveTextContent('Start23/11/2026 12:10:05');
    expect(receipt).toHaveTextContent('End23/11/2026 12:12:30');
    expect(await within(receipt).findByRole('img', { name: 'QR code of the receipt' })).toBeInTheDocument();
  });

  it('says that the transaction started while the order waits, and "TSE out of order" when the TSE failed', async () => {
    let tse = signedTse({ state: 'active', time_end: null, qr_code_data: null, process_type: null, process_data: null });
    detailServer({ 'GET /admin/orders/57': () => ({ body: adminOrder({ tse }) }) });
    const { unmount } = renderAdminAt('/admin/orders/57');
    expect(await screen.findByTestId('tse-receipt')).toHaveTextContent(
      'Transaction started: the receipt is signed when the order is accepted.',
    );
    unmount();
    tse = failedTse();
    renderAdminAt('/admin/orders/57');
    const receipt = await screen.findByTestId('tse-receipt');
    expect(within(receipt).getByTestId('tse-receipt-failed')).toHaveTextContent(/^TSE out of order/);
  });

  it('has no receipt card in a shop without a TSE', async () => {
    detailServer({ 'GET /admin/orders/57': () => ({ body: acceptedOrder() }) });
    renderAdminAt('/admin/orders/57');
    await screen.findByRole('heading', { level: 1, name: 'Order #3' });
    expect(screen.queryByTestId('tse-receipt')).toBeNull();
    expect(screen.queryByText('Receipt (TSE)')).toBeNull();
  });

  it('prints the kitchen ticket', async () => {
    detailServer({ 'GET /admin/orders/57': () => ({ body: adminOrder() }) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderAdminAt('/admin/orders/57');
    fireEvent.click(await screen.findByRole('button', { name: 'Print ticket' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(ticket()).toHaveTextContent('Order #3');
    expect(ticket().closest('.admin-no-print')).toBeNull();
  });

  it('prints an accepted order\'s kitchen ticket or receipt again on the printers, and says why not', async () => {
    const fetchMock = detailServer({
      'GET /admin/orders/57': () => ({ body: acceptedOrder() }),
      'POST /admin/orders/57/print': (init) =>
        JSON.parse(String(init?.body)).document === 'kitchen'
          ? { body: { queued: 2 } }
          : { status: 409, body: { detail: 'No printer prints this document.', code: 'no_printer' } },
    });
    renderAdminAt('/admin/orders/57');
    const group = await screen.findByRole('group', { name: 'Print again on the printers' });
    fireEvent.click(within(group).getByRole('button', { name: 'Kitchen ticket' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sent to 2 printers');
    expect(sent(fetchMock, 'POST', '/admin/orders/57/print')).toEqual([{ document: 'kitchen' }]);
    fireEvent.click(within(group).getByRole('button', { name: 'Receipt' }));
    expect(await within(group).findByRole('alert')).toHaveTextContent(
      'No printer that is switched on prints this document: set one up under Printers.',
    );
  });

  it('offers no second print for an order that was never accepted', async () => {
    detailServer({ 'GET /admin/orders/57': () => ({ body: adminOrder() }) });
    renderAdminAt('/admin/orders/57');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order #3' })).toBeInTheDocument();
    expect(screen.queryByTestId('print-again-kitchen')).toBeNull();
  });

  it("shows a line's deposit under its name and the deposit as its own row before the total", async () => {
    const cola = {
      product_id: 30, variant_id: null, name: 'Cola 0,33 l', unit_price: 2.5, quantity: 4, extras: [],
      tax_percentage: 19, allergens: [], total: 10, deposit: 0.25,
    };
    const order = acceptedOrder({ lines: [...adminOrder().lines, cola], subtotal: 31, discount: 3.1, deposit: 1, total: 31.4 });
    detailServer({ 'GET /admin/orders/57': () => ({ body: order }) });
    renderAdminAt('/admin/orders/57');
    await screen.findByTestId('order-deposit');
    const page = within(content());
    expect(page.getByRole('row', { name: /Cola/ })).toHaveTextContent('plus 0,25 € deposit each');
    expect(page.getAllByTestId('line-deposit')).toHaveLength(1);
    const terms = [...content().querySelectorAll('.admin-order-totals dt')].map((term) => term.textContent);
    expect(terms).toEqual(['Subtotal', 'Discount (10 %)', 'Delivery fee', 'Deposit', 'Total']);
    expect(page.getByTestId('order-deposit')).toHaveTextContent('1,00 €');
    expect(content().querySelector('.admin-order-totals__total dd')).toHaveTextContent('31,40 €');
  });

  it("shows an online order's tip as its own row before the total, outside the VAT table", async () => {
    const order = acceptedOrder({ tip: 2.1, total: 23.5 });
    detailServer({ 'GET /admin/orders/57': () => ({ body: order }) });
    renderAdminAt('/admin/orders/57');
    expect(await screen.findByTestId('order-tip')).toHaveTextContent(/^2,10 €$/);
    const terms = [...content().querySelectorAll('.admin-order-totals dt')].map((term) => term.textContent);
    expect(terms).toEqual(['Subtotal', 'Discount (10 %)', 'Delivery fee', 'Tip', 'Total']);
    expect(content().querySelector('.admin-order-totals__total dd')).toHaveTextContent('23,50 €');
    expect(within(content()).getAllByTestId(/^vat-/).map((row) => row.dataset.testid)).toEqual(['vat-7']);
  });

  it('shows the coupon with its code as its own row under the discount', async () => {
    const order = acceptedOrder({ coupon_code: 'SPRING3', coupon: 3, total: 18.4 });
    detailServer({ 'GET /admin/orders/57': () => ({ body: order }) });
    renderAdminAt('/admin/orders/57');
    expect(await screen.findByTestId('order-coupon')).toHaveTextContent(/^-3,00 €$/);
    const terms = [...content().querySelectorAll('.admin-order-totals dt')].map((term) => term.textContent);
    expect(terms).toEqual(['Subtotal', 'Discount (10 %)', 'Coupon SPRING3', 'Delivery fee', 'Total']);
    expect(content().querySelector('.admin-order-totals__total dd')).toHaveTextContent('18,40 €');
  });

  it('shows no coupon row for an order without one', async () => {
    detailServer({ 'GET /admin/orders/57': () => ({ body: acceptedOrder({ coupon_code: null, coupon: 0 }) }) });
    renderAdminAt('/admin/orders/57');
    await screen.findByTestId('order-total');
    expect(screen.queryByTestId('order-coupon')).toBeNull();
  });

  it('shows no tip row for an order without one', async () => {
    detailServer({ 'GET /admin/orders/57': () => ({ body: acceptedOrder({ tip: 0 }) }) });
    renderAdminAt('/admin/orders/57');
    await screen.findByTestId('order-total');
    expect(screen.queryByTestId('order-tip')).toBeNull();
  });

  it('says when the order does not exist', async () => {
    detailServer({ 'GET /admin/orders/999': () => ({ status: 404, body: { detail: 'No such order', code: 'order_not_found' } }) });
    renderAdminAt('/admin/orders/999');
    expect(await screen.findByText('This order does not exist.')).toBeInTheDocument();
    expect(document.title).toBe('Order | Heimservice Heimservice');

    renderAdminAt('/admin/orders/abc');
    await vi.waitFor(() => expect(screen.getAllByText('This order does not exist.')).toHaveLength(2));
  });
});

describe('kitchen ticket', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });

  const renderTicket = (order = adminOrder()) =>
    render(
      <I18nextProvider i18n={i18n}>
        <KitchenTicket order={order} brand="Pizzeria Roma" timezone="Europe/Berlin" />
      </I18nextProvider>,
    );

  it('holds everything the kitchen and the driver need', () => {
    renderTicket(adminOrder({ preorder_at: '2026-11-22T18:45:00Z' }));
    const text = ticket().textContent ?? '';
    for (const part of [
      'Pizzeria Roma',
      'Bestellung #3',
      '22.11.2026 18:30',
      'Lieferung',
      'VORBESTELLUNG: 19:45',
      'Kim Kunde',
      'Hauptstraße 1',
      '10115 Berlin',
      'Tel. 030 123456',
      '2 × Pizza Salami (Groß) (A)',
      '+ 1 × Extra Käse (G)',
      'Zwischensumme21,00 €',
      'Rabatt (10 %)-2,10 €',
      'Liefergebühr2,50 €',
      'Gesamt21,40 €',
      'Online bezahlt',
    ]) {
      expect(text).toContain(part);
    }
    expect(within(ticket()).getByText('Anmerkung: Bitte klingeln').tagName).toBe('STRONG');
    expect(within(ticket()).queryByTestId('ticket-driver-notes')).toBeNull();
  });

  it('names the notes for the driver of a delivery', () => {
    renderTicket(adminOrder({ customer: withNotes('Hinterhaus, 3. OG') }));
    expect(screen.getByTestId('ticket-driver-notes')).toHaveTextContent('Hinweis für den Fahrer: Hinterhaus, 3. OG');
  });

  it('says what the customer pays with and the change the driver takes along, and only when said', () => {
    renderTicket(adminOrder({ payment_method: 'cash', payment_status: 'cash_due', cash_given: 50, change_due: 28.6 }));
    expect(screen.getByTestId('ticket-cash-given')).toHaveTextContent(/^Zahlt mit 50,00 € · Wechselgeld 28,60 €$/);
    cleanup();
    renderTicket(adminOrder({ payment_method: 'cash', payment_status: 'cash_due', cash_given: null, change_due: null }));
    expect(screen.queryByTestId('ticket-cash-given')).toBeNull();
  });

  it('asks for an ID when the order holds beer or wine, and only then', () => {
    renderTicket(adminOrder({ age_restriction: 16 }));
    expect(screen.getByTestId('ticket-age-check')).toHaveTextContent('ALTERSKONTROLLE ab 16 Jahren – Ausweis zeigen lassen');
  });

  it('has no age check for an order anyone may receive', () => {
    renderTicket(adminOrder({ age_restriction: null }));
    expect(screen.queryByTestId('ticket-age-check')).toBeNull();
  });

  it('prints the deposit as its own row before the total, and only when there is one', () => {
    renderTicket(adminOrder({ subtotal: 21, deposit: 0.5, total: 21.9 }));
    const rows = [...ticket().querySelectorAll('.admin-ticket__row')].map((row) => row.textContent);
    expect(rows.slice(-3)).toEqual(['Liefergebühr2,50 €', 'Pfand0,50 €', 'Gesamt21,90 €']);
  });

  it('prints the tip as its own row before the total, and only when there is one', () => {
    renderTicket(adminOrder({ tip: 2.1, total: 23.5 }));
    const rows = [...ticket().querySelectorAll('.admin-ticket__row')].map((row) => row.textContent);
    expect(rows.slice(-3)).toEqual(['Liefergebühr2,50 €', 'Trinkgeld2,10 €', 'Gesamt23,50 €']);
    cleanup();
    renderTicket(adminOrder({ tip: 0 }));
    expect(ticket().textContent).not.toContain('Trinkgeld');
  });

  it('prints the coupon with its code under the discount, and only when there is one', () => {
    renderTicket(adminOrder({ coupon_code: 'SPRING3', coupon: 3, total: 18.4 }));
    const labels = [...ticket().querySelectorAll('.admin-ticket__row')].map((row) => row.firstChild?.textContent);
    const at = labels.indexOf('Gutschein SPRING3');
    expect(at).toBeGreaterThan(0);
    expect(labels[at - 1]).toMatch(/^Rabatt/);
    expect(ticket().querySelectorAll('.admin-ticket__row')[at]?.textContent).toMatch(/3,00 €$/);
    cleanup();
    renderTicket(adminOrder({ coupon: 0 }));
    expect(ticket().textContent).not.toContain('Gutschein');
  });

  it('leaves out what a pickup order without note and discount does not have', () => {
    renderTicket(
      adminOrder({
        order_type: 'pickup',
        note: '',
        discount: 0,
        discount_percentage: 0,
        delivery_fee: 0,
        payment_method: 'cash',
        payment_status: 'cash_due',
        customer: { ...adminOrder().customer, line1: '', city: '', zip: '' },
      }),
    );
    const text = ticket().textContent ?? '';
    expect(text).toContain('Abholung');
    expect(text).toContain('Bar');
    expect(text).not.toContain('Anmerkung');
    expect(text).not.toContain('Rabatt');
    expect(text).not.toContain('Liefergebühr');
    expect(text).not.toContain('Pfand');
    expect(text).not.toContain('VORBESTELLUNG');
  });
});

describe('an anonymised phone order', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('shows an anonymised order in the admin language, with amounts and a phone source', async () => {
    await i18n.changeLanguage('de');
    const stored = acceptedOrder({
      status: 'completed',
      source: 'phone',
      anonymised_at: '2027-02-22T11:00:00Z',
      note: 'anonymised',
      customer: { customer_name: 'anonymised', line1: 'anonymised', city: 'Berlin', zip: '10115', country: 'DE', phone: '', email: '' },
    });
    detailServer({ 'GET /admin/orders/57': () => ({ body: stored }) });
    renderAdminAt('/admin/orders/57');
    expect(await screen.findByTestId('anonymised')).toHaveTextContent('Anonymisiert am 22.02.2027 12:00');
    const page = within(content());
    const fact = (label: string) => page.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(fact('Name')).toHaveTextContent('anonymisiert');
    expect(fact('Anmerkung')).toHaveTextContent('anonymisiert');
    expect(fact('Aufgenommen')).toHaveTextContent('Am Telefon');
    expect(page.getByText('10115 Berlin')).toBeInTheDocument();
    expect(page.queryByRole('link', { name: /@/ })).toBeNull();
    expect(content()).toHaveTextContent('21,40 €');
    expect(ticket()).toHaveTextContent('anonymisiert');
    expect(ticket()).not.toHaveTextContent('anonymised');
  });
});
