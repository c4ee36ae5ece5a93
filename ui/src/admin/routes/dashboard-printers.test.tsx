import { act, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import type { PrinterAlarm } from '../lib/printer-alarms';
import { stubAlertGlobals } from '../test-alerts';
import { FakeBoardSocket, openOrdersPage, stubDashboardSockets } from '../test-orders';
import { renderAdminAt, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG } from '../types';

const kitchen: PrinterAlarm = {
  printer_id: 1,
  name: 'Küche',
  address: '192.168.1.50:9100',
  code: 'refused',
  detail: 'the printer refused the connection on port 9100 (wrong port, or printing over the network is off)',
  since: '2026-11-22T17:30:00Z',
  waiting: 2,
};

async function openBoard(printerAlarms?: PrinterAlarm[]) {
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
    socket.receive(
      printerAlarms === undefined ? { type: 'snapshot', orders: [] } : { type: 'snapshot', orders: [], printer_alarms: printerAlarms },
    );
  });
  return socket;
}

describe('printer alarms on the orders board', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    FakeBoardSocket.reset();
    stubDashboardSockets();
    stubAlertGlobals();
    signInAdmin();
  });

  it('shows a printer that does not answer from the snapshot, naming it and the reason', async () => {
    await openBoard([kitchen]);
    const alarm = await screen.findByTestId('printer-alarms');
    expect(alarm).toHaveAttribute('role', 'alert');
    expect(alarm).toHaveTextContent('Printer “Küche” (192.168.1.50:9100) is not printing:');
    expect(alarm).toHaveTextContent('connection refused – wrong port, or network printing is off');
    expect(alarm).toHaveTextContent('2 tickets are waiting and are sent again automatically.');
    expect(within(alarm).getByRole('link', { name: 'Check printers' })).toHaveAttribute('href', '/admin/printers');
  });

  it('raises and clears the alarm as the socket reports it', async () => {
    const socket = await openBoard();
    expect(screen.queryByTestId('printer-alarms')).toBeNull();
    act(() => socket.receive({ type: 'printers', alarms: [{ ...kitchen, waiting: 1, code: 'no_answer' }] }));
    const alarm = await screen.findByTestId('printer-alarm');
    expect(alarm).toHaveAttribute('data-code', 'no_answer');
    expect(alarm).toHaveTextContent('no answer – printer off, not on the network, or wrong address');
    expect(alarm).toHaveTextContent('1 ticket is waiting');
    act(() => socket.receive({ type: 'printers', alarms: [] }));
    expect(screen.queryByTestId('printer-alarms')).toBeNull();
  });

  it('uses the German words, and a general one for a reason it does not know, never the English detail', async () => {
    await i18n.changeLanguage('de');
    await openBoard([kitchen, { ...kitchen, printer_id: 2, name: 'Theke', code: 'paper_jam', detail: 'paper jam' }]);
    const alarm = await screen.findByTestId('printer-alarms');
    expect(alarm).toHaveTextContent(
      'Drucker „Küche“ (192.168.1.50:9100) druckt nicht: Verbindung abgelehnt – falscher Port, oder Netzwerkdruck ist ausgeschaltet.',
    );
    expect(alarm).toHaveTextContent('Drucker „Theke“ (192.168.1.50:9100) druckt nicht: Verbindungsfehler.');
    expect(alarm).not.toHaveTextContent('paper jam');
    expect(alarm).not.toHaveTextContent('refused the connection');
    expect(alarm).toHaveTextContent('2 Bons warten und werden automatisch erneut gesendet.');
  });
});
