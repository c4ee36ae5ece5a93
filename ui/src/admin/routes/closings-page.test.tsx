import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { renderAdminAt, sent, signInAdmin, stubFetch, type Handler } from '../test-support';
import { EMPTY_CATALOG, type DailyClosing } from '../types';

const CLOSINGS = '/admin/closings';

const STORE = {
  id: 14,
  timezone: 'Europe/Berlin',
  paused: false,
  brand: 'Bella Napoli',
  company_name: 'Bella Napoli GmbH',
  address_line: 'Torstraße 1, 10115 Berlin',
};

/** Closing `number` of a Monday in November: one sold order and one cancelled, closed by the shop at 22:30. */
function closing(number: number, changes: Partial<DailyClosing> = {}): DailyClosing {
  return {
    number,
    business_date: '2026-11-23',
    closed_at: '2026-11-23T21:30:00Z',
    closed_by: 'automatic',
    closed_by_name: '',
    closed_by_email: '',
    orders: 1,
    cancelled: 1,
    gross_cents: 1650,
    net_cents: 1542,
    vat_cents: 108,
    cash_cents: 1650,
    online_cents: 0,
    tip_cents: 0,
    deposit_cents: 0,
    vat: [{ rate_basis_points: 700, gross_cents: 1650, net_cents: 1542, vat_cents: 108 }],
    unsigned_orders: [],
    ...changes,
  };
}

/** Closing 7: two VAT rates, cash and online, closed by an admin, two orders the TSE did not sign. */
const SEVEN = closing(7, {
  business_date: '2026-11-27',
  closed_at: '2026-11-27T19:05:00Z',
  closed_by: 'admin',
  closed_by_name: 'Anna Admin',
  closed_by_email: 'admin@example.com',
  orders: 3,
  cancelled: 2,
  gross_cents: 4250,
  net_cents: 3907,
  vat_cents: 343,
  cash_cents: 3000,
  online_cents: 1250,
  tip_cents: 190,
  deposit_cents: 50,
  vat: [
    { rate_basis_points: 700, gross_cents: 3570, net_cents: 3336, vat_cents: 234 },
    { rate_basis_points: 1900, gross_cents: 680, net_cents: 571, vat_cents: 109 },
  ],
  unsigned_orders: [41, 44],
});

function closingsServer(handlers: Record<string, Handler> = {}) {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: STORE }),
    [`GET ${CLOSINGS}`]: () => ({ body: [SEVEN, closing(6, { business_date: '2026-11-26' })] }),
    [`GET ${CLOSINGS}/7`]: () => ({ body: SEVEN }),
    ...handlers,
  });
}

/** The addresses the page asked the list of closings from. */
const asked = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .filter(([input, init]) => (init?.method ?? 'GET') === 'GET' && String(input).startsWith(`${CLOSINGS}?`))
    .map(([input]) => String(input));

