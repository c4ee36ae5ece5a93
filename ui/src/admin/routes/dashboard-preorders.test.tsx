import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import type { AdminOrder, OrderCustomer } from '../../lib/order-types';
import { stubAlertGlobals } from '../test-alerts';
import { acceptedOrder, adminOrder, FakeBoardSocket, openOrdersPage, stubDashboardSockets } from '../test-orders';
import { renderAdminAt, sent, signInAdmin, stubFetch, type Handler } from '../test-support';
import { EMPTY_CATALOG } from '../types';

// 18:32 in Berlin.
const NOW = new Date('2026-11-22T17:32:00Z');

/** A waiting pre-order for `slot` (UTC); the answer time counts from the opening. */
const preorder = (id: number, slot: string, change: Partial<AdminOrder> = {}) =>
  adminOrder({ id, number: id, preorder_at: slot, auto_reject_at: '2026-11-22T18:40:00Z', ...change });

/** The customer as the server sends it, with the saved address's notes for the driver. */
const withNotes = (notes: string): OrderCustomer => {
  const customer: OrderCustomer & { notes: string } = { ...adminOrder().customer, notes };
  return customer;
};

function boardServer(extra: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
    'GET /admin/orders/open': () => ({ body: openOrdersPage() }),
    ...extra,
  });
}

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

const column = (id: 'new' | 'preorders' | 'progress') => screen.getByTestId(`board-${id}`);
const card = (number: number) => screen.getByRole('heading', { level: 4, name: `#${number}` }).closest('article') as HTMLElement;
const numbers = (element: HTMLElement) =>
  within(element)
    .getAllByRole('heading', { level: 4 })
    .map((heading) => heading.textContent);

describe('pre-orders on the board', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    stubDashboardSockets();
    stubAlertGlobals();
    signInAdmin();
  });

  it('shows waiting pre-orders in their own column, the earliest time first, each with its time', async () => {
    boardServer();
    await openBoard([
      adminOrder(),
      preorder(8, '2026-11-22T19:30:00Z'),
      preorder(9, '2026-11-22T18:45:00Z'),
      preorder(10, '2026-11-23T11:00:00Z'),
      acceptedOrder({ id: 11, number: 11, preorder_at: '2026-11-22T18:00:00Z', estimated_ready_at: '2026-11-22T18:00:00Z' }),
    ]);

    expect(numbers(column('new'))).toEqual(['#3']);
    expect(numbers(column('preorders'))).toEqual(['#9', '#8', '#10']);
    expect(within(column('preorders')).getByRole('heading', { level: 3 })).toHaveTextContent('Pre-orders 3');
    expect(numbers(column('progress'))).toEqual(['#11']);
    expect(within(card(9)).getByTestId('preorder-slot')).toHaveTextContent('Pre-order for 19:45');
    expect(within(card(10)).getByTestId('preorder-slot')).toHaveTextContent('Pre-order for 23.11.2026 12:00');
    // Waiting for the opening: the deadline is named by its time, not counted down.
    expect(within(card(9)).getByTestId('auto-reject-countdown')).toHaveTextContent('Rejected automatically at 19:40 unless answered');
    // All of them ring as new orders.
    expect(screen.getByTestId('order-alert')).toHaveTextContent('4 new orders are waiting!');
  });

  it('accepts one pre-order for its time, without asking for minutes', async () => {
    const fetchMock = boardServer({
      'POST /admin/orders/9/accept': () => ({
        body: acceptedOrder({ id: 9, number: 9, preorder_at: '2026-11-22T18:45:00Z', estimated_ready_at: '2026-11-22T18:45:00Z' }),
      }),
    });
    await openBoard([preorder(9, '2026-11-22T18:45:00Z')]);
    const waiting = card(9);
    expect(within(waiting).queryByTestId('accept-20')).toBeNull();
    expect(within(waiting).queryByLabelText('Other time (minutes)')).toBeNull();
    expect(within(waiting).queryByText('Accept, ready in:')).toBeNull();

    await act(async () => {
      fireEvent.click(within(waiting).getByRole('button', { name: 'Accept order #9 for 19:45' }));
    });
    // 18:32 to 19:45.
    expect(sent(fetchMock, 'POST', '/admin/orders/9/accept')).toEqual([{ minutes: 73 }]);
    await vi.waitFor(() => expect(numbers(column('progress'))).toEqual(['#9']));
    expect(screen.queryByTestId('board-preorders')).toBeNull();
    expect(card(9)).toHaveTextContent('Ready by 19:45');
  });

  it('accepts all waiting pre-orders with one button and shows a refusal', async () => {
    let answer: { status?: number; body: unknown } = {
      status: 503,
      body: { detail: 'The database is busy. Please try again.', code: 'unavailable' },
    };
    const fetchMock = boardServer({ 'POST /admin/orders/accept-preorders': () => answer });
    await openBoard([adminOrder(), preorder(8, '2026-11-22T19:30:00Z'), preorder(9, '2026-11-22T18:45:00Z')]);
    const button = within(column('preorders')).getByRole('button', { name: 'Accept all pre-orders' });

    await act(async () => {
      fireEvent.click(button);
    });
    expect(await within(column('preorders')).findByRole('alert')).toHaveTextContent('The database is busy. Please try again.');
    expect(numbers(column('preorders'))).toEqual(['#9', '#8']);

    answer = {
      body: [
        acceptedOrder({ id: 9, number: 9, preorder_at: '2026-11-22T18:45:00Z', estimated_ready_at: '2026-11-22T18:45:00Z' }),
        acceptedOrder({ id: 8, number: 8, preorder_at: '2026-11-22T19:30:00Z', estimated_ready_at: '2026-11-22T19:30:00Z' }),
      ],
    };
    await act(async () => {
      fireEvent.click(button);
    });
    expect(sent(fetchMock, 'POST', '/admin/orders/accept-preorders')).toHaveLength(2);
    await vi.waitFor(() => expect(screen.queryByTestId('board-preorders')).toBeNull());
    expect(numbers(column('progress')).sort()).toEqual(['#8', '#9']);
    expect(numbers(column('new'))).toEqual(['#3']);
  });

  it('says it is busy while the pre-orders are being accepted', async () => {
    let release: (answer: { body: unknown }) => void = () => {};
    boardServer({ 'POST /admin/orders/accept-preorders': () => new Promise((resolve) => (release = resolve)) });
    await openBoard([preorder(9, '2026-11-22T18:45:00Z')]);

    await act(async () => {
      fireEvent.click(screen.getByTestId('accept-all-preorders'));
    });
    expect(screen.getByTestId('accept-all-preorders')).toBeDisabled();
    expect(screen.getByTestId('accept-all-preorders')).toHaveTextContent('Accepting the pre-orders …');
    // Accepted meanwhile elsewhere: nothing left for this answer.
    await act(async () => {
      release({ body: [] });
    });
    await vi.waitFor(() => expect(screen.getByTestId('accept-all-preorders')).toBeEnabled());
    expect(screen.getByTestId('accept-all-preorders')).toHaveTextContent('Accept all pre-orders');
  });

  it('shows the notes for the driver on a delivery card, not on a pickup card', async () => {
    boardServer();
    await openBoard([
      adminOrder({ customer: withNotes('Hinterhaus, 3. OG') }),
      adminOrder({ id: 58, number: 4, order_type: 'pickup', customer: withNotes('Hinterhaus') }),
    ]);
    expect(within(card(3)).getByTestId('driver-notes')).toHaveTextContent('Note for the driver: Hinterhaus, 3. OG');
    expect(within(card(4)).queryByTestId('driver-notes')).toBeNull();
  });
});
