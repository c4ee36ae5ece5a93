import { fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { acceptedOrder, adminOrder } from '../test-orders';
import { renderAdminAt, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG } from '../types';

const day = {
  date: '2026-11-22',
  orders: [
    acceptedOrder({ id: 60, number: 4, status: 'completed', created_at: '2026-11-22T18:05:00Z', total: 291, payment_method: 'cash', payment_status: 'cash_due', order_type: 'pickup' }),
    adminOrder({ id: 58, number: 2, status: 'rejected', payment_status: 'refunded', created_at: '2026-11-22T17:10:00Z', total: 9.9 }),
    acceptedOrder({ id: 57, number: 1, status: 'completed', created_at: '2026-11-22T16:55:00Z' }),
  ],
  count: 2,
  revenue: 312.4,
  next_before: null,
};

function historyServer() {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
    'GET /admin/orders/summaries': (_init, url) => {
      const date = url.searchParams.get('date') ?? '';
      return { body: date === day.date ? day : { date, orders: [], count: 0, revenue: 0, next_before: null } };
    },
  });
}

const rows = () => [...document.querySelectorAll('.admin-history__table tbody tr')];

describe('order history', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('lists the orders of the day with count and revenue', async () => {
    const fetchMock = historyServer();
    renderAdminAt('/admin/orders-history?date=2026-11-22');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order history' })).toBeInTheDocument();
    expect(document.title).toBe('Order History | Heimservice Heimservice');
    const summary = await screen.findByTestId('history-summary');
    expect(summary).toHaveTextContent('22.11.2026');
    expect(summary).toHaveTextContent('2 orders');
    expect(summary).toHaveTextContent('Revenue: 312,40 €');
    expect(fetchMock).toHaveBeenCalledWith('/admin/orders/summaries?date=2026-11-22', expect.anything());

    expect(rows().map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['#4', '19:05', 'Completed', 'Pickup', 'Cash', '291,00 €'],
      ['#2', '18:10', 'Rejected', 'Delivery', 'Refunded', '9,90 €'],
      ['#1', '17:55', 'Completed', 'Delivery', 'Paid online', '21,40 €'],
    ]);
    expect(within(rows()[0] as HTMLElement).getByRole('link', { name: 'Details of order #4' })).toHaveAttribute(
      'href',
      '/admin/orders/60',
    );
    expect(screen.getByLabelText('Day')).toHaveValue('2026-11-22');
  });

  it('starts with today in the store zone and changes the day', async () => {
    // 00:30 in Berlin on the 23rd, still the 22nd in UTC.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-22T23:30:00Z') });
    const fetchMock = historyServer();
    renderAdminAt('/admin/orders-history');
    expect(await screen.findByText('No orders on this day.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/admin/orders/summaries?date=2026-11-23', expect.anything());
    expect(screen.getByLabelText('Day')).toHaveValue('2026-11-23');
    expect(screen.getByRole('button', { name: 'Next day' })).toBeDisabled();
    expect(screen.getByTestId('history-summary')).toHaveTextContent('0 orders');
    expect(screen.getByTestId('history-summary')).toHaveTextContent('Revenue: 0,00 €');

    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(fetchMock).toHaveBeenCalledWith('/admin/orders/summaries?date=2026-11-22', expect.anything());

    fireEvent.input(screen.getByLabelText('Day'), { target: { value: '2026-11-20' } });
    expect(await screen.findByText('No orders on this day.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/admin/orders/summaries?date=2026-11-20', expect.anything());

    fireEvent.click(screen.getByRole('button', { name: 'Today' }));
    await vi.waitFor(() => expect(screen.getByLabelText('Day')).toHaveValue('2026-11-23'));
  });

  it('loads the older orders of a long day on request and keeps the figures of the whole day', async () => {
    const [newest, rejected, oldest] = day.orders;
    const fetchMock = stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
      'GET /admin/orders/summaries': (_init, url) => {
        const before = url.searchParams.get('before');
        if (url.searchParams.get('date') !== day.date) return { body: { date: '2026-11-23', orders: [], count: 0, revenue: 0, next_before: null } };
        if (before === null) return { body: { ...day, orders: [newest], next_before: 60 } };
        if (before === '60') return { body: { ...day, orders: [rejected], next_before: 58 } };
        return { body: { ...day, orders: [oldest], next_before: null } };
      },
    });
    renderAdminAt('/admin/orders-history?date=2026-11-22');
    expect(await screen.findByTestId('history-summary')).toHaveTextContent('2 orders');
    expect(rows()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledWith('/admin/orders/summaries?date=2026-11-22&before=60', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(fetchMock).toHaveBeenCalledWith('/admin/orders/summaries?date=2026-11-22&before=58', expect.anything());
    expect(rows().map((row) => row.querySelector('td')?.textContent)).toEqual(['#4', '#2', '#1']);
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
    expect(screen.getByTestId('history-summary')).toHaveTextContent('2 orders');
    expect(screen.getByTestId('history-summary')).toHaveTextContent('Revenue: 312,40 €');

    // Another day starts again with its newest page.
    fireEvent.click(screen.getByRole('button', { name: 'Next day' }));
    expect(await screen.findByText('No orders on this day.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load older' })).toBeNull();
  });

  it('says when the older orders could not be loaded, and tries again', async () => {
    await i18n.changeLanguage('de');
    let failing = true;
    stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
      'GET /admin/orders/summaries': (_init, url) => {
        if (url.searchParams.get('before') === null) return { body: { ...day, orders: day.orders.slice(0, 2), next_before: 58 } };
        if (failing) return { status: 503, body: { detail: 'Storage', code: 'storage_unavailable' } };
        return { body: { ...day, orders: day.orders.slice(2), next_before: null } };
      },
    });
    renderAdminAt('/admin/orders-history?date=2026-11-22');
    fireEvent.click(await screen.findByRole('button', { name: 'Ältere laden' }));
    expect(await screen.findByText('Die älteren Bestellungen konnten nicht geladen werden. Bitte versuchen Sie es erneut.')).toBeInTheDocument();
    expect(rows()).toHaveLength(2);
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Ältere laden' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('searches by name or phone, by number and by dates, a page at a time, and goes back to the day', async () => {
    const found = (id: number, number: number, name: string, extra: Record<string, unknown> = {}) => ({
      ...acceptedOrder({ id, number, status: 'completed', created_at: '2026-11-20T17:00:00Z', total: 21.4 }),
      business_date: '2026-11-20',
      customer_name: name,
      anonymised: false,
      ...extra,
    });
    const fetchMock = stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
      'GET /admin/orders/summaries': () => ({ body: day }),
      'GET /admin/orders/search': (_init, url) => {
        const q = url.searchParams;
        if (q.get('q') === 'gina' && q.get('before') === null) {
          return { body: { orders: [found(80, 3, 'Gina Gast')], next_before: 80, customers: 2, more_customers: false } };
        }
        if (q.get('q') === 'gina') {
          return { body: { orders: [found(41, 1, 'anonymised', { anonymised: true })], next_before: null, customers: 2, more_customers: false } };
        }
        if (q.get('number') === '3') return { body: { orders: [found(80, 3, 'Gina Gast')], next_before: null, customers: 0, more_customers: false } };
        return { status: 400, body: { detail: 'too long', code: 'date_range_too_long', field: 'to', params: { field: 'to', max_days: '366' } } };
      },
    });
    renderAdminAt('/admin/orders-history?date=2026-11-22');
    const form = await screen.findByRole('search', { name: 'Search orders' });

    // A number is a whole number; its day is the one shown.
    fireEvent.click(within(form).getByTestId('order-search-submit'));
    expect(within(form).getByRole('alert')).toHaveTextContent('Please enter an order number (1, 2, 3 …).');
    fireEvent.input(within(form).getByLabelText('Order number'), { target: { value: '3' } });
    fireEvent.click(within(form).getByTestId('order-search-submit'));
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/admin/orders/search?number=3&date=2026-11-22&limit=50', expect.anything()));
    const table = await screen.findByTestId('found-orders');
    expect([...table.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['#3', '20.11.2026', '18:00', 'Gina Gast', 'Completed', 'Delivery', 'Paid online', '21,40 €'],
    ]);

    // A name: the orders of the customers found, older ones on request; an erased one anonymised.
    fireEvent.click(within(screen.getByRole('search', { name: 'Search orders' })).getByRole('radio', { name: 'Name or phone' }));
    fireEvent.input(screen.getByRole('textbox', { name: /^Name or phone/ }), { target: { value: ' gina ' } });
    fireEvent.click(screen.getByTestId('order-search-submit'));
    expect(await screen.findByTestId('search-customers')).toHaveTextContent('Orders of 2 customers, newest first.');
    expect(fetchMock).toHaveBeenCalledWith('/admin/orders/search?q=gina&limit=50', expect.anything());
    fireEvent.click(screen.getByRole('button', { name: 'Load older' }));
    await vi.waitFor(() => expect(screen.getByTestId('found-orders').querySelectorAll('tbody tr')).toHaveLength(2));
    expect(fetchMock).toHaveBeenCalledWith('/admin/orders/search?q=gina&limit=50&before=80', expect.anything());
    expect(screen.getByTestId('found-orders').querySelectorAll('tbody tr')[1]).toHaveTextContent('anonymised');

    // Dates: both, in order; the server's refusal in the admin's words.
    fireEvent.click(within(screen.getByRole('search', { name: 'Search orders' })).getByRole('radio', { name: 'Period' }));
    fireEvent.input(screen.getByLabelText(/^From/), { target: { value: '2026-11-20' } });
    fireEvent.click(screen.getByTestId('order-search-submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose both days.');
    fireEvent.input(screen.getByLabelText(/^To/), { target: { value: '2025-11-20' } });
    fireEvent.click(screen.getByTestId('order-search-submit'));
    expect(screen.getByRole('alert')).toHaveTextContent('The last day must not be before the first.');
    fireEvent.input(screen.getByLabelText(/^From/), { target: { value: '2024-01-01' } });
    fireEvent.click(screen.getByTestId('order-search-submit'));
    expect(await screen.findByText('A search covers at most 366 days. Please choose a shorter period.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Back to the day' }));
    expect(await screen.findByTestId('history-summary')).toHaveTextContent('2 orders');
  });

  it('is in the admin navigation, in German too', async () => {
    historyServer();
    await i18n.changeLanguage('de');
    renderAdminAt('/admin/orders-history?date=2026-11-22');
    expect(await screen.findByRole('heading', { level: 1, name: 'Bestellverlauf' })).toBeInTheDocument();
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/orders-history"]')).toHaveTextContent('Bestellverlauf');
    expect(await screen.findByTestId('history-summary')).toHaveTextContent('2 Bestellungen');
    expect(screen.getByTestId('history-summary')).toHaveTextContent('Umsatz: 312,40 €');
  });
});
