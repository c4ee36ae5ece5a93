import { fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import { acceptedOrder } from '../test-orders';
import { renderAdminAt, signInAdmin, signInStaff, stubFetch } from '../test-support';
import { EMPTY_CATALOG } from '../types';

function customer(id: number, name: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    name,
    phone: `030${id}`,
    email: '',
    registered: false,
    orders: 1,
    rejected: 0,
    total: 21.4,
    last_order: { id: 100 + id, number: id, created_at: '2026-11-22T17:00:00Z', business_date: '2026-11-22' },
    address: null,
    ...extra,
  };
}

const GINA = customer(1, 'Gina Gast', {
  email: 'gina@example.com',
  orders: 3,
  rejected: 1,
  total: 64.2,
  address: { line1: 'Torstraße 5', zip: '10115', city: 'Berlin', notes: '' },
});
const KARL = customer(2, 'Karl Kunde', { registered: true });
const OTTO = customer(3, 'Otto Ober');

function server() {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
    'GET /admin/customers': (_init, url) => {
      const q = url.searchParams.get('q');
      if (q === 'gina') return { body: { customers: [GINA], next_after: null } };
      if (q !== null) return { body: { customers: [], next_after: null } };
      if (url.searchParams.get('after') === '102') return { body: { customers: [GINA], next_after: null } };
      return { body: { customers: [OTTO, KARL], next_after: '102' } };
    },
    'GET /admin/customers/1': () => ({ body: GINA }),
    'GET /admin/customers/1/orders': () => ({
      body: {
        orders: [
          { ...acceptedOrder({ id: 101, number: 1, status: 'completed', created_at: '2026-11-22T17:00:00Z', total: 21.4 }), business_date: '2026-11-22', customer_name: 'Gina Gast', anonymised: false },
        ],
        next_before: null,
      },
    }),
    'GET /admin/customers/9': () => ({ status: 404, body: { detail: 'No such customer', code: 'customer_not_found' } }),
    'GET /admin/customers/9/orders': () => ({ status: 404, body: { detail: 'No such customer', code: 'customer_not_found' } }),
  });
}

const rows = () =>
  [...screen.getByTestId('customers').querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );

describe('customers', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('lists everyone who ordered, whoever ordered last first, and loads more on request', async () => {
    const fetchMock = server();
    renderAdminAt('/admin/customers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
    expect(document.title).toBe('Customers | Heimservice Heimservice');
    await screen.findByTestId('customers');
    expect(fetchMock).toHaveBeenCalledWith('/admin/customers?limit=50', expect.anything());
    expect(rows()).toEqual([
      ['Otto Ober', '0303', '', '1', '22.11.2026 · #3', '21,40 €'],
      ['Karl Kunde Account', '0302', '', '1', '22.11.2026 · #2', '21,40 €'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(3));
    expect(fetchMock).toHaveBeenCalledWith('/admin/customers?limit=50&after=102', expect.anything());
    expect(rows()[2]).toEqual(['Gina Gast', '0301', 'gina@example.com', '3 (+1 rejected)', '22.11.2026 · #1', '64,20 €']);
    const last = within(screen.getByTestId('customers')).getByRole('link', { name: 'Last order: no. 1 on 22.11.2026' });
    expect(last).toHaveAttribute('href', '/admin/orders/101');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('searches, says when nobody matches, and shows all again', async () => {
    const fetchMock = server();
    renderAdminAt('/admin/customers');
    await screen.findByTestId('customers');
    fireEvent.input(screen.getByLabelText(/^Search/), { target: { value: ' gina ' } });
    fireEvent.click(screen.getByTestId('customer-search-submit'));
    await vi.waitFor(() => expect(rows()).toEqual([['Gina Gast', '0301', 'gina@example.com', '3 (+1 rejected)', '22.11.2026 · #1', '64,20 €']]));
    expect(fetchMock).toHaveBeenCalledWith('/admin/customers?limit=50&q=gina', expect.anything());

    fireEvent.input(screen.getByLabelText(/^Search/), { target: { value: 'zoe' } });
    fireEvent.click(screen.getByTestId('customer-search-submit'));
    expect(await screen.findByText('No customer matches “zoe”.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await vi.waitFor(() => expect(rows()).toHaveLength(2));
    expect(screen.getByLabelText(/^Search/)).toHaveValue('');
  });

  it('opens a customer with their figures and orders', async () => {
    server();
    renderAdminAt('/admin/customers/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gina Gast' })).toBeInTheDocument();
    const facts = screen.getByTestId('customer-facts');
    expect(facts).toHaveTextContent('Guest');
    expect(facts).toHaveTextContent('Torstraße 5, 10115 Berlin');
    expect(facts).toHaveTextContent('3 (+1 rejected)');
    expect(facts).toHaveTextContent('64,20 €');
    const orders = screen.getByTestId('found-orders');
    expect(within(orders).getByRole('link', { name: 'Details of order #1' })).toHaveAttribute('href', '/admin/orders/101');
    expect(screen.getByRole('link', { name: '← All customers' })).toHaveAttribute('href', '/admin/customers');
  });

  it('says so for a customer who is gone', async () => {
    server();
    renderAdminAt('/admin/customers/9');
    expect(await screen.findByText('This customer does not exist (any more): they have no orders with personal data.')).toBeInTheDocument();
  });

  it('is a page staff may use too, in German', async () => {
    signInStaff();
    server();
    await i18n.changeLanguage('de');
    renderAdminAt('/admin/customers');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kunden' })).toBeInTheDocument();
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/customers"]')).toHaveTextContent('Kunden');
    await screen.findByTestId('customers');
    expect(rows()[1]?.[0]).toBe('Karl Kunde Konto');
  });
});
