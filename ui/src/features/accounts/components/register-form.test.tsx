import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../test/render';
import { RegisterForm } from './register-form';

const loginPayload = {
  access_token: 'jwt-9',
  token_type: 'bearer',
  user: { id: 9, email: 'max@example.com', customer_name: 'Max Muster', role: 'customer', phone: '030123456' },
};

function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    fireEvent.input(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
  }
}

const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /Create account|Konto erstellen/ }));
  });

describe('RegisterForm', () => {
  it('keeps a leading + and only digits in the phone field, at most 15 digits', () => {
    renderAt(<RegisterForm onRegistered={vi.fn()} />);
    const phone = screen.getByLabelText(/^Telefon/) as HTMLInputElement;
    fireEvent.input(phone, { target: { value: '+49 (30) 123-456' } });
    expect(phone.value).toBe('+4930123456');
    fireEvent.input(phone, { target: { value: '12345678901234567890' } });
    expect(phone.value).toBe('123456789012345');
  });

  it('shows the server field error next to that field, in the UI language', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await i18n.changeLanguage('en');
    mockFetch({
      '/register/customer': {
        status: 400,
        body: {
          detail: 'password: is too common; choose another',
          code: 'invalid',
          field: 'password',
          params: { field: 'password' },
        },
      },
    });
    const onRegistered = vi.fn();
    renderAt(<RegisterForm onRegistered={onRegistered} />);
    fill({ Name: 'Max Muster', Email: 'max@example.com', Password: 'password1', Phone: '030123456' });
    await submit();

    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(password).toHaveAccessibleDescription(expect.stringContaining('This password is too common; please choose another.'));
    expect(screen.getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid');
    expect(onRegistered).not.toHaveBeenCalled();
  });

  it('shows the rule of a common password in German', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      '/register/customer': {
        status: 400,
        body: { detail: 'password: is too common; choose another', code: 'invalid', field: 'password', params: { field: 'password' } },
      },
    });
    renderAt(<RegisterForm onRegistered={vi.fn()} />);
    fill({ Name: 'Max', 'E-Mail': 'max@example.com', Passwort: 'password1' });
    await submit();
    expect(await screen.findByText('Dieses Passwort ist zu verbreitet; bitte wählen Sie ein anderes.')).toBeInTheDocument();
    expect(screen.queryByText(/too common/)).toBeNull();
  });

  it('shows a translated field error in German', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      '/register/customer': { status: 400, body: { detail: 'must contain digits', code: 'invalid', field: 'phone' } },
    });
    renderAt(<RegisterForm onRegistered={vi.fn()} />);
    fill({ Name: 'Max', 'E-Mail': 'max@example.com', Passwort: 'long-enough-9' });
    await submit();
    expect(await screen.findByText('Bitte geben Sie höchstens 15 Ziffern ein.')).toBeInTheDocument();
  });

  it('shows the 409 message for a taken e-mail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await i18n.changeLanguage('en');
    mockFetch({
      '/register/customer': {
        status: 409,
        body: { detail: 'An account with this email already exists.', code: 'email_taken' },
      },
    });
    renderAt(<RegisterForm onRegistered={vi.fn()} />);
    fill({ Name: 'Max', Email: 'max@example.com', Password: 'long-enough-9', Phone: '030' });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
  });

  it('logs in with the same credentials after registering', async () => {
    const fetchMock = mockFetch({
      '/register/customer': { status: 201, body: { id: 9, email: 'max@example.com', customer_name: 'Max Muster' } },
      '/login': { body: loginPayload },
    });
    const onRegistered = vi.fn();
    renderAt(<RegisterForm onRegistered={onRegistered} />);
    fill({ Name: ' Max Muster ', 'E-Mail': 'max@example.com', Passwort: 'long-enough-9', Telefon: '030 123456' });
    await submit();

    await waitFor(() => expect(onRegistered).toHaveBeenCalled());
    const registerBody = JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit).body));
    expect(registerBody).toEqual({ name: 'Max Muster', email: 'max@example.com', password: 'long-enough-9', phone: '030123456' });
    expect(String((fetchMock.mock.calls[1]?.[1] as RequestInit).body)).toBe(
      'username=max%40example.com&password=long-enough-9',
    );
    expect(JSON.parse(sessionStorage.getItem('userData') ?? '{}').access_token).toBe('jwt-9');
  });

  it('links the privacy policy above its button, in a new tab so the form keeps what was typed', async () => {
    renderAt(<RegisterForm onRegistered={vi.fn()} />, { path: '/register' });
    const note = screen.getByTestId('register-privacy');
    expect(note).toHaveTextContent('Mit der Registrierung gelten unsere Datenschutzhinweise (öffnet in neuem Tab).');
    const link = screen.getByRole('link', { name: 'Datenschutzhinweise (öffnet in neuem Tab)' });
    expect(link).toHaveAttribute('href', '/privacypolicy');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const button = screen.getByRole('button', { name: 'Konto erstellen' });
    expect(note.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await act(async () => {
      await i18n.changeLanguage('en');
    });
    expect(screen.getByTestId('register-privacy')).toHaveTextContent('Our privacy notice (opens in a new tab) applies when you register.');
    expect(screen.getByRole('link', { name: 'privacy notice (opens in a new tab)' })).toHaveAttribute('href', '/privacypolicy');
  });
});

