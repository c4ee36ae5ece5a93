import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../test/render';
import { ChangePassword } from './change-password';

const rita = { id: 7, email: 'rita@example.com', customer_name: 'Rita Rossi', role: 'customer', phone: '030123456' };
const oldSession = { access_token: 'jwt-old', token_type: 'bearer', user: rita };

function fill(current: string, next: string) {
  fireEvent.input(screen.getByLabelText(/^(Current password|Aktuelles Passwort)/), { target: { value: current } });
  fireEvent.input(screen.getByLabelText(/^(New password|Neues Passwort)/), { target: { value: next } });
}

const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /^(Change password|Passwort ändern)$/ }));
  });

const storedSession = () => JSON.parse(sessionStorage.getItem('userData') ?? '{}');

describe('ChangePassword', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('userData', JSON.stringify(oldSession));
  });

  it('sends both passwords and stores the new token as a login does', async () => {
    await i18n.changeLanguage('en');
    const payload = { access_token: 'jwt-new', token_type: 'bearer', expires_in: 3600, user: rita };
    const fetchMock = mockFetch({ '/users/me/password': { body: payload } });
    renderAt(<ChangePassword />);
    expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      '8 to 128 characters; common passwords are not allowed.',
    );
    fill('old-secret-1', 'new-secret-22');
    await submit();

    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed.');
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toBe('/users/me/password');
    expect(init?.method).toBe('POST');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jwt-old');
    expect(JSON.parse(String(init?.body))).toEqual({ current_password: 'old-secret-1', new_password: 'new-secret-22' });
    expect(storedSession()).toEqual(payload);
    expect(screen.getByLabelText(/^Current password/)).toHaveValue('');
    expect(screen.getByLabelText(/^New password/)).toHaveValue('');
  });

  it('shows a wrong current password next to that field in German and keeps the old session', async () => {
    mockFetch({
      '/users/me/password': {
        status: 403,
        body: { detail: 'The password is not correct.', code: 'wrong_password', field: 'current_password' },
      },
    });
    renderAt(<ChangePassword />);
    fill('falsch', 'new-secret-22');
    await submit();

    const current = screen.getByLabelText(/^Aktuelles Passwort/);
    await waitFor(() => expect(current).toHaveAttribute('aria-invalid', 'true'));
    expect(current).toHaveAccessibleDescription('Das Passwort ist nicht richtig.');
    expect(screen.getByLabelText(/^Neues Passwort/)).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(storedSession()).toEqual(oldSession);
  });

  it('shows the rule of a refused new password next to it, in the UI language', async () => {
    mockFetch({
      '/users/me/password': {
        status: 400,
        body: { detail: 'new_password: is too common; choose another', code: 'invalid', field: 'new_password' },
      },
    });
    renderAt(<ChangePassword />);
    fill('old-secret-1', 'password1');
    await submit();
    const next = screen.getByLabelText(/^Neues Passwort/);
    await waitFor(() => expect(next).toHaveAttribute('aria-invalid', 'true'));
    expect(next).toHaveAccessibleDescription(
      expect.stringContaining('Dieses Passwort ist zu verbreitet; bitte wählen Sie ein anderes.'),
    );
  });

  it('says so when there were too many attempts', async () => {
    await i18n.changeLanguage('en');
    mockFetch({
      '/users/me/password': { status: 429, body: { detail: 'Too many attempts.', code: 'too_many_attempts' } },
    });
    renderAt(<ChangePassword />);
    fill('old-secret-1', 'new-secret-22');
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Please wait a minute and try again.');
  });

  it('needs both passwords before it asks the server, and is busy while it does', async () => {
    await i18n.changeLanguage('en');
    let answer: (value: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    renderAt(<ChangePassword />);
    await submit();
    expect(screen.getAllByText('Please fill out this field.')).toHaveLength(2);
    expect(fetchMock).not.toHaveBeenCalled();

    fill('old-secret-1', 'new-secret-22');
    await submit();
    expect(screen.getByRole('button', { name: 'Changing …' })).toBeDisabled();
    await act(async () => {
      answer(new Response(JSON.stringify({ access_token: 'jwt-new', user: rita }), { status: 200 }));
    });
    expect(await screen.findByRole('button', { name: 'Change password' })).toBeEnabled();
  });
});
