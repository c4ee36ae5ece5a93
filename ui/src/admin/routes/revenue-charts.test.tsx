import { fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { emptyReport, novemberReport } from '../test-revenue';
import { renderAdminAt, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG, type RevenueGrouping } from '../types';

const REVENUE = '/admin/reports/revenue';

/** November 2026 has orders (grouped as asked), every other period none. */
function revenueServer() {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
    [`GET ${REVENUE}`]: (_init, url) => {
      const from = url.searchParams.get('from') ?? '';
      const to = url.searchParams.get('to') ?? '';
      const group = (url.searchParams.get('group') ?? 'day') as RevenueGrouping;
      return { body: from === '2026-11-01' && to === '2026-11-30' ? novemberReport(group) : emptyReport(from, to, group) };
    },
  });
}

const asked = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((path) => path.startsWith(REVENUE));

/** The card of the chart titled `title`. */
const chartCard = (title: string) => screen.getByRole('heading', { level: 2, name: title }).closest('section') as HTMLElement;

/** The rows of the chart's table, cell texts. */
const tableRows = (card: HTMLElement) =>
  [...within(card).getByRole('table').querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

/** Catches the CSV files the page hands to the browser. */
function catchDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let last: Blob | undefined;
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    last = blob as Blob;
    return 'blob:chart';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    if (last !== undefined) files.push({ name: this.download, blob: last });
  });
  return files;
}

