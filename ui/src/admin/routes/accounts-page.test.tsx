import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../lib/i18n';
import type { NewAccountBody, RestaurantAccount } from '../api/accounts-api';
import { renderAdminAt, sent, signInAdmin, stubFetch } from '../test-support';
import { EMPTY_CATALOG } from '../types';

const account = (id: number, name: string, role: RestaurantAccount['role'], created_at: string): RestaurantAccount => ({
  id,
  email: `${name.toLowerCase()}@example.com`,
  name,
  role,
  created_at,
});

/** Anna (id 1) is the signed-in owner. */
const ANNA = { ...account(1, 'Anna', 'owner', '2026-01-05T09:00:00Z'), email: 'admin@example.com' };
const LUCA = account(7, 'Luca', 'staff', '2026-11-20T23:30:00Z');
const OLGA = account(8, 'Olga', 'owner', '2026-11-21T10:00:00Z');

function accountsServer(initial: RestaurantAccount[]) {
  let current = initial;
  return stubFetch({
    'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
    'GET /stores/14': () => ({ body: { id: 14, timezone: 'Europe/Berlin', paused: false } }),
    'GET /admin/accounts': () => ({ body: current }),
    'POST /admin/accounts': (init) => {
      const body = JSON.parse(String(init?.body)) as NewAccountBody;
      if (current.some((item) => item.email === body.email)) {
        return { status: 409, body: { detail: 'An account with this email exists already.', code: 'email_taken', field: 'email' } };
      }
      if (body.password.length < 8) {
        return { status: 400, body: { detail: 'password: at least 8 characters', code: 'invalid', field: 'password' } };
      }
      const created: RestaurantAccount = {
        id: 9,
        email: body.email,
        name: body.name || (body.email.split('@')[0] ?? ''),
        role: body.role,
        created_at: '2026-11-23T11:00:00Z',
      };
      current = [...current, created];
      return { status: 201, body: created };
    },
    'PUT /admin/accounts/7/password': () => ({ body: LUCA }),
    'DELETE /admin/accounts/7': () => {
      current = current.filter((item) => item.id !== 7);
      return { status: 204 };
    },
    'DELETE /admin/accounts/8': () => ({
      status: 409,
      body: { detail: 'This is your own account: another owner deletes it.', code: 'own_account' },
    }),
  });
}

const rows = () =>
  within(screen.getByRole('table'))
    .getAllByTestId('account-row')
    .map((row) => [...row.querySelectorAll('td')].slice(0, 4).map((cell) => cell.textContent));

const select = (label: RegExp, value: string) => {
  const element = screen.getByLabelText(label) as HTMLSelectElement;
  act(() => {
    element.value = value;
    element.dispatchEvent(new Event('change', { bubbles: true }));
  });
};

