import { fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { emptyReport, NOVEMBER_REPORT } from '../test-revenue';
import { renderAdminAt, signInAdmin, stubFetch, type Handler } from '../test-support';
import { EMPTY_CATALOG } from '../types';

const REVENUE = '/admin/reports/revenue';

/** November 2026 has orders, every other period none. */
const november: Handler = (_init, url) => {
  const from = url.searchParams.get('from') ?? '';
  const to = url.searchParams.get('to') ?? '';
  return { body: from === NOVEMBER_REPORT.from && to === NOVEMBER_REPORT.to ? NOVEMBER_REPORT : emptyReport(from, to) };
};

function revenueServer(revenue: Handler = november) {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
    [`GET ${REVENUE}`]: revenue,
  });
}

/** The addresses the page asked the revenue of. */
const asked = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([input]) => String(input)).filter((path) => path.startsWith(REVENUE));

const cells = (selector: string) =>
  [...document.querySelectorAll(`${selector} tr`)].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent));

const figures = () =>
  [...screen.getByTestId('revenue-totals').querySelectorAll('div')].map((entry) => [
    entry.querySelector('dt')?.textContent,
    entry.querySelector('dd')?.textContent,
  ]);

describe('revenue page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('shows the current month in the store zone: totals, VAT and the days with orders', async () => {
    // 00:30 on 1 November in Berlin, still October in UTC.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-10-31T23:30:00Z') });
    const fetchMock = revenueServer();
    renderAdminAt('/admin/revenue');
    expect(await screen.findByRole('heading', { level: 1, name: 'Revenue' })).toBeInTheDocument();
    expect(document.title).toBe('Revenue | Heimservice Heimservice');
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/revenue"]')).toHaveTextContent('Revenue');

    expect(await screen.findByRole('heading', { level: 2, name: 'Total 01.11.2026 – 30.11.2026' })).toBeInTheDocument();
    expect(asked(fetchMock)).toEqual(['/admin/reports/revenue?from=2026-11-01&to=2026-11-30']);
    expect(screen.getByLabelText('Month')).toHaveValue('2026-11');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-30');
    expect(screen.getByRole('button', { name: 'Next month' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'This month' })).toBeNull();

    expect(figures()).toEqual([
      ['Orders', '3'],
      ['Rejected', '1'],
      ['Revenue', '42,50 €'],
      ['of which cash', '30,00 €'],
      ['of which online', '12,50 €'],
      ['of which deposit (Pfand)', '0,50 €'],
      ['Tips (online, not taxable)', '1,25 €'],
      ['Coupons (taken off)', '2,00 €'],
      ['Average basket', '14,17 €'],
    ]);
    expect(screen.getByRole('table', { name: 'VAT' })).toBeInTheDocument();
    expect(cells('.admin-revenue__vat tbody')).toEqual([
      ['7 %', '33,36 €', '2,34 €', '35,70 €'],
      ['19 %', '5,71 €', '1,09 €', '6,80 €'],
    ]);
    expect(cells('.admin-revenue__vat tfoot')).toEqual([['Total', '39,07 €', '3,43 €', '42,50 €']]);

    expect(cells('.admin-revenue__days tbody')).toEqual([
      ['Monday, 23.11.2026', '2', '1', '30,00 €', '30,00 €', '0,00 €', '0,00 €'],
      ['Friday, 27.11.2026', '1', '0', '12,50 €', '0,00 €', '12,50 €', '1,25 €'],
    ]);
    const days = screen.getByRole('heading', { level: 2, name: 'By day' }).closest('section') as HTMLElement;
    expect(within(days).getByRole('link', { name: 'Orders of Monday, 23.11.2026' })).toHaveAttribute(
      'href',
      '/admin/orders-history?date=2026-11-23',
    );
  });

  it('asks for the previous month, a picked month and any period, and back to this month', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-23T10:00:00Z') });
    const fetchMock = revenueServer();
    renderAdminAt('/admin/revenue');
    await screen.findByTestId('revenue-totals');

    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(await screen.findByText('No orders in this period.')).toBeInTheDocument();
    expect(asked(fetchMock)).toContain('/admin/reports/revenue?from=2026-10-01&to=2026-10-31');
    expect(screen.getByLabelText('Month')).toHaveValue('2026-10');
    expect(screen.queryByTestId('revenue-totals')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download CSV' })).toBeNull();

    fireEvent.input(screen.getByLabelText('Month'), { target: { value: '2026-02' } });
    await vi.waitFor(() => expect(asked(fetchMock)).toContain('/admin/reports/revenue?from=2026-02-01&to=2026-02-28'));

    fireEvent.input(screen.getByLabelText('From'), { target: { value: '2026-11-20' } });
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '2026-11-27' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show period' }));
    await vi.waitFor(() => expect(asked(fetchMock)).toContain('/admin/reports/revenue?from=2026-11-20&to=2026-11-27'));
    expect(await screen.findByText('No orders in this period.')).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveValue('');

    fireEvent.click(screen.getByRole('button', { name: 'This month' }));
    expect(await screen.findByTestId('revenue-totals')).toBeInTheDocument();
    expect(screen.getByLabelText('Month')).toHaveValue('2026-11');
  });

  it('shows why the server refused the period', async () => {
    const detail = 'to: must be at most 366 days after from; ask for a longer period in parts';
    const fetchMock = revenueServer(() => ({ status: 400, body: { code: 'invalid', detail, field: 'to' } }));
    renderAdminAt('/admin/revenue?from=2025-01-01&to=2026-11-30');
    expect(await screen.findByRole('alert')).toHaveTextContent(detail);
    expect(asked(fetchMock)).toEqual(['/admin/reports/revenue?from=2025-01-01&to=2026-11-30']);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();

    await i18n.changeLanguage('de');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Der letzte Tag darf nicht vor dem ersten liegen, und ein Zeitraum umfasst höchstens 366 Tage.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent(detail);
  });

  it('offers to try again when the revenue could not be loaded', async () => {
    let failing = true;
    revenueServer((init, url) => (failing ? { status: 503, body: { code: 'storage_unavailable', detail: 'Storage' } } : november(init, url)));
    renderAdminAt('/admin/revenue?from=2026-11-01&to=2026-11-30');
    expect(await screen.findByText('The revenue could not be loaded.')).toBeInTheDocument();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('revenue-totals')).toBeInTheDocument();
  });

  it('says so when the period had no orders, in German', async () => {
    await i18n.changeLanguage('de');
    const fetchMock = revenueServer();
    renderAdminAt('/admin/revenue?from=2026-12-01&to=2026-12-31');
    expect(await screen.findByText('Keine Bestellungen in diesem Zeitraum.')).toBeInTheDocument();
    expect(asked(fetchMock)).toEqual(['/admin/reports/revenue?from=2026-12-01&to=2026-12-31']);
    expect(screen.getByRole('heading', { level: 1, name: 'Umsatz' })).toBeInTheDocument();
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/revenue"]')).toHaveTextContent('Umsatz');
  });

  it('downloads the report as a CSV file in the admin language', async () => {
    await i18n.changeLanguage('de');
    revenueServer();
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:revenue';
    });
    const revoked = vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    renderAdminAt('/admin/revenue?from=2026-11-01&to=2026-11-30');
    expect(await screen.findByRole('link', { name: 'Bestellungen vom Montag, 23.11.2026' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'CSV herunterladen' }));
    expect(clicked.map((link) => [link.download, link.href])).toEqual([['umsatz-2026-11-01-bis-2026-11-30.csv', 'blob:revenue']]);
    expect(blobs[0]?.type).toBe('text/csv;charset=utf-8');
    await vi.waitFor(() => expect(revoked).toHaveBeenCalledWith('blob:revenue'));
    expect(document.querySelector('a[download]')).toBeNull();
    const text = await blobs[0]?.text();
    expect(text?.replace(/^\uFEFF/, '').split('\r\n').slice(0, 4)).toEqual([
      'Tag;Bestellungen;Abgelehnt;Umsatz;Bar;Online;Trinkgeld',
      '23.11.2026;2;1;30,00;30,00;0,00;0,00',
      '27.11.2026;1;0;12,50;0,00;12,50;1,25',
      'Summe;3;1;42,50;30,00;12,50;1,25',
    ]);
  });
});