describe('revenue charts', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-28T10:00:00Z') });
  });

  it('switches to weeks and months: each asks the server so, and the table shows its figures', async () => {
    const fetchMock = revenueServer();
    renderAdminAt('/admin/revenue');
    const switcher = await screen.findByRole('group', { name: 'Gruppieren nach' });
    expect(within(switcher).getByRole('button', { name: 'Tag' })).toHaveAttribute('aria-pressed', 'true');
    const days = await screen.findByRole('heading', { level: 2, name: 'Umsatz und Bestellungen je Tag' });
    expect(tableRows(days.closest('section') as HTMLElement)[22]).toEqual([
      '23.11.2026',
      '2',
      '1',
      '30,00 €',
      '30,00 €',
      '0,00 €',
      '0,00 €',
      '0,00 €',
      '15,00 €',
    ]);

    fireEvent.click(within(switcher).getByRole('button', { name: 'Woche' }));
    const weeks = await screen.findByRole('heading', { level: 2, name: 'Umsatz und Bestellungen je Woche' });
    expect(asked(fetchMock)).toEqual([`${REVENUE}?from=2026-11-01&to=2026-11-30`, `${REVENUE}?from=2026-11-01&to=2026-11-30&group=week`]);
    expect(within(switcher).getByRole('button', { name: 'Woche' })).toHaveAttribute('aria-pressed', 'true');
    const card = weeks.closest('section') as HTMLElement;
    expect(within(card).getByRole('img', { name: 'Umsatz und Bestellungen je Woche: Umsatz' })).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Umsatz und Bestellungen je Woche: Bestellungen' })).toBeInTheDocument();
    const rows = tableRows(card);
    expect(rows.map((row) => row[0])).toEqual(['KW 44/2026', 'KW 45/2026', 'KW 46/2026', 'KW 47/2026', 'KW 48/2026', 'KW 49/2026']);
    expect(rows[4]).toEqual(['KW 48/2026', '23.11.2026', '29.11.2026', '3', '1', '42,50 €', '30,00 €', '12,50 €', '1,25 €', '2,00 €', '14,17 €']);
    expect(rows[5]).toEqual(['KW 49/2026', '30.11.2026', '30.11.2026', '0', '0', '0,00 €', '0,00 €', '0,00 €', '0,00 €', '0,00 €', '0,00 €']);

    fireEvent.click(within(switcher).getByRole('button', { name: 'Monat' }));
    const months = await screen.findByRole('heading', { level: 2, name: 'Umsatz und Bestellungen je Monat' });
    expect(asked(fetchMock)).toContain(`${REVENUE}?from=2026-11-01&to=2026-11-30&group=month`);
    expect(tableRows(months.closest('section') as HTMLElement)).toEqual([
      ['November 2026', '01.11.2026', '30.11.2026', '3', '1', '42,50 €', '30,00 €', '12,50 €', '1,25 €', '2,00 €', '14,17 €'],
    ]);

    // The grouping stays when the period changes.
    fireEvent.click(screen.getByRole('button', { name: 'Vorheriger Monat' }));
    await vi.waitFor(() => expect(asked(fetchMock)).toContain(`${REVENUE}?from=2026-10-01&to=2026-10-31&group=month`));
  });

  it('shows each chart with its table: order type, payment, VAT, best sellers', async () => {
    revenueServer();
    renderAdminAt('/admin/revenue');
    await screen.findByRole('heading', { level: 2, name: 'Nach Bestellart' });
    expect(tableRows(chartCard('Nach Bestellart'))).toEqual([
      ['Lieferung', '1', '18,00 €'],
      ['Abholung', '2', '24,50 €'],
      ['Am Tisch', '0', '0,00 €'],
    ]);
    expect(within(chartCard('Nach Bestellart')).getByRole('img', { name: 'Nach Bestellart' })).toBeInTheDocument();
    expect(tableRows(chartCard('Nach Zahlart'))).toEqual([
      ['Bar', '2', '30,00 €'],
      ['Online', '1', '12,50 €'],
    ]);
    expect(tableRows(chartCard('Nach Steuersatz (brutto)'))).toEqual([
      ['7 %', '33,36 €', '2,34 €', '35,70 €'],
      ['19 %', '5,71 €', '1,09 €', '6,80 €'],
    ]);
    expect(tableRows(chartCard('Meistverkaufte Artikel'))).toEqual([
      ['Pizza Margherita', '3', '27,00 €'],
      ['Peroni; 0,33 l', '2', '6,80 €'],
    ]);
    expect(tableRows(chartCard('Meistverkaufte Extras'))).toEqual([['Extra Käse', '2', '3,00 €']]);
    expect(within(chartCard('Nach Zahlart')).getByText('Als Tabelle').tagName).toBe('SUMMARY');
  });

  it('draws the orders by hour of the week, each cell titled with its weekday, hour and count', async () => {
    revenueServer();
    renderAdminAt('/admin/revenue');
    await screen.findByRole('heading', { level: 2, name: 'Bestellungen nach Wochentag und Uhrzeit' });
    const card = chartCard('Bestellungen nach Wochentag und Uhrzeit');
    const map = within(card).getByRole('img', { name: 'Bestellungen nach Wochentag und Uhrzeit' });
    const cells = map.querySelectorAll('rect.admin-heatmap__cell');
    expect(cells).toHaveLength(7 * 24);
    const cell = (day: number, hour: number) => map.querySelector(`rect[data-day="${day}"][data-hour="${hour}"]`);
    expect(cell(0, 12)?.querySelector('title')?.textContent).toBe('Montag, 12:00–12:59 Uhr: 1 Bestellung');
    expect(cell(4, 18)?.querySelector('title')?.textContent).toBe('Freitag, 18:00–18:59 Uhr: 1 Bestellung');
    expect(cell(6, 3)?.querySelector('title')?.textContent).toBe('Sonntag, 3:00–3:59 Uhr: 0 Bestellungen');
    expect(Number(cell(0, 12)?.getAttribute('fill-opacity'))).toBeGreaterThan(Number(cell(6, 3)?.getAttribute('fill-opacity')));
    const rows = tableRows(card);
    expect(rows.map((row) => row[0])).toEqual(['Montag', 'Dienstag', 'Mittwoch', 'Donnerstag', 'Freitag', 'Samstag', 'Sonntag']);
    expect(rows[0]?.[13]).toBe('1');
    expect(rows[0]?.[20]).toBe('1');
    expect(rows[1]?.slice(1).every((count) => count === '0')).toBe(true);
  });

  it('downloads one chart as CSV: UTF-8 with BOM, semicolons, decimal comma, exactly its table', async () => {
    revenueServer();
    const files = catchDownloads();
    renderAdminAt('/admin/revenue');
    await screen.findByRole('heading', { level: 2, name: 'Nach Zahlart' });
    fireEvent.click(screen.getByRole('button', { name: 'CSV-Datei: Nach Zahlart' }));
    fireEvent.click(screen.getByRole('button', { name: 'CSV-Datei: Meistverkaufte Artikel' }));
    expect(files.map((file) => file.name)).toEqual(['umsatz-zahlart-2026-11-01-bis-2026-11-30.csv', 'umsatz-artikel-2026-11-01-bis-2026-11-30.csv']);
    expect(files[0]?.blob.type).toBe('text/csv;charset=utf-8');
    const bytes = new Uint8Array(await (files[0] as { blob: Blob }).blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await files[0]?.blob.text()).toBe('\uFEFFZahlart;Bestellungen;Umsatz\r\nBar;2;30,00\r\nOnline;1;12,50\r\n');
    expect(await files[1]?.blob.text()).toBe('\uFEFFArtikel;Menge;Umsatz\r\nPizza Margherita;3;27,00\r\n"Peroni; 0,33 l";2;6,80\r\n');
  });

  it('writes the CSV with a decimal point in English', async () => {
    await i18n.changeLanguage('en');
    revenueServer();
    const files = catchDownloads();
    renderAdminAt('/admin/revenue?group=week');
    await screen.findByRole('heading', { level: 2, name: 'Revenue and orders per week' });
    fireEvent.click(screen.getByRole('button', { name: 'CSV file: Revenue and orders per week' }));
    const lines = (await files[0]?.blob.text())?.replace(/^\uFEFF/, '').split('\r\n');
    expect(files[0]?.name).toBe('umsatz-wochen-2026-11-01-bis-2026-11-30.csv');
    expect(lines?.[0]).toBe('Week;From;To;Orders;Rejected;Revenue;Cash;Online;Tips;Coupons;Average basket');
    expect(lines?.[5]).toBe('Week 48/2026;23.11.2026;29.11.2026;3;1;42.50;30.00;12.50;1.25;2.00;14.17');
  });
});
