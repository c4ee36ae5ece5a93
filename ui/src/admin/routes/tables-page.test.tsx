import { fireEvent, screen, waitFor, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import type { DiningTable, TableBody } from '../api/tables-api';
import { renderAdminAt, sent, signInAdmin, signInStaff, stubFetch } from '../test-support';
import { EMPTY_CATALOG } from '../types';

const LINK = 'http://127.0.0.1:8080/order-online/tisch';

const table = (id: number, label: string, active = true, secret = `secret${id}`): DiningTable => ({
  id,
  label,
  active,
  link: `${LINK}/${id}/${secret}`,
  created_at: '2026-11-20T10:00:00Z',
});

function tablesServer(initial: DiningTable[]) {
  let current = initial;
  const save = (id: number, body: TableBody) => {
    const saved = { ...(current.find((entry) => entry.id === id) as DiningTable), ...body };
    current = current.map((entry) => (entry.id === id ? saved : entry));
    return { body: saved };
  };
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
    'GET /admin/tables': () => ({ body: current }),
    'POST /admin/tables': (init) => {
      const body = JSON.parse(String(init?.body)) as TableBody;
      if (current.some((entry) => entry.label.toLowerCase() === body.label.toLowerCase())) {
        return {
          status: 409,
          body: { detail: 'Another table has this label.', code: 'table_label_taken', field: 'label', params: { label: body.label } },
        };
      }
      const made = table(9, body.label);
      current = [...current, made];
      return { status: 201, body: made };
    },
    'PUT /admin/tables/1': (init) => save(1, JSON.parse(String(init?.body)) as TableBody),
    'POST /admin/tables/1/secret': () => {
      const rotated = { ...(current[0] as DiningTable), link: `${LINK}/1/fresh` };
      current = current.map((entry) => (entry.id === 1 ? rotated : entry));
      return { body: rotated };
    },
    'DELETE /admin/tables/2': () => {
      current = current.filter((entry) => entry.id !== 2);
      return { status: 204, body: null };
    },
  });
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByTestId('table-row')
    .map((row) => [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent));

describe('tables page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('lists each table with its state and link, adds one and says at the label when it is taken', async () => {
    const fetchMock = tablesServer([table(1, '12'), table(2, 'Terrasse 3', false)]);
    renderAdminAt('/admin/tables');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tische' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(rows()).toEqual([
      ['12', 'aktiv', `${LINK}/1/secret1`],
      ['Terrasse 3', 'deaktiviert', `${LINK}/2/secret2`],
    ]);
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/tables"]')).toHaveTextContent('Tische');

    fireEvent.input(screen.getByLabelText(/Bezeichnung/), { target: { value: ' 14 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(await screen.findByText('Tisch 14 ist angelegt.')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/admin/tables')).toEqual([{ label: '14', active: true }]);
    expect(rows().map((row) => row[0])).toEqual(['12', 'Terrasse 3', '14']);

    fireEvent.input(screen.getByLabelText(/Bezeichnung/), { target: { value: 'terrasse 3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(await screen.findByText('Einen Tisch „terrasse 3“ gibt es schon.')).toBeInTheDocument();
  });

  it('renames, deactivates, gives a new code only after the warning, and deletes after asking', async () => {
    const fetchMock = tablesServer([table(1, '12'), table(2, 'Terrasse 3', false)]);
    renderAdminAt('/admin/tables');
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: 'Tisch 12 umbenennen' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Tisch 12 umbenennen' }), { target: { value: '12a' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Tisch 12a ist gespeichert.')).toBeInTheDocument();
    expect(sent(fetchMock, 'PUT', '/admin/tables/1')).toEqual([{ label: '12a', active: true }]);

    fireEvent.click(screen.getAllByRole('button', { name: 'Deaktivieren' })[0] as HTMLElement);
    expect(await screen.findByText('Tisch 12a nimmt keine Bestellungen mehr an.')).toBeInTheDocument();
    expect(rows()[0]?.[1]).toBe('deaktiviert');

    fireEvent.click(screen.getByRole('button', { name: 'Neuen QR-Code für Tisch 12a' }));
    expect(screen.getByText(/Der gedruckte QR-Code funktioniert dann nicht mehr/)).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/admin/tables/1/secret')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Ja, neuer Code' }));
    expect(await screen.findByText('Tisch 12a hat einen neuen Code. Drucken Sie ihn neu aus.')).toBeInTheDocument();
    expect(rows()[0]?.[2]).toBe(`${LINK}/1/fresh`);

    fireEvent.click(screen.getByRole('button', { name: 'Tisch Terrasse 3 löschen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Ja, löschen' }));
    await waitFor(() => expect(rows().map((row) => row[0])).toEqual(['12a']));
    expect(sent(fetchMock, 'DELETE', '/admin/tables/2')).toHaveLength(1);
  });

  it('prints an SVG code for each active table with its label, the shop and the link', async () => {
    tablesServer([table(1, '12'), table(2, 'Terrasse 3', false)]);
    renderAdminAt('/admin/tables/print');
    const cards = await screen.findAllByTestId('qr-card');
    expect(cards).toHaveLength(1);
    const card = cards[0] as HTMLElement;
    expect(within(card).getByText('Tisch 12')).toBeInTheDocument();
    expect(within(card).getByTestId('qr-link')).toHaveTextContent(`${LINK}/1/secret1`);
    const qr = await within(card).findByTestId('table-qr');
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr).toHaveAttribute('data-link', `${LINK}/1/secret1`);
    expect(qr.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(100);
  });

  it('is not in the staff menu', async () => {
    signInStaff();
    tablesServer([]);
    renderAdminAt('/admin/home');
    await screen.findByRole('navigation');
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/tables"]')).toBeNull();
  });
});
