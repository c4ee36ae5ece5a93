import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import type { AdminOrder } from '../../lib/order-types';
import { ALERT_STORAGE_KEY } from '../lib/order-alert';
import { FakeAudioContext, FakeNotification, stubAlertGlobals } from '../test-alerts';
import { acceptedOrder, adminOrder, FakeBoardSocket, openOrdersPage, stubDashboardSockets } from '../test-orders';
import { renderAdminAt, sent, signInAdmin, stubFetch, type Handler } from '../test-support';
import { EMPTY_CATALOG } from '../types';

const NOW = new Date('2026-11-22T17:32:00Z');

function boardServer(extra: Record<string, Handler> = {}, open: AdminOrder[] = []) {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
    'GET /admin/orders/open': () => ({ body: openOrdersPage(open) }),
    ...extra,
  });
}

/** Renders the dashboard and answers the board socket's handshake with `orders`. */
async function openBoard(orders: AdminOrder[]) {
  renderAdminAt('/admin/home');
  await vi.waitFor(() => expect(FakeBoardSocket.instances).toHaveLength(1));
  const socket = FakeBoardSocket.latest();
  act(() => {
    socket.open();
    socket.receive({ type: 'snapshot', orders });
  });
  return socket;
}

const card = (number: number) => {
  const heading = screen.getByRole('heading', { level: 4, name: `#${number}` });
  return heading.closest('article') as HTMLElement;
};
const column = (id: 'new' | 'progress') => screen.getByTestId(`board-${id}`);

