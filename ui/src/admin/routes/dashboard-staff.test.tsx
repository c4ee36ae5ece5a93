import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../../test/fake-websocket';
import i18n from '../../lib/i18n';
import { stubAlertGlobals } from '../test-alerts';
import { FakeBoardSocket, openOrdersPage, stubDashboardSockets } from '../test-orders';
import { renderAdminAt, sent, signInAdmin, signInStaff, stubFetch } from '../test-support';
import { EMPTY_CATALOG } from '../types';

const NOW = new Date('2026-11-23T11:10:00Z');

/** A message of the store status socket: open for lunch unless `change` says otherwise. */
const status = (change: Record<string, unknown> = {}) => ({
  today_hours: [{ open_time: '11:30', close_time: '14:30', label: 'Mittagstisch' }],
  local_time: '2026-11-23 12:10:00',
  timezone: 'Europe/Berlin',
  is_open: true,
  paused: false,
  error: null,
  closed_reason: null,
  auto_pause: null,
  ...change,
});

function server() {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({
      body: { id: 14, timezone: 'Europe/Berlin', paused: false, is_open: true, closed_reason: null, auto_pause: null },
    }),
    'GET /admin/orders/open': () => ({ body: openOrdersPage() }),
    'GET /admin/readiness': () => ({ body: { ready: true, findings: [], confirmation: null } }),
    'PUT /stores/14/pause': (init) => ({
      body: { id: 14, timezone: 'Europe/Berlin', ...(JSON.parse(String(init?.body)) as { paused: boolean }) },
    }),
  });
}

const ordering = () => screen.getByTestId('dashboard-ordering');

/** Renders the dashboard, waits for the store record and the board; answers the status socket. */
async function openDashboard() {
  renderAdminAt('/admin/home');
  expect(await screen.findByText('Taking orders. Ordering is not paused.')).toBeInTheDocument();
  await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
  await vi.waitFor(() => expect(FakeBoardSocket.instances).toHaveLength(1));
  act(() => {
    FakeBoardSocket.latest().open();
    FakeBoardSocket.latest().receive({ type: 'snapshot', orders: [] });
  });
  return FakeSocket.latest();
}

describe('the dashboard for staff', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    stubDashboardSockets();
    stubAlertGlobals();
    signInStaff();
  });

  it('shows the board and the ordering state, without the checklist, the catalog or links to owner screens', async () => {
    const fetchMock = server();
    await openDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Hello Luca' })).toBeInTheDocument();
    expect(screen.getByText('New and running orders live, and whether the shop takes orders.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Orders' })).toBeInTheDocument();
    expect(screen.queryByTestId('readiness')).toBeNull();
    expect(sent(fetchMock, 'GET', '/admin/readiness')).toEqual([]);
    expect(screen.queryByRole('heading', { name: 'Quick actions' })).toBeNull();
    const main = screen.getByRole('main');
    for (const link of main.querySelectorAll('a')) {
      expect(link.getAttribute('href')).toMatch(/^\/admin\/(home|orders-history|orders\/\d+|sold-out|printers)$/);
    }
  });

  it('pauses ordering and takes orders again, without a version', async () => {
    const fetchMock = server();
    const socket = await openDashboard();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pause ordering' }));
    });
    expect(sent(fetchMock, 'PUT', '/stores/14/pause')).toEqual([{ paused: true }]);
    const [, init] = fetchMock.mock.calls.find(([, call]) => call?.method === 'PUT') ?? [];
    expect(new Headers(init?.headers).has('If-Match')).toBe(false);

    // The live status reports the pause; the card follows it.
    act(() => socket.receive(status({ is_open: false, paused: true, closed_reason: 'paused' })));
    expect(ordering()).toHaveTextContent('Ordering is paused. Customers cannot place orders right now.');
    const resume = await screen.findByRole('button', { name: 'Take orders again' });
    await act(async () => {
      fireEvent.click(resume);
    });
    expect(sent(fetchMock, 'PUT', '/stores/14/pause')).toEqual([{ paused: true }, { paused: false }]);
    act(() => socket.receive(status()));
    expect(ordering()).toHaveTextContent('Taking orders. Ordering is not paused.');
    expect(await screen.findByRole('button', { name: 'Pause ordering' })).toBeEnabled();
  });

  it('says what the server refused when pausing', async () => {
    stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false, is_open: true, closed_reason: null } }),
      'GET /admin/orders/open': () => ({ body: openOrdersPage() }),
      'PUT /stores/14/pause': () => ({ status: 403, body: { detail: 'Forbidden', code: 'forbidden' } }),
    });
    await openDashboard();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Pause ordering' }));
    });
    const card = ordering().closest('section') as HTMLElement;
    expect(await within(card).findByRole('alert')).toHaveTextContent('Your account is not allowed to do this.');
    expect(ordering()).toHaveTextContent('Taking orders. Ordering is not paused.');
  });

  it('shows a TSE outage and a shop without cash, without the way to the Fiscal page', async () => {
    stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /stores/14': () => ({
        body: { id: 14, timezone: 'Europe/Berlin', paused: false, is_open: true, closed_reason: null, cash_payment: false },
      }),
      'GET /admin/orders/open': () => ({ body: openOrdersPage() }),
    });
    await openDashboard();
    act(() =>
      FakeBoardSocket.latest().receive({
        type: 'tse',
        outage: { started_at: '2026-11-23T11:03:00Z', reason: 'timed out', missed_orders: [41] },
      }),
    );
    const outage = await screen.findByTestId('tse-outage');
    expect(outage).toHaveTextContent('TSE out of order since 12:03');
    expect(within(outage).queryByRole('link')).toBeNull();
    const cashless = await screen.findByTestId('phone-order-cashless');
    expect(cashless).toHaveTextContent('No phone orders');
    expect(within(cashless).queryByRole('link')).toBeNull();
  });

  it('tells staff that the owner settles an unfinished setup', async () => {
    server();
    const socket = await openDashboard();
    act(() => socket.receive(status({ is_open: false, closed_reason: 'not_ready' })));
    expect(screen.getByTestId('closed-reason')).toHaveTextContent(
      'Closed: the shop setup has open items that the owner has to settle.',
    );
  });
});

describe('the dashboard for the owner', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    stubDashboardSockets();
    stubAlertGlobals();
    signInAdmin();
  });

  it('keeps the checklist and the way to the settings beside the pause button', async () => {
    const fetchMock = server();
    await openDashboard();
    expect(await screen.findByTestId('readiness')).toBeInTheDocument();
    const card = ordering().closest('section') as HTMLElement;
    expect(within(card).getByRole('link', { name: 'Store settings' })).toHaveAttribute('href', '/admin/store-setting');
    await act(async () => {
      fireEvent.click(within(card).getByRole('button', { name: 'Pause ordering' }));
    });
    expect(sent(fetchMock, 'PUT', '/stores/14/pause')).toEqual([{ paused: true }]);
  });
});
