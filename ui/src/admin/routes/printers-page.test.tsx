import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import type { Printer, PrinterBody, TestPrint } from '../api/printers-api';
import { renderAdminAt, sent, signInAdmin, signInStaff, stubFetch } from '../test-support';
import { EMPTY_CATALOG } from '../types';

const printer = (id: number, name: string, extra: Partial<Printer> = {}): Printer => ({
  id,
  name,
  host: '192.168.1.50',
  port: 9100,
  prints: 'kitchen',
  width: 42,
  copies: 1,
  enabled: true,
  waiting: 0,
  alarm: null,
  ...extra,
});

function printerServer(initial: Printer[], testAnswers: Record<number, TestPrint> = {}) {
  let current = initial;
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /admin/printers': () => ({ body: current }),
    'POST /admin/printers': (init) => {
      const body = JSON.parse(String(init?.body)) as PrinterBody;
      if (body.host === '8.8.8.8') {
        return { status: 400, body: { detail: "host: must be an address in the restaurant's own network", code: 'invalid', field: 'host' } };
      }
      const created = { id: 10, waiting: 0, alarm: null, ...body };
      current = [...current, created];
      return { status: 201, body: created };
    },
    'PUT /admin/printers/1': (init) => {
      const updated = { ...printer(1, 'Küche'), ...(JSON.parse(String(init?.body)) as PrinterBody) };
      current = current.map((item) => (item.id === 1 ? updated : item));
      return { body: updated };
    },
    'DELETE /admin/printers/2': () => {
      current = current.filter((item) => item.id !== 2);
      return { status: 204 };
    },
    'POST /admin/printers/1/test': () => ({ body: testAnswers[1] ?? { printed: true, code: null, detail: null } }),
    'POST /admin/printers/2/test': () => ({ body: testAnswers[2] ?? { printed: true, code: null, detail: null } }),
  });
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td')].slice(0, 6).map((cell) => cell.textContent));

