import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { mockFetch } from '../../../test/fetch-mock';
import { loginTarget } from '../lib/next-page';
import { renderAt } from '../test/render';
import { LoginModal } from './login-modal';

const payload = {
  access_token: 'jwt-7',
  token_type: 'bearer',
  expires_in: 3600,
  user: { id: 7, email: 'max@example.com', customer_name: 'Max Muster', role: 'customer' },
};

function openModal(onLoggedIn = vi.fn()) {
  renderAt(<LoginModal open onClose={() => {}} onLoggedIn={onLoggedIn} />);
  return onLoggedIn;
}

async function submit(email = 'max@example.com', password = 'secret-pass-1') {
  fireEvent.input(screen.getByLabelText('E-Mail'), { target: { value: email } });
  fireEvent.input(screen.getByLabelText('Passwort'), { target: { value: password } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
  });
}

describe('LoginModal', () => {
  it('offers guest login, register and forgot-password links next to the fields', () => {
    openModal();
    const dialog = screen.getByRole('dialog', { name: 'Anmelden' });
    expect(dialog).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Als Gast bestellen' })).toHaveAttribute('href', '/guest-login');
    expect(screen.getByRole('link', { name: 'Registrieren' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute('href', '/forgot-password');
  });

  it("reads 'Logging in...' and is disabled while the call runs; success stores userData and goes home", async () => {
    await i18n.changeLanguage('en');
    let answer: (response: Response) => void = () => {};
    const fetchMock = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetchMock);
    const onLoggedIn = openModal();

    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'max@example.com' } });
    fireEvent.input(screen.getByLabelText('Password'), { target: { value: 'not-an-email-check' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    });
    const pending = screen.getByRole('button', { name: 'Logging in...' });
    expect(pending).toBeDisabled();

    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/login');
    expect(String(init.body)).toBe('username=max%40example.com&password=not-an-email-check');

    await act(async () => {
      answer(new Response(JSON.stringify(payload), { status: 200, headers: { 'Content-Type': 'application/json' } }));
    });
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalledWith(''));
    expect(JSON.parse(sessionStorage.getItem('userData') ?? '{}')).toEqual(payload);
  });

  it('does no format check on the e-mail', async () => {
    const fetchMock = mockFetch({ '/login': { body: payload } });
    const onLoggedIn = openModal();
    await submit('not an email', 'x');
    expect(fetchMock).toHaveBeenCalled();
    await waitFor(() => expect(onLoggedIn).toHaveBeenCalled());
  });

  it('shows "Invalid credentials." for an answer without access_token, never its English message', async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    await i18n.changeLanguage('en');
    let body: unknown = { message: 'Account locked' };
    mockFetch({ '/login': () => ({ body }) });
    const onLoggedIn = openModal();

    fireEvent.input(screen.getByLabelText('Email'), { target: { value: 'max@example.com' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid credentials\.$/);

    body = {};
    await i18n.changeLanguage('de');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    });
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(/^Ungültige Anmeldedaten\.$/));
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(sessionStorage.getItem('userData')).toBeNull();
    expect(errorSpy).toHaveBeenCalled();
  });

  it('shows "Invalid credentials." for a 401 and "Too many attempts" for a 429, in the UI language', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await i18n.changeLanguage('en');
    let status = 401;
    mockFetch({
      '/login': () =>
        status === 401
          ? { status, body: { detail: 'Invalid credentials', code: 'invalid_credentials', message: 'Invalid credentials' } }
          : {
              status,
              body: {
                detail: 'Too many login attempts. Please wait 60 seconds.',
                code: 'too_many_attempts',
                message: 'Too many login attempts. Please wait 60 seconds.',
              },
            },
    });
    openModal();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Invalid credentials\.$/);

    status = 429;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(/^Too many attempts\. Please wait a minute and try again\.$/),
    );

    await i18n.changeLanguage('de');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    });
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        /^Zu viele Versuche\. Bitte warten Sie eine Minute und versuchen Sie es erneut\.$/,
      ),
    );
  });

  it("shows 'Something went wrong. Please try again.' when the call throws, and logs it", async () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    await i18n.changeLanguage('en');
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    openModal();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
    expect(errorSpy).toHaveBeenCalledWith('Login failed', expect.any(TypeError));
  });
});

describe('loginTarget', () => {
  it('sends checkout logins through the address step and keeps other page names', () => {
    expect(loginTarget(undefined)).toBe('');
    expect(loginTarget('checkout')).toBe('update-address');
    expect(loginTarget('support')).toBe('support');
    expect(loginTarget('//evil.example')).toBe('');
  });
});