describe('accounts page', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
    signInAdmin();
  });

  it('lists the accounts with role and since, the own one without delete', async () => {
    accountsServer([ANNA, LUCA, OLGA]);
    renderAdminAt('/admin/accounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accounts' })).toBeInTheDocument();
    expect(document.title).toBe('Accounts | Heimservice Heimservice');
    await screen.findByRole('table');
    expect(rows()).toEqual([
      ['Anna (you)', 'admin@example.com', 'Owner', '05.01.2026'],
      ['Luca', 'luca@example.com', 'Staff', '21.11.2026'],
      ['Olga', 'olga@example.com', 'Owner', '21.11.2026'],
    ]);
    const own = screen.getAllByTestId('account-row')[0] as HTMLElement;
    expect(own).toHaveAttribute('data-own', 'true');
    expect(within(own).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete Luca' })).toBeInTheDocument();
    expect(screen.getByRole('navigation').querySelector('a[href="/admin/accounts"]')).toHaveTextContent('Accounts');
  });

  it('creates a staff account, and says at the e-mail when it is taken', async () => {
    const fetchMock = accountsServer([ANNA, LUCA]);
    renderAdminAt('/admin/accounts');
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findAllByText('Please fill in this field.')).toHaveLength(2);
    expect(sent(fetchMock, 'POST', '/admin/accounts')).toEqual([]);

    fireEvent.input(screen.getByLabelText(/^E-mail/), { target: { value: 'luca@example.com' } });
    fireEvent.input(screen.getByLabelText(/^Name/), { target: { value: 'Luca Zwei' } });
    fireEvent.input(screen.getByLabelText(/^Password/), { target: { value: 'kitchen-pass-7' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    });
    const taken = await screen.findByText('An account with this email already exists.');
    const email = screen.getByLabelText(/^E-mail/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toContain(taken.id);

    fireEvent.input(email, { target: { value: 'mia@example.com' } });
    fireEvent.input(screen.getByLabelText(/^Name/), { target: { value: 'Mia' } });
    select(/^Role/, 'owner');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    });
    expect(await screen.findByText('Account for Mia created.')).toBeInTheDocument();
    expect(sent(fetchMock, 'POST', '/admin/accounts')).toEqual([
      { email: 'luca@example.com', name: 'Luca Zwei', role: 'staff', password: 'kitchen-pass-7' },
      { email: 'mia@example.com', name: 'Mia', role: 'owner', password: 'kitchen-pass-7' },
    ]);
    await vi.waitFor(() => expect(rows().at(-1)?.slice(0, 3)).toEqual(['Mia', 'mia@example.com', 'Owner']));
    expect((screen.getByLabelText(/^E-mail/) as HTMLInputElement).value).toBe('');
  });

  it('shows a refused password at the password field', async () => {
    accountsServer([ANNA]);
    renderAdminAt('/admin/accounts');
    await screen.findByRole('table');
    fireEvent.input(screen.getByLabelText(/^E-mail/), { target: { value: 'mia@example.com' } });
    fireEvent.input(screen.getByLabelText(/^Password/), { target: { value: 'short' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create' }));
    });
    await vi.waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveAttribute('aria-invalid', 'true'));
    expect(screen.getByText('Please check this entry.')).toBeInTheDocument();
  });

  it('sets a new password for a member of staff', async () => {
    const fetchMock = accountsServer([ANNA, LUCA]);
    renderAdminAt('/admin/accounts');
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('button', { name: 'Set a new password for Luca' }));
    const form = await screen.findByTestId('account-password-form');
    fireEvent.click(within(form).getByRole('button', { name: 'Set password' }));
    expect(await within(form).findByText('Please fill in this field.')).toBeInTheDocument();

    fireEvent.input(within(form).getByLabelText(/^New password for Luca/), { target: { value: 'new-kitchen-pass' } });
    await act(async () => {
      fireEvent.click(within(form).getByRole('button', { name: 'Set password' }));
    });
    expect(await screen.findByText("New password for Luca set; the account's open sessions have ended.")).toBeInTheDocument();
    expect(sent(fetchMock, 'PUT', '/admin/accounts/7/password')).toEqual([{ password: 'new-kitchen-pass' }]);
    expect(screen.queryByTestId('account-password-form')).toBeNull();
  });

  it('deletes an account only after confirming, and says why the server refused one', async () => {
    const fetchMock = accountsServer([ANNA, LUCA, OLGA]);
    renderAdminAt('/admin/accounts');
    await screen.findByRole('table');

    fireEvent.click(screen.getByRole('button', { name: 'Delete Luca' }));
    expect(sent(fetchMock, 'DELETE', '/admin/accounts/7')).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete Luca' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    });
    expect(await screen.findByText('Account of Luca deleted.')).toBeInTheDocument();
    expect(sent(fetchMock, 'DELETE', '/admin/accounts/7')).toHaveLength(1);
    expect(rows().map((row) => row[0])).toEqual(['Anna (you)', 'Olga']);

    fireEvent.click(screen.getByRole('button', { name: 'Delete Olga' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Yes, delete' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You cannot delete your own account; another owner can.');
    expect(rows().map((row) => row[0])).toEqual(['Anna (you)', 'Olga']);
  });

  it('says the only owner account may not go, in German', async () => {
    await i18n.changeLanguage('de');
    stubFetch({
      'GET /admin/catalog': () => ({ body: EMPTY_CATALOG }),
      'GET /admin/accounts': () => ({ body: [ANNA, OLGA] }),
      'DELETE /admin/accounts/8': () => ({ status: 409, body: { detail: 'This is the only owner account.', code: 'last_owner' } }),
    });
    renderAdminAt('/admin/accounts');
    expect(await screen.findByRole('heading', { level: 1, name: 'Konten' })).toBeInTheDocument();
    await screen.findByRole('table');
    expect(rows()[0]).toEqual(['Anna (Sie)', 'admin@example.com', 'Inhaber', '05.01.2026']);
    fireEvent.click(screen.getByRole('button', { name: 'Olga löschen' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Ja, löschen' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Das ist das einzige Inhaber-Konto; legen Sie zuerst einen weiteren Inhaber an.',
    );
  });
});
