import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { FakeSocket } from '../../test/fake-websocket';
import { stubAlertGlobals } from '../test-alerts';
import { openOrdersPage, stubDashboardSockets } from '../test-orders';
import { renderAdminAt, sent, signInAdmin, stubFetch } from '../test-support';
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

const AUTO_PAUSED = {
  is_open: false,
  paused: true,
  closed_reason: 'auto_paused',
  auto_pause: { unanswered: 2, since: '2026-11-23T11:04:00Z' },
};

/** The store as GET /stores/14 sends it once: open, not paused. */
function server() {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({
      body: { id: 14, timezone: 'Europe/Berlin', paused: false, is_open: true, closed_reason: null, auto_pause: null },
    }),
    'GET /admin/orders/open': () => ({ body: openOrdersPage() }),
    'PUT /stores/14/pause': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
  });
}

const ordering = () => screen.getByTestId('dashboard-ordering');

/** Renders the dashboard and waits for its record; answers the status socket of the test. */
async function openDashboard() {
  renderAdminAt('/admin/home');
  expect(await screen.findByText('Taking orders. Ordering is not paused.')).toBeInTheDocument();
  await vi.waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
  return FakeSocket.latest();
}

describe('closed reason and ordering state on the dashboard', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'], now: NOW });
    stubDashboardSockets();
    stubAlertGlobals();
    signInAdmin();
  });

  it('follows the automatic pause and the resume over one status socket, without asking for the store again', async () => {
    const fetchMock = server();
    const socket = await openDashboard();
    expect(socket.url).toBe('ws://localhost:3000/ws/store/14/status');

    act(() => socket.receive(status(AUTO_PAUSED)));
    const banner = screen.getByTestId('closed-reason');
    expect(banner).toHaveAttribute('data-reason', 'auto_paused');
    expect(banner).toHaveTextContent('Paused automatically: 2 orders in a row were not answered (since 12:04).');
    expect(ordering()).toHaveTextContent('Ordering is paused. Customers cannot place orders right now.');

    await act(async () => {
      fireEvent.click(within(banner).getByRole('button', { name: 'Resume ordering' }));
    });
    expect(sent(fetchMock, 'PUT', '/stores/14/pause')).toEqual([{ paused: false }]);

    act(() => socket.receive(status()));
    expect(screen.queryByTestId('closed-reason')).toBeNull();
    expect(ordering()).toHaveTextContent('Taking orders. Ordering is not paused.');

    act(() => {
      vi.advanceTimersByTime(60_000);
    });
    expect(sent(fetchMock, 'GET', '/stores/14')).toHaveLength(1);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('names a guard in the banner and says ordering is not paused but closed, until the socket clears it', async () => {
    server();
    const socket = await openDashboard();

    act(() => socket.receive(status({ is_open: false, closed_reason: 'clock_untrusted' })));
    expect(screen.getByTestId('closed-reason')).toHaveAttribute('data-reason', 'clock_untrusted');
    expect(screen.getByTestId('closed-reason')).toHaveTextContent(/Closed: the box's clock has not been confirmed/);
    expect(within(screen.getByTestId('closed-reason')).queryByRole('button')).toBeNull();
    expect(ordering()).toHaveTextContent('Ordering is not paused, but the shop is closed for the reason shown above.');

    act(() => socket.receive(status()));
    expect(screen.queryByTestId('closed-reason')).toBeNull();
    expect(ordering()).toHaveTextContent('Taking orders. Ordering is not paused.');
  });

  it('shows no banner for the hours or the pause switch, and an unknown state when the socket reports an error', async () => {
    server();
    const socket = await openDashboard();

    act(() => socket.receive(status({ is_open: false, closed_reason: 'outside_hours' })));
    expect(screen.queryByTestId('closed-reason')).toBeNull();
    act(() => socket.receive(status({ is_open: false, paused: true, closed_reason: 'paused' })));
    expect(screen.queryByTestId('closed-reason')).toBeNull();
    expect(ordering()).toHaveTextContent('Ordering is paused. Customers cannot place orders right now.');

    act(() => socket.receive(status({ error: 'There is no store with id 14.' })));
    expect(ordering()).toHaveTextContent('The ordering state could not be loaded.');
  });
});