const rows = () =>
  [...document.querySelectorAll('.admin-closings__table tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );

const facts = (testId: string) =>
  [...screen.getByTestId(testId).querySelectorAll('div')].map((entry) => [
    entry.querySelector('dt')?.textContent,
    entry.querySelector('dd')?.textContent,
  ]);

const vatRows = (section: 'tbody' | 'tfoot') =>
  [...document.querySelectorAll(`.admin-zbon__vat ${section} tr`)].map((row) =>
    [...row.querySelectorAll('th, td')].map((cell) => cell.textContent),
  );

async function confirmCloseToday() {
  fireEvent.click(await screen.findByRole('button', { name: 'Close today' }));
  const confirm = screen.getByRole('group', { name: 'Confirm closing today' });
  expect(confirm).toHaveTextContent(
    'Close today now? Its figures are then fixed and cannot be changed; orders placed after this count for the next business day.',
  );
  fireEvent.click(within(confirm).getByRole('button', { name: 'Close today now' }));
}

describe('daily closings page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('lists the closings newest first with who closed them and their figures, each linking to its Z-Bon', async () => {
    const fetchMock = closingsServer();
    renderAdminAt('/admin/closings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Daily closings' })).toBeInTheDocument();
    expect(document.title).toBe('Daily closings | Heimservice Heimservice');
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/closings"]')).toHaveTextContent('Daily closings');

    await screen.findByRole('link', { name: 'Z-Bon no. 7' });
    expect(rows()).toEqual([
      ['no. 7', '27.11.2026', '27.11.2026 20:05', 'Anna Admin', '3', '2', '42,50 €', '30,00 €', '12,50 €', '1,90 €'],
      ['no. 6', '26.11.2026', '23.11.2026 22:30', 'automatically', '1', '1', '16,50 €', '16,50 €', '0,00 €', '0,00 €'],
    ]);
    expect(screen.getByRole('link', { name: 'Z-Bon no. 7' })).toHaveAttribute('href', '/admin/closings/7');
    expect(asked(fetchMock)).toEqual(['/admin/closings?limit=30']);
    expect(screen.queryByRole('button', { name: 'Load older closings' })).toBeNull();
  });

  it('says so when no day was closed yet', async () => {
    closingsServer({ [`GET ${CLOSINGS}`]: () => ({ body: [] }) });
    renderAdminAt('/admin/closings');
    expect(await screen.findByText('No day has been closed yet.')).toBeInTheDocument();
  });

  it('loads older closings before the last number shown, until a page is not full', async () => {
    const numbers = (from: number, count: number) => Array.from({ length: count }, (_, index) => closing(from - index));
    const fetchMock = closingsServer({
      [`GET ${CLOSINGS}`]: (_init, url) => ({
        body: url.searchParams.get('before') === '11' ? numbers(10, 10) : numbers(40, 30),
      }),
    });
    renderAdminAt('/admin/closings');
    await screen.findByRole('link', { name: 'Z-Bon no. 40' });
    expect(rows()).toHaveLength(30);

    fireEvent.click(screen.getByRole('button', { name: 'Load older closings' }));
    expect(await screen.findByRole('link', { name: 'Z-Bon no. 1' })).toBeInTheDocument();
    expect(rows()).toHaveLength(40);
    expect(rows().map((row) => row[0])).toEqual(Array.from({ length: 40 }, (_, index) => `no. ${40 - index}`));
    expect(asked(fetchMock)).toEqual(['/admin/closings?limit=30', '/admin/closings?limit=30&before=11']);
    expect(screen.queryByRole('button', { name: 'Load older closings' })).toBeNull();
  });

  it('closes today after the confirm step and shows the new closing in the list', async () => {
    let closed = false;
    const today = closing(8, {
      business_date: '2026-11-28',
      closed_at: '2026-11-28T14:00:00Z',
      closed_by: 'admin',
      closed_by_name: 'Anna Admin',
      closed_by_email: 'admin@example.com',
    });
    const fetchMock = closingsServer({
      [`GET ${CLOSINGS}`]: () => ({ body: closed ? [today, SEVEN] : [SEVEN] }),
      [`POST ${CLOSINGS}`]: () => {
        closed = true;
        return { body: today };
      },
    });
    renderAdminAt('/admin/closings');
    await screen.findByRole('link', { name: 'Z-Bon no. 7' });

    fireEvent.click(screen.getByRole('button', { name: 'Close today' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Confirm closing today' })).toBeNull();
    expect(sent(fetchMock, 'POST', CLOSINGS)).toEqual([]);

    await confirmCloseToday();
    expect(await screen.findByRole('status')).toHaveTextContent('The day 28.11.2026 is closed: Z-Bon no. 8.');
    expect(sent(fetchMock, 'POST', CLOSINGS)).toHaveLength(1);
    expect(await screen.findByRole('link', { name: 'Z-Bon no. 8' })).toHaveAttribute('href', '/admin/closings/8');
    expect(rows()[0]?.slice(0, 4)).toEqual(['no. 8', '28.11.2026', '28.11.2026 15:00', 'Anna Admin']);
  });

  it('downloads the DSFinV-K export of the chosen days and the tax adviser\'s month, and says what the server refused', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }));
    const fetchMock = closingsServer({
      'GET /admin/exports/dsfinvk': () => ({ body: {} }),
      'GET /admin/exports/tax': (_init, url) =>
        url?.searchParams.get('format') === 'datev'
          ? { status: 400, body: { code: 'invalid', field: 'month', detail: 'month: must be a month like 2026-11', params: { field: 'month' } } }
          : { body: {} },
    });
    renderAdminAt('/admin/closings');
    fireEvent.input(await screen.findByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.input(screen.getByLabelText('To'), { target: { value: '2026-11-23' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download DSFinV-K' }));
    await vi.waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const called = fetchMock.mock.calls.map(([input]) => String(input));
    expect(called).toContain('/admin/exports/dsfinvk?from=2026-11-01&to=2026-11-23');

    fireEvent.input(screen.getByLabelText('Month'), { target: { value: '2026-10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    await vi.waitFor(() => expect(created).toHaveBeenCalledTimes(2));
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/admin/exports/tax?month=2026-10&format=csv');

    const format = screen.getByLabelText('Format') as HTMLSelectElement;
    act(() => {
      // fireEvent.change sends an input event here; a select listens for change.
      format.value = 'datev';
      format.dispatchEvent(new Event('change', { bubbles: true }));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('month');
    expect(fetchMock.mock.calls.map(([input]) => String(input))).toContain('/admin/exports/tax?month=2026-10&format=datev');
    expect(created).toHaveBeenCalledTimes(2);
    vi.unstubAllGlobals();
  });

  it('says that today is closed already', async () => {
    closingsServer({
      [`POST ${CLOSINGS}`]: () => ({ status: 409, body: { code: 'day_closed', detail: 'The business day 2026-11-28 is closed already.' } }),
    });
    renderAdminAt('/admin/closings');
    await confirmCloseToday();
    expect(await screen.findByRole('alert')).toHaveTextContent('This business day is closed already.');
    expect(screen.getByRole('button', { name: 'Close today' })).toBeInTheDocument();
  });

  it('says how many orders of today still wait for an answer', async () => {
    closingsServer({
      [`POST ${CLOSINGS}`]: () => ({
        status: 409,
        body: { code: 'orders_waiting', detail: '3 orders of 2026-11-28 still wait for an answer; answer them first.', params: { count: '3' } },
      }),
    });
    renderAdminAt('/admin/closings');
    await confirmCloseToday();
    expect(await screen.findByRole('alert')).toHaveTextContent('Orders of this day still wait for an answer (count: 3). Please answer them first.');
  });

  it('shows a closing as a Z-Bon with the shop, its VAT rates, totals, payments and unsigned orders, and prints it', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    closingsServer();
    renderAdminAt('/admin/closings/7');
    const zbon = await screen.findByTestId('z-bon');
    expect(document.title).toBe('Z-Bon 7 | Heimservice Heimservice');
    expect(screen.getByRole('heading', { level: 1, name: 'Daily closing no. 7' })).toBeInTheDocument();
    expect(within(zbon).getByRole('heading', { level: 2, name: 'Z-Bon no. 7' })).toBeInTheDocument();
    await vi.waitFor(() => expect(zbon).toHaveTextContent('Bella Napoli GmbH'));
    expect(zbon.querySelector('.admin-zbon__brand')).toHaveTextContent('Bella Napoli');
    expect(zbon).toHaveTextContent('Torstraße 1, 10115 Berlin');

    expect(facts('z-bon-facts')).toEqual([
      ['Business day', 'Friday, 27.11.2026'],
      ['Closed at', '27.11.2026 20:05'],
      ['Closed by', 'Anna Admin'],
      ['Orders', '3'],
      ['Cancelled orders', '2'],
    ]);
    expect(vatRows('tbody')).toEqual([
      ['7 %', '35,70 €', '33,36 €', '2,34 €'],
      ['19 %', '6,80 €', '5,71 €', '1,09 €'],
    ]);
    expect(vatRows('tfoot')).toEqual([['Total', '42,50 €', '39,07 €', '3,43 €']]);
    expect(facts('z-bon-payments')).toEqual([
      ['of which cash', '30,00 €'],
      ['of which online', '12,50 €'],
      ['of which deposit (Pfand)', '0,50 €'],
      ['Tips (online, not taxable)', '1,90 €'],
    ]);
    const unsigned = screen.getByTestId('z-bon-unsigned');
    expect(within(unsigned).getByRole('heading', { name: '2 orders without a TSE signature' })).toBeInTheDocument();
    expect(within(unsigned).getByRole('link', { name: 'Order ID 41' })).toHaveAttribute('href', '/admin/orders/41');
    expect(within(unsigned).getByRole('link', { name: 'Order ID 44' })).toHaveAttribute('href', '/admin/orders/44');

    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Print' })).toHaveClass('admin-no-print');
    expect(screen.getByRole('link', { name: 'Back to the daily closings' })).toHaveAttribute('href', '/admin/closings');
  });

  it('leaves out the unsigned orders when the TSE signed every order', async () => {
    closingsServer({ [`GET ${CLOSINGS}/6`]: () => ({ body: closing(6) }) });
    renderAdminAt('/admin/closings/6');
    await screen.findByTestId('z-bon');
    expect(facts('z-bon-facts')[2]).toEqual(['Closed by', 'automatically']);
    expect(screen.queryByTestId('z-bon-unsigned')).toBeNull();
  });

  it("names the day's tips in German on the Z-Bon, apart from the gross", async () => {
    await i18n.changeLanguage('de');
    closingsServer();
    renderAdminAt('/admin/closings/7');
    expect(await screen.findByTestId('z-bon-tips')).toHaveTextContent(/^1,90 €$/);
    expect(facts('z-bon-payments').at(-1)).toEqual(['Trinkgeld (online, nicht steuerbar)', '1,90 €']);
    expect(vatRows('tfoot')).toEqual([['Summe', '42,50 €', '39,07 €', '3,43 €']]);
  });

  it('says so when there is no such closing', async () => {
    closingsServer();
    renderAdminAt('/admin/closings/99');
    expect(await screen.findByText('This closing does not exist.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print' })).toBeNull();
  });

  it('speaks German: the list, the confirm step and the Z-Bon', async () => {
    await i18n.changeLanguage('de');
    closingsServer({
      [`POST ${CLOSINGS}`]: () => ({ status: 409, body: { code: 'orders_waiting', detail: 'waiting', params: { count: '2' } } }),
    });
    const view = renderAdminAt('/admin/closings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tagesabschlüsse' })).toBeInTheDocument();
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/closings"]')).toHaveTextContent('Tagesabschlüsse');
    await screen.findByRole('link', { name: 'Z-Bon Nr. 7' });
    expect(rows()[1]?.[3]).toBe('automatisch');
    expect(screen.getByRole('columnheader', { name: 'Geschäftstag' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Storniert' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Heute abschließen' }));
    expect(screen.getByRole('group', { name: 'Heutigen Abschluss bestätigen' })).toHaveTextContent(
      'Den heutigen Tag jetzt abschließen? Seine Zahlen stehen dann fest und lassen sich nicht mehr ändern; Bestellungen danach zählen zum nächsten Geschäftstag.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Jetzt abschließen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Bestellungen dieses Tages warten noch auf eine Antwort (Anzahl: 2). Bitte beantworten Sie sie zuerst.',
    );
    view.unmount();

    renderAdminAt('/admin/closings/7');
    const zbon = await screen.findByTestId('z-bon');
    expect(within(zbon).getByRole('heading', { level: 2, name: 'Z-Bon Nr. 7' })).toBeInTheDocument();
    expect(facts('z-bon-facts')).toEqual([
      ['Geschäftstag', 'Freitag, 27.11.2026'],
      ['Abgeschlossen am', '27.11.2026 20:05'],
      ['Abgeschlossen von', 'Anna Admin'],
      ['Bestellungen', '3'],
      ['Stornierte Bestellungen', '2'],
    ]);
    expect([...document.querySelectorAll('.admin-zbon__vat thead th')].map((cell) => cell.textContent)).toEqual([
      'Steuersatz',
      'Brutto',
      'Netto',
      'MwSt.',
    ]);
    expect(vatRows('tfoot')).toEqual([['Summe', '42,50 €', '39,07 €', '3,43 €']]);
    expect(within(screen.getByTestId('z-bon-unsigned')).getByRole('heading')).toHaveTextContent('2 Bestellungen ohne TSE-Signatur');
    expect(screen.getByRole('button', { name: 'Drucken' })).toBeInTheDocument();
  });
});