describe('printers screen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('lists the printers with what they print and their state', async () => {
    printerServer([
      printer(1, 'Küche'),
      printer(2, 'Theke', {
        host: '192.168.1.51',
        prints: 'both',
        width: 32,
        copies: 2,
        waiting: 3,
        alarm: { code: 'no_answer', detail: 'no answer within 5 s', since: '2026-11-23T11:00:00Z' },
      }),
      printer(3, 'Bar', { enabled: false, prints: 'receipt', width: 48 }),
    ]);
    renderAdminAt('/admin/printers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Printers' })).toBeInTheDocument();
    expect(document.title).toBe('Printers | Heimservice Heimservice');
    await screen.findByRole('table');
    expect(rows()).toEqual([
      ['Küche', '192.168.1.50:9100', 'Kitchen ticket', '42 characters', '1', 'Ready'],
      [
        'Theke',
        '192.168.1.51:9100',
        'Kitchen ticket and customer receipt',
        '32 characters',
        '2',
        'Not printing: no answer – printer off, not on the network, or wrong address',
      ],
      ['Bar', '192.168.1.50:9100', 'Customer receipt', '48 characters', '1', 'Off'],
    ]);
  });

  it('creates a printer with the defaults for port, width and copies', async () => {
    const fetchMock = printerServer([]);
    renderAdminAt('/admin/printers');
    await screen.findByText('No printer set up yet.');
    expect((screen.getByLabelText(/^Port/) as HTMLInputElement).value).toBe('9100');
    fireEvent.input(screen.getByLabelText(/^Name/), { target: { value: 'Küche' } });
    fireEvent.input(screen.getByLabelText(/^IP address/), { target: { value: '192.168.1.50' } });
    const prints = screen.getByLabelText(/^Prints/) as HTMLSelectElement;
    act(() => {
      // fireEvent.change sends an input event here; a select listens for change.
      prints.value = 'both';
      prints.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    });
    expect(await screen.findByText('Printer Küche created.')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/admin/printers')).toEqual([
      { name: 'Küche', host: '192.168.1.50', port: 9100, prints: 'both', width: 42, copies: 1, enabled: true },
    ]);
    expect(await screen.findByRole('cell', { name: 'Küche' })).toBeInTheDocument();
  });

  it('checks the fields and shows the server refusal next to the field it names', async () => {
    const fetchMock = printerServer([]);
    renderAdminAt('/admin/printers');
    await screen.findByText('No printer set up yet.');
    fireEvent.input(screen.getByLabelText(/^Name/), { target: { value: 'Küche' } });
    fireEvent.input(screen.getByLabelText(/^IP address/), { target: { value: '192.168.1.50:9100' } });
    fireEvent.input(screen.getByLabelText(/^Port/), { target: { value: '70000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('Enter only the IP address, without http:// and without the port.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Port/)).toHaveAttribute('aria-invalid', 'true');
    expect(sent(fetchMock, 'POST', '/admin/printers')).toEqual([]);

    fireEvent.input(screen.getByLabelText(/^IP address/), { target: { value: '8.8.8.8' } });
    fireEvent.input(screen.getByLabelText(/^Port/), { target: { value: '9100' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    });
    expect(await screen.findByText('Please check this entry.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^IP address/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('prints a test page and says whether the printer took it', async () => {
    const fetchMock = printerServer([printer(1, 'Küche'), printer(2, 'Theke')], {
      2: { printed: false, code: 'refused', detail: 'the printer refused the connection on port 9100' },
    });
    renderAdminAt('/admin/printers');
    await screen.findByRole('table');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Test print on Küche' }));
    });
    const ok = await screen.findByTestId('printer-test-result');
    expect(ok).toHaveAttribute('data-printed', 'true');
    expect(ok).toHaveTextContent('Küche took the test page.');
    // One test at a time: the buttons wait for the first answer.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Test print on Theke' })).toBeEnabled());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Test print on Theke' }));
    });
    expect(sent(fetchMock, 'POST', '/admin/printers/2/test')).toHaveLength(1);
    await vi.waitFor(() => expect(screen.getByTestId('printer-test-result')).toHaveAttribute('data-printed', 'false'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Theke did not take the test page: connection refused – wrong port, or network printing is off.',
    );
  });

  it('switches a printer off and deletes another', async () => {
    const fetchMock = printerServer([printer(1, 'Küche'), printer(2, 'Theke')]);
    renderAdminAt('/admin/printers');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Küche' }));
    expect(await screen.findByRole('heading', { name: 'Edit printer Küche' })).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Switched on'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    });
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(sent(fetchMock, 'PUT', '/admin/printers/1')).toEqual([
      { name: 'Küche', host: '192.168.1.50', port: 9100, prints: 'kitchen', width: 42, copies: 1, enabled: false },
    ]);
    await vi.waitFor(() => expect(rows()[0]?.[5]).toBe('Off'));

    fireEvent.click(screen.getByRole('button', { name: 'Delete Theke' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    });
    await vi.waitFor(() => expect(rows()).toHaveLength(1));
  });

  it('lets staff see the printers and test them, with nothing to add, edit or delete', async () => {
    signInStaff();
    const fetchMock = printerServer([printer(1, 'Küche'), printer(2, 'Theke')]);
    renderAdminAt('/admin/printers');
    await screen.findByRole('table');
    expect(rows().map((row) => row[0])).toEqual(['Küche', 'Theke']);
    expect(screen.queryByRole('heading', { name: 'New printer' })).toBeNull();
    expect(screen.queryByLabelText(/^IP address/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Küche' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Theke' })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Test print on Küche' }));
    });
    expect(await screen.findByTestId('printer-test-result')).toHaveTextContent('Küche took the test page.');
    expect(sent(fetchMock, 'POST', '/admin/printers/1/test')).toHaveLength(1);
  });

  it('is in the navigation with its German name', async () => {
    await i18n.changeLanguage('de');
    printerServer([]);
    renderAdminAt('/admin/printers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Drucker' })).toBeInTheDocument();
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/printers"]')).toHaveTextContent('Drucker');
    expect(screen.getByLabelText(/^IP-Adresse/)).toBeInTheDocument();
  });
});
