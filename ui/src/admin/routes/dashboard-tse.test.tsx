import { act, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import type { BoardTseOutage } from '../lib/tse-outage';
import { stubAlertGlobals } from '../test-alerts';
import { FakeBoardSocket, openOrdersPage, stubDashboardSockets } from '../test-orders';
import { renderAdminAt, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG } from '../types';

/** Since 12:03 in Berlin, two orders unsigned. */
const outage: BoardTseOutage = { started_at: '2026-11-23T11:03:00Z', reason: 'timed out after 1 s', missed_orders: [41, 42] };

async function openBoard(snapshot: Record<string, unknown> = {}) {
  stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
    'GET /admin/orders/open': () => ({ body: openOrdersPage() }),
  });
  renderAdminAt('/admin/home');
  await vi.waitFor(() => expect(FakeBoardSocket.instances).toHaveLength(1));
  const socket = FakeBoardSocket.latest();
  act(() => {
    socket.open();
    socket.receive({ type: 'snapshot', orders: [], ...snapshot });
  });
  await screen.findByTestId('board-connection');
  return socket;
}

describe("the TSE's outage on the orders board", () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    FakeBoardSocket.reset();
    stubDashboardSockets();
    stubAlertGlobals();
    signInAdmin();
  });

  it('shows the outage of the snapshot: since when, that orders flow, how many are unsigned, and the way to the Fiscal page', async () => {
    await openBoard({ tse_outage: outage });
    const banner = await screen.findByTestId('tse-outage');
    expect(banner).toHaveAttribute('role', 'alert');
    expect(banner).toHaveClass('admin-message--error');
    expect(banner).toHaveTextContent('TSE out of order since 12:03 – orders keep flowing, 2 unsigned');
    expect(banner).not.toHaveTextContent('timed out');
    expect(within(banner).getByRole('link', { name: 'Fiscal page' })).toHaveAttribute('href', '/admin/fiscal');
  });

  it('raises the banner, counts the orders it misses, and drops it once the TSE signs again', async () => {
    const socket = await openBoard({ tse_outage: null });
    expect(screen.queryByTestId('tse-outage')).toBeNull();
    act(() => socket.receive({ type: 'tse', outage: { ...outage, missed_orders: [41] } }));
    expect(await screen.findByTestId('tse-outage')).toHaveTextContent('TSE out of order since 12:03 – orders keep flowing, 1 unsigned');
    act(() => socket.receive({ type: 'tse', outage }));
    expect(screen.getByTestId('tse-outage')).toHaveTextContent('2 unsigned');
    act(() => socket.receive({ type: 'tse', outage: null }));
    expect(screen.queryByTestId('tse-outage')).toBeNull();
  });

  it('speaks German', async () => {
    await i18n.changeLanguage('de');
    await openBoard({ tse_outage: outage });
    const banner = await screen.findByTestId('tse-outage');
    expect(banner).toHaveTextContent('TSE ausgefallen seit 12:03 – Bestellungen laufen weiter, 2 ohne Signatur');
    expect(within(banner).getByRole('link', { name: 'Zum Fiskalmodus' })).toHaveAttribute('href', '/admin/fiscal');
  });
});
