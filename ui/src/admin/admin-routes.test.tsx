import { act, fireEvent, render, screen, within } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../lib/auth';
import i18n from '../lib/i18n';
import { AdminRoutes } from './admin-routes';
import { EMPTY_CATALOG, type Catalog } from './types';

type Answer = { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;
type Handler = (init: RequestInit | undefined) => Answer;

/** A fetch stub keyed by "METHOD /path"; records each call. */
function stubFetch(handlers: Record<string, Handler>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    const handler = handlers[`${init?.method ?? 'GET'} ${path}`];
    if (!handler) return new Response(JSON.stringify({ detail: 'Not found', code: 'not_found' }), { status: 404 });
    const answer = await handler(init);
    if (answer.status === 204) return new Response(null, { status: 204 });
    return new Response(JSON.stringify(answer.body ?? {}), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const admin = { id: 1, email: 'admin@example.com', customer_name: 'Anna Admin', role: 'admin' };
const customer = { id: 2, email: 'kim@example.com', customer_name: 'Kim Kunde', role: 'customer' };

function signIn(user: object) {
  sessionStorage.setItem('userData', JSON.stringify({ access_token: 'jwt', user }));
}

const catalog: Catalog = {
  ...EMPTY_CATALOG,
  taxes: [{ id: 1, name: 'Speisen 7 %', percentage: 7 }],
  toppings: [
    { id: 1, name: 'Extra Käse', name_en: 'Extra cheese', price: 1.2 },
    { id: 2, name: 'Salami', name_en: null, price: 1.5 },
    { id: 3, name: 'Oliven', name_en: 'Olives', price: 0.9 },
  ],
};

function Where() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAdmin(path: string) {
  return render(
    <I18nextProvider i18n={i18n}>
      <AuthProvider verify={false} onLogout={vi.fn()}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="admin/*" element={<AdminRoutes />} />
          </Routes>
          <Where />
        </MemoryRouter>
      </AuthProvider>
    </I18nextProvider>,
  );
}

const location = () => screen.getByTestId('location').textContent;

describe('admin guard', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('sends a signed-out visitor from an admin screen to the admin login', async () => {
    stubFetch({});
    renderAdmin('/admin/products');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(location()).toBe('/admin');
    expect(document.title).toBe('Admin Login | Heimservice Heimservice');
  });

  it('sends a signed-in customer to the admin login as well', async () => {
    signIn(customer);
    stubFetch({});
    renderAdmin('/admin/home');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(location()).toBe('/admin');
  });

  it('lets an admin in and shows the catalog counts', async () => {
    signIn(admin);
    stubFetch({ 'GET /admin/catalog': () => ({ body: catalog }) });
    renderAdmin('/admin/home');
    expect(await screen.findByRole('heading', { name: 'Hello Anna' })).toBeInTheDocument();
    const toppings = await screen.findByRole('link', { name: /^3\s*Toppings$/ });
    expect(toppings).toHaveAttribute('href', '/admin/toppings');
    expect(document.title).toBe('Admin Dashboard | Heimservice Heimservice');
  });

  it('sends a signed-in admin from the login page straight to the dashboard', async () => {
    signIn(admin);
    stubFetch({ 'GET /admin/catalog': () => ({ body: catalog }) });
    renderAdmin('/admin');
    expect(await screen.findByRole('heading', { name: 'Hello Anna' })).toBeInTheDocument();
    expect(location()).toBe('/admin/home');
  });
});

describe('admin login', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  const fill = () => {
    fireEvent.input(screen.getByLabelText(/E-mail/), { target: { value: 'admin@example.com' } });
    fireEvent.input(screen.getByLabelText(/Password/), { target: { value: 'secret-pass' } });
  };

  it('shows "Logging in..." and disables the button while submitting, then opens the dashboard', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const fetchMock = stubFetch({
      'POST /login': () => new Promise((resolve) => (answer = resolve)),
      'GET /admin/catalog': () => ({ body: catalog }),
    });
    renderAdmin('/admin');
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    const busy = await screen.findByRole('button', { name: 'Logging in...' });
    expect(busy).toBeDisabled();
    const sent = fetchMock.mock.calls[0]?.[1]?.body as URLSearchParams;
    expect(sent.get('username')).toBe('admin@example.com');
    expect(sent.get('password')).toBe('secret-pass');

    await act(async () => answer({ body: { access_token: 'jwt-9', token_type: 'bearer', user: admin } }));
    expect(await screen.findByRole('heading', { name: 'Hello Anna' })).toBeInTheDocument();
    expect(location()).toBe('/admin/home');
    expect(JSON.parse(sessionStorage.getItem('userData') ?? '{}').access_token).toBe('jwt-9');
  });

  it('shows the server message for wrong credentials', async () => {
    stubFetch({
      'POST /login': () => ({
        status: 401,
        body: { detail: 'Invalid credentials', code: 'invalid_credentials', message: 'Invalid credentials' },
      }),
    });
    renderAdmin('/admin');
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(sessionStorage.getItem('userData')).toBeNull();
  });

  it('falls back to "Invalid credentials" when the answer has no token and no message', async () => {
    stubFetch({ 'POST /login': () => ({ body: {} }) });
    renderAdmin('/admin');
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
  });

  it('does not let a customer account in', async () => {
    stubFetch({ 'POST /login': () => ({ body: { access_token: 'jwt', user: customer } }) });
    renderAdmin('/admin');
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account has no admin access');
    expect(sessionStorage.getItem('userData')).toBeNull();
    expect(location()).toBe('/admin');
  });

  it('shows "Something went wrong" when the request fails', async () => {
    stubFetch({
      'POST /login': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderAdmin('/admin');
    fill();
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  });
});

describe('admin forms and lists', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signIn(admin);
  });

  it('validates before sending and shows the server error next to the named field', async () => {
    const fetchMock = stubFetch({
      'GET /admin/catalog': () => ({ body: catalog }),
      'POST /toppings/': () => ({
        status: 400,
        body: { detail: 'A topping named Salami exists already.', code: 'duplicate', field: 'name' },
      }),
    });
    renderAdmin('/admin/toppings');
    const name = await screen.findByLabelText(/^Name/);
    const price = screen.getByLabelText(/^Price/);

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('Please fill in this field.')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalledWith('/toppings/', expect.anything());

    fireEvent.input(name, { target: { value: 'Salami' } });
    fireEvent.input(price, { target: { value: '1,5' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    });

    const sent = fetchMock.mock.calls.find(([path]) => path === '/toppings/')?.[1];
    expect(JSON.parse(String(sent?.body))).toEqual({ name: 'Salami', name_en: null, price: 1.5 });
    const error = await screen.findByText('An entry with this name or key already exists.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name.getAttribute('aria-describedby')).toContain(error.id);
    expect(price).not.toHaveAttribute('aria-invalid');
  });

  it('filters the list as one types and deletes only after confirming', async () => {
    let current = catalog;
    const fetchMock = stubFetch({
      'GET /admin/catalog': () => ({ body: current }),
      'DELETE /toppings/2': () => {
        current = { ...catalog, toppings: catalog.toppings.filter((topping) => topping.id !== 2) };
        return { status: 204 };
      },
    });
    renderAdmin('/admin/toppings');
    const search = await screen.findByRole('searchbox');
    const rows = () =>
      within(screen.getByRole('table'))
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
    expect(rows()).toEqual(['Extra Käse', 'Oliven', 'Salami']);

    fireEvent.input(search, { target: { value: 'kase' } });
    expect(rows()).toEqual(['Extra Käse']);
    fireEvent.input(search, { target: { value: 'olives' } });
    expect(rows()).toEqual(['Oliven']);
    fireEvent.input(search, { target: { value: 'pilze' } });
    expect(screen.getByText('No entries match your search.')).toBeInTheDocument();
    fireEvent.input(search, { target: { value: '' } });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Salami' }));
    expect(fetchMock).not.toHaveBeenCalledWith('/toppings/2', expect.anything());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    });
    await vi.waitFor(() => expect(rows()).toEqual(['Extra Käse', 'Oliven']));
  });

  it('says in the UI language why a delete is refused', async () => {
    stubFetch({
      'GET /admin/catalog': () => ({ body: catalog }),
      'DELETE /taxes/1': () => ({
        status: 409,
        body: { detail: 'The tax is still used by 3 products', code: 'in_use', field: null },
      }),
    });
    renderAdmin('/admin/tax');
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Speisen 7 %' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This is still in use and cannot be deleted.');
    expect(screen.getByRole('cell', { name: 'Speisen 7 %' })).toBeInTheDocument();
  });

  it('checks min ≤ max for topping groups before sending', async () => {
    const fetchMock = stubFetch({ 'GET /admin/catalog': () => ({ body: catalog }) });
    renderAdmin('/admin/topping-groups');
    fireEvent.input(await screen.findByLabelText(/^Name/), { target: { value: 'Käse' } });
    fireEvent.input(screen.getByLabelText(/^Minimum/), { target: { value: '3' } });
    fireEvent.input(screen.getByLabelText(/^Maximum/), { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByText('The minimum must not be larger than the maximum.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