describe('orders board on the dashboard', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    FakeBoardSocket.reset();
    FakeAudioContext.reset();
    FakeNotification.reset();
    stubDashboardSockets();
    stubAlertGlobals();
    signInAdmin();
  });

  it('connects with the admin token and shows the orders of the snapshot in their columns', async () => {
    boardServer();
    const preorder = acceptedOrder({
      id: 60,
      number: 4,
      order_type: 'pickup',
      status: 'preparing',
      payment_method: 'cash',
      payment_status: 'cash_due',
      preorder_at: '2026-11-22T18:45:00Z',
      customer: { ...adminOrder().customer, customer_name: 'Paula Pickup' },
    });
    const socket = await openBoard([adminOrder(), preorder]);

    expect(socket.url).toBe('ws://localhost:3000/ws/admin/orders');
    expect(socket.sent).toEqual([JSON.stringify({ token: 'jwt' })]);
    expect(screen.getByRole('heading', { level: 1, name: 'Hello Anna' })).toBeInTheDocument();
    expect(document.title).toBe('Admin Dashboard | Heimservice Heimservice');
    expect(screen.getByTestId('board-connection')).toHaveTextContent('Live');

    const waiting = within(column('new')).getByRole('article');
    expect(waiting).toHaveTextContent('#3');
    expect(waiting.querySelector('time')).toHaveTextContent('18:30');
    expect(waiting).toHaveTextContent('Delivery');
    expect(waiting).toHaveTextContent('Kim Kunde');
    expect(waiting).toHaveTextContent('21,40 €');
    expect(within(waiting).getByTestId('card-payment')).toHaveTextContent('PayPal · paid');
    expect(within(waiting).getByTestId('card-lines')).toHaveTextContent('2 × Pizza Salami (Groß) + Extra Käse');
    expect(within(waiting).getByTestId('card-address')).toHaveTextContent('Hauptstraße 1, 10115 Berlin');
    expect(within(waiting).getByTestId('auto-reject-countdown')).toHaveTextContent('Rejected automatically in 8:00');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(within(waiting).getByTestId('auto-reject-countdown')).toHaveTextContent('7:55');
    expect(within(waiting).getByRole('link', { name: 'Details of order #3' })).toHaveAttribute('href', '/admin/orders/57');

    const working = within(column('progress')).getByRole('article');
    expect(working).toHaveTextContent('#4');
    expect(working).toHaveTextContent('Pickup');
    expect(working).toHaveTextContent('Preparing');
    expect(working).toHaveTextContent('Pre-order for 19:45');
    expect(within(working).getByTestId('card-payment')).toHaveTextContent('Cash · not paid');
    expect(within(working).getByTestId('card-address')).toHaveTextContent(/^Pickup$/);
    expect(working).toHaveTextContent('Paula Pickup');
    expect(within(working).getByTestId('status-ready_for_pickup')).toHaveTextContent('Ready for pickup');
    expect(within(working).getByTestId('status-completed')).toBeInTheDocument();
    expect(within(working).queryByTestId('status-out_for_delivery')).toBeNull();

    // The catalog shortcuts stay below the board.
    expect(await screen.findByRole('link', { name: /^0\s*Toppings$/ })).toHaveAttribute('href', '/admin/toppings');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Order history' })).toHaveAttribute('href', '/admin/orders-history');
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/orders-history"]')).toHaveTextContent('Order history');
  });

  it('accepts with 20 minutes and moves the order to the kitchen', async () => {
    const fetchMock = boardServer({ 'POST /admin/orders/57/accept': () => ({ body: acceptedOrder() }) });
    await openBoard([adminOrder()]);

    await act(async () => {
      fireEvent.click(within(card(3)).getByTestId('accept-20'));
    });
    expect(sent(fetchMock, 'POST', '/admin/orders/57/accept')).toEqual([{ minutes: 20 }]);
    const call = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/admin/orders/57/accept'));
    expect(new Headers(call?.[1]?.headers).get('Authorization')).toBe('Bearer jwt');
    await vi.waitFor(() => expect(within(column('progress')).queryByRole('article')).not.toBeNull());
    expect(within(column('new')).queryByRole('article')).toBeNull();
    expect(card(3)).toHaveTextContent('Ready by 18:52');
    expect(within(card(3)).getByTestId('status-preparing')).toBeInTheDocument();
  });

  it('accepts with a typed number of minutes within 5 to 240', async () => {
    const fetchMock = boardServer({ 'POST /admin/orders/57/accept': () => ({ body: acceptedOrder() }) });
    await openBoard([adminOrder()]);
    const minutes = within(card(3)).getByLabelText('Other time (minutes)');

    fireEvent.input(minutes, { target: { value: '300' } });
    fireEvent.click(within(card(3)).getByTestId('accept-custom'));
    expect(within(card(3)).getByText('Enter whole minutes from 5 to 240.')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/admin/orders/57/accept')).toEqual([]);

    fireEvent.input(minutes, { target: { value: '35' } });
    await act(async () => {
      fireEvent.click(within(card(3)).getByTestId('accept-custom'));
    });
    expect(sent(fetchMock, 'POST', '/admin/orders/57/accept')).toEqual([{ minutes: 35 }]);
  });

  it('rejects only with a reason, picked from the list or typed', async () => {
    const fetchMock = boardServer({
      'POST /admin/orders/57/reject': () => ({
        body: adminOrder({ status: 'rejected', payment_status: 'refunded', rejection_reason: 'We are too busy right now.' }),
      }),
    });
    await openBoard([adminOrder()]);

    fireEvent.click(within(card(3)).getByTestId('reject-order'));
    expect(within(card(3)).getByText('Please give a reason (up to 300 characters).')).toBeInTheDocument();
    fireEvent.input(within(card(3)).getByLabelText(/Reason for the customer/), { target: { value: '   ' } });
    fireEvent.click(within(card(3)).getByTestId('reject-order'));
    expect(sent(fetchMock, 'POST', '/admin/orders/57/reject')).toEqual([]);

    const preset = within(card(3)).getByLabelText('Common reason') as HTMLSelectElement;
    act(() => {
      // The preact testing library's fireEvent.change sends an input event; a select listens for change.
      preset.value = 'busy';
      preset.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(within(card(3)).getByLabelText(/Reason for the customer/)).toHaveValue('We are too busy right now.');
    await act(async () => {
      fireEvent.click(within(card(3)).getByTestId('reject-order'));
    });
    expect(sent(fetchMock, 'POST', '/admin/orders/57/reject')).toEqual([{ reason: 'We are too busy right now.' }]);
    await vi.waitFor(() => expect(screen.queryByRole('heading', { level: 4, name: '#3' })).toBeNull());
    expect(within(column('new')).getByText('No new orders.')).toBeInTheDocument();
  });

  it('moves an order on and shows the server refusal inline', async () => {
    const fetchMock = boardServer({
      'POST /admin/orders/57/status': () => ({
        status: 409,
        body: { detail: 'Order 3 is already completed.', code: 'invalid_transition' },
      }),
    });
    await openBoard([acceptedOrder()]);
    await act(async () => {
      fireEvent.click(within(card(3)).getByTestId('status-preparing'));
    });
    expect(sent(fetchMock, 'POST', '/admin/orders/57/status')).toEqual([{ status: 'preparing' }]);
    expect(await within(card(3)).findByRole('alert')).toHaveTextContent(
      'This step is not possible for the order (any more) – it may have been answered already.',
    );
  });

  it('follows the changes the socket sends and drops finished orders', async () => {
    boardServer();
    const socket = await openBoard([adminOrder()]);
    act(() => socket.receive({ type: 'order', order: adminOrder({ id: 58, number: 4, created_at: '2026-11-22T17:31:00Z' }) }));
    expect(within(column('new')).getAllByRole('article')).toHaveLength(2);
    act(() => socket.receive({ type: 'order', order: acceptedOrder({ status: 'out_for_delivery' }) }));
    expect(within(column('progress')).getByRole('article')).toHaveTextContent('Out for delivery');
    act(() => socket.receive({ type: 'order', order: acceptedOrder({ status: 'completed' }) }));
    expect(within(column('progress')).queryByRole('article')).toBeNull();
    expect(within(column('new')).getAllByRole('article')).toHaveLength(1);
  });

  it('says when it reconnects, and asks to log in again when the server refuses', async () => {
    boardServer();
    const socket = await openBoard([]);
    act(() => socket.drop());
    expect(screen.getByTestId('board-connection')).toHaveTextContent('Reconnecting …');

    await vi.waitFor(() => expect(FakeBoardSocket.instances).toHaveLength(2), { timeout: 2000 });
    act(() => FakeBoardSocket.latest().receive({ type: 'error', detail: 'Your session has expired.' }));
    expect(screen.getByTestId('board-connection')).toHaveTextContent('Not connected');
    expect(screen.getByText('Your session has expired.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Log in again' }));
    expect(sessionStorage.getItem('userData')).toBeNull();
  });

  it("says a refusal of the board in German, never the server's English sentence", async () => {
    await i18n.changeLanguage('de');
    boardServer();
    const socket = await openBoard([]);
    act(() => socket.receive({ type: 'error', detail: 'Please log in again as an admin to see the orders.' }));
    const refusal = screen.getByRole('alert');
    expect(refusal).toHaveTextContent('Die Live-Verbindung wurde abgelehnt.');
    expect(refusal).not.toHaveTextContent('Please log in');

    fireEvent.click(within(refusal).getByRole('button', { name: 'Erneut versuchen' }));
    await vi.waitFor(() => expect(FakeBoardSocket.instances).toHaveLength(2));
    act(() => {
      FakeBoardSocket.latest().open();
      FakeBoardSocket.latest().receive({ type: 'error', detail: 'Please log in.', code: 'unauthorized', params: {} });
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte melden Sie sich an.');
  });

  it('loads more open orders on request while new ones keep arriving live', async () => {
    const older = adminOrder({ id: 58, number: 4, created_at: '2026-11-22T17:31:00Z' });
    const fetchMock = boardServer({
      'GET /admin/orders/open': (_init, url) => ({
        body: url.searchParams.get('after') === '57' ? openOrdersPage([older], { waiting: 3 }) : openOrdersPage(),
      }),
    });
    renderAdminAt('/admin/home');
    await vi.waitFor(() => expect(FakeBoardSocket.instances).toHaveLength(1));
    const socket = FakeBoardSocket.latest();
    act(() => {
      socket.open();
      socket.receive({ type: 'snapshot', orders: [adminOrder()], next_after: 57, waiting: 2, waiting_limit: 30 });
    });
    // One of the two waiting orders is on the board; the other one is said.
    expect(screen.getByTestId('board-more')).toHaveTextContent(
      'There are more open orders that are not shown yet. Of these, 1 order is waiting for your answer.',
    );
    act(() =>
      socket.receive({
        type: 'order',
        order: adminOrder({ id: 70, number: 9, created_at: '2026-11-22T17:40:00Z' }),
        waiting: 3,
        waiting_limit: 30,
      }),
    );
    const numbers = () => within(column('new')).getAllByRole('heading', { level: 4 }).map((heading) => heading.textContent);
    expect(numbers()).toEqual(['#3', '#9']);
    expect(screen.getByTestId('board-more')).toHaveTextContent('Of these, 1 order is waiting for your answer.');

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    });
    expect(fetchMock).toHaveBeenCalledWith('/admin/orders/open?after=57', expect.anything());
    await vi.waitFor(() => expect(numbers()).toEqual(['#3', '#4', '#9']));
    expect(screen.queryByTestId('board-more')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('raises the alarm while as many orders wait as may, and lifts it once one is answered', async () => {
    boardServer();
    renderAdminAt('/admin/home');
    await vi.waitFor(() => expect(FakeBoardSocket.instances).toHaveLength(1));
    const socket = FakeBoardSocket.latest();
    const waiting = [adminOrder(), adminOrder({ id: 58, number: 4 }), adminOrder({ id: 59, number: 5 })];
    act(() => {
      socket.open();
      socket.receive({ type: 'snapshot', orders: waiting.slice(0, 2), waiting: 2, waiting_limit: 3 });
    });
    expect(screen.queryByTestId('orders-on-hold')).toBeNull();

    act(() => socket.receive({ type: 'order', order: waiting[2], waiting: 3, waiting_limit: 3 }));
    const alarm = screen.getByTestId('orders-on-hold');
    expect(alarm).toHaveAttribute('role', 'alert');
    expect(alarm).toHaveTextContent(
      'Orders on hold: 3 orders are waiting for your answer. New online orders are refused until you accept or reject some.',
    );
    // Above the columns, right under the board's title bar.
    expect(alarm.compareDocumentPosition(column('new')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    act(() => socket.receive({ type: 'order', order: acceptedOrder(), waiting: 2, waiting_limit: 3 }));
    expect(screen.queryByTestId('orders-on-hold')).toBeNull();

    await act(async () => {
      await i18n.changeLanguage('de');
    });
    act(() => socket.receive({ type: 'order', order: adminOrder({ id: 60, number: 6 }), waiting: 4, waiting_limit: 3 }));
    expect(screen.getByTestId('orders-on-hold')).toHaveTextContent(
      'Bestellstopp: 4 Bestellungen warten auf Ihre Antwort. Neue Online-Bestellungen werden abgelehnt, bis Sie Bestellungen annehmen oder ablehnen.',
    );
  });

  it('shows the open orders from the API until the socket is live', async () => {
    boardServer({}, [adminOrder()]);
    renderAdminAt('/admin/home');
    expect(await screen.findByRole('heading', { level: 4, name: '#3' })).toBeInTheDocument();
    expect(screen.getByTestId('board-connection')).toHaveTextContent('Connecting …');
  });
});

describe('new-order alert', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    FakeBoardSocket.reset();
    FakeAudioContext.reset();
    FakeNotification.reset();
    stubDashboardSockets();
    stubAlertGlobals();
    signInAdmin();
    boardServer();
  });

  it('rings only while an order waits, once switched on; one notification per new order', async () => {
    const socket = await openBoard([]);
    expect(screen.queryByTestId('order-alert')).toBeNull();

    act(() => socket.receive({ type: 'order', order: adminOrder() }));
    // Visible at once; silent until switched on.
    expect(screen.getByTestId('order-alert')).toHaveTextContent('1 new order is waiting!');
    expect(FakeAudioContext.totalTones()).toBe(0);
    expect(screen.getByTestId('sound-off')).toHaveTextContent('Sound off');
    expect(screen.getByTestId('sound-off')).toHaveAttribute('data-reason', 'off');

    await act(async () => {
      fireEvent.click(screen.getByTestId('enable-alerts'));
    });
    expect(localStorage.getItem(ALERT_STORAGE_KEY)).toBe('on');
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(FakeAudioContext.totalTones()).toBe(2);
    expect(screen.queryByTestId('sound-off')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(FakeAudioContext.totalTones()).toBe(4);
    // The order that was already on screen when switching on is not announced again.
    expect(FakeNotification.shown).toEqual([]);

    act(() => socket.receive({ type: 'order', order: adminOrder({ id: 58, number: 4, total: 12.5 }) }));
    expect(screen.getByTestId('order-alert')).toHaveTextContent('2 new orders are waiting!');
    expect(FakeNotification.shown).toEqual([{ title: 'New order #4', body: 'Delivery · 12,50 € · Kim Kunde', tag: 'order-58' }]);
    act(() => socket.receive({ type: 'order', order: adminOrder({ id: 58, number: 4, note: 'changed' }) }));
    expect(FakeNotification.shown).toHaveLength(1);

    act(() => {
      socket.receive({ type: 'order', order: acceptedOrder() });
      socket.receive({ type: 'order', order: adminOrder({ id: 58, number: 4, status: 'rejected' }) });
    });
    expect(screen.queryByTestId('order-alert')).toBeNull();
    const tones = FakeAudioContext.totalTones();
    act(() => {
      vi.advanceTimersByTime(9000);
    });
    expect(FakeAudioContext.totalTones()).toBe(tones);
  });

  it('remembers the choice: rings and notifies at once on the next visit, and can be muted', async () => {
    localStorage.setItem(ALERT_STORAGE_KEY, 'on');
    FakeNotification.reset('granted');
    await openBoard([adminOrder()]);
    expect(screen.getByTestId('order-alert')).toBeInTheDocument();
    expect(FakeAudioContext.totalTones()).toBe(2);
    expect(FakeNotification.shown.map((shown) => shown.tag)).toEqual(['order-57']);

    fireEvent.click(screen.getByTestId('disable-alerts'));
    expect(localStorage.getItem(ALERT_STORAGE_KEY)).toBe('off');
    act(() => {
      vi.advanceTimersByTime(9000);
    });
    expect(FakeAudioContext.totalTones()).toBe(2);
    expect(screen.getByTestId('order-alert')).toBeInTheDocument();
    expect(screen.getByTestId('enable-alerts')).toBeInTheDocument();
    expect(screen.getByTestId('sound-off')).toHaveAttribute('data-reason', 'off');
  });

  it('after a reload asks for a tap on a bar while the browser holds the sound back, and "Sound off" stays until then', async () => {
    localStorage.setItem(ALERT_STORAGE_KEY, 'on');
    FakeAudioContext.startState = 'suspended';
    FakeAudioContext.resumeAllowed = false;
    await openBoard([adminOrder()]);
    // Still switched on after the reload, but silent.
    expect(screen.getByTestId('disable-alerts')).toBeInTheDocument();
    const bar = screen.getByRole('button', { name: 'Sound is off – tap here to turn it on' });
    expect(bar).toHaveAttribute('data-testid', 'sound-blocked');
    expect(screen.getByTestId('sound-off')).toHaveAttribute('data-reason', 'blocked');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(FakeAudioContext.totalTones()).toBe(0);

    // The browser allows audio during the tap.
    FakeAudioContext.resumeAllowed = true;
    await act(async () => {
      fireEvent.click(bar);
    });
    expect(screen.queryByTestId('sound-blocked')).toBeNull();
    expect(screen.queryByTestId('sound-off')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(FakeAudioContext.totalTones()).toBe(2);
  });

  it('lets any tap on the page arm the held-back sound too', async () => {
    localStorage.setItem(ALERT_STORAGE_KEY, 'on');
    FakeAudioContext.startState = 'suspended';
    FakeAudioContext.resumeAllowed = false;
    await openBoard([adminOrder()]);
    expect(screen.getByTestId('sound-blocked')).toBeInTheDocument();

    FakeAudioContext.resumeAllowed = true;
    await act(async () => {
      fireEvent.pointerDown(document.body);
    });
    expect(screen.queryByTestId('sound-blocked')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(FakeAudioContext.totalTones()).toBe(2);
  });

  it('says "Ton aus" in German while the sound is switched off', async () => {
    await i18n.changeLanguage('de');
    await openBoard([]);
    expect(screen.getByTestId('sound-off')).toHaveTextContent('Ton aus');
    expect(screen.queryByTestId('sound-blocked')).toBeNull();
  });
});
