import { act, fireEvent, render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../lib/auth';
import i18n from '../lib/i18n';
import { AdminRoutes } from './admin-routes';
import { stubAlertGlobals } from './test-alerts';
import { openOrdersPage, stubDashboardSockets } from './test-orders';
import { sent, signInAdmin, signInStaff, STAFF_USER, stubFetch } from './test-support';
import { EMPTY_CATALOG } from './types';

function Where() {
  const location = useLocation();
  return <span data-testid="location">{location.pathname}</span>;
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
const navLinks = () => [...screen.getByRole('navigation').querySelectorAll('ul a')].map((link) => link.getAttribute('href'));

function server() {
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false, is_open: true, closed_reason: null } }),
    'GET /admin/orders/open': () => ({ body: openOrdersPage() }),
    'GET /admin/readiness': () => ({ body: { ready: true, findings: [], confirmation: null } }),
    'GET /admin/accounts': () => ({ body: [] }),
    'POST /login': () => ({ body: { access_token: 'jwt-staff', token_type: 'bearer', user: STAFF_USER } }),
  });
}

describe('what staff may use of the admin area', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    stubDashboardSockets();
    stubAlertGlobals();
  });

  it('shows staff only the board, the order history, the customers, the sold-out page and the printers, with their role', async () => {
    signInStaff();
    server();
    renderAdmin('/admin/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello Luca' })).toBeInTheDocument();
    expect(navLinks()).toEqual(['/admin/home', '/admin/orders-history', '/admin/customers', '/admin/sold-out', '/admin/printers']);
    expect(screen.getByTestId('admin-user')).toHaveTextContent('Luca · Staff');
  });

  it('sends staff from an owner-only screen to the orders board', async () => {
    signInStaff();
    const fetchMock = server();
    renderAdmin('/admin/store-setting');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello Luca' })).toBeInTheDocument();
    expect(location()).toBe('/admin/home');
    expect(sent(fetchMock, 'GET', '/admin/accounts')).toEqual([]);
    expect(screen.queryByRole('heading', { level: 1, name: 'Store settings' })).toBeNull();
  });

  it('keeps staff off the accounts page too', async () => {
    signInStaff();
    const fetchMock = server();
    renderAdmin('/admin/accounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello Luca' })).toBeInTheDocument();
    expect(location()).toBe('/admin/home');
    expect(sent(fetchMock, 'GET', '/admin/accounts')).toEqual([]);
  });

  it('lets a member of staff log in and lands them on the board', async () => {
    server();
    renderAdmin('/admin');
    fireEvent.input(screen.getByLabelText(/E-mail/), { target: { value: 'luca@example.com' } });
    fireEvent.input(screen.getByLabelText(/Password/), { target: { value: 'secret-pass' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Hello Luca' })).toBeInTheDocument();
    expect(location()).toBe('/admin/home');
  });

  it('shows the owner every screen, Accounts included, and the German role', async () => {
    await i18n.changeLanguage('de');
    signInAdmin();
    server();
    renderAdmin('/admin/home');
    expect(await screen.findByRole('heading', { level: 1, name: 'Hallo Anna' })).toBeInTheDocument();
    expect(navLinks()).toContain('/admin/store-setting');
    expect(navLinks()).toContain('/admin/sold-out');
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/accounts"]')).toHaveTextContent('Konten');
    expect(screen.getByTestId('admin-user')).toHaveTextContent('Anna · Inhaber');
  });

  it('takes an admin of a session from before staff accounts for an owner', async () => {
    sessionStorage.setItem(
      'userData',
      JSON.stringify({ access_token: 'jwt', user: { id: 1, email: 'admin@example.com', customer_name: 'Anna Admin', role: 'admin' } }),
    );
    server();
    renderAdmin('/admin/accounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
    expect(location()).toBe('/admin/accounts');
  });
});
