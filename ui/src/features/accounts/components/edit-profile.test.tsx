import { act, fireEvent, screen, waitFor } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../test/render';
import { EditProfile } from './edit-profile';

const rita = { id: 7, email: 'rita@example.com', customer_name: 'Rita Rossi', role: 'customer', phone: '030123456' };

const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /Save profile|Profil speichern/ }));
  });

describe('EditProfile', () => {
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('userData', JSON.stringify({ access_token: 'jwt-7', token_type: 'bearer', user: rita }));
  });

  it('starts with the signed-in name and phone, sends PUT /users/me and keeps the saved user in the session', async () => {
    await i18n.changeLanguage('en');
    const saved = { ...rita, customer_name: 'Rita Bianchi', phone: '+49301234' };
    const fetchMock = mockFetch({ '/users/me': { body: saved } });
    renderAt(<EditProfile />);
    const name = screen.getByLabelText(/^Name/) as HTMLInputElement;
    const phone = screen.getByLabelText(/^Phone/) as HTMLInputElement;
    expect(name.value).toBe('Rita Rossi');
    expect(phone.value).toBe('030123456');

    fireEvent.input(name, { target: { value: ' Rita Bianchi ' } });
    fireEvent.input(phone, { target: { value: '+49 30 1234' } });
    expect(phone.value).toBe('+49301234');
    await save();

    expect(await screen.findByRole('status')).toHaveTextContent('Your profile has been saved.');
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toBe('/users/me');
    expect(init?.method).toBe('PUT');
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer jwt-7');
    expect(JSON.parse(String(init?.body))).toEqual({ customer_name: 'Rita Bianchi', phone: '+49301234' });
    const stored = JSON.parse(sessionStorage.getItem('userData') ?? '{}');
    expect(stored).toEqual({ access_token: 'jwt-7', token_type: 'bearer', user: saved });
  });

  it('shows a refused phone next to the phone field in German, and asks for a name before sending', async () => {
    const fetchMock = mockFetch({
      '/users/me': { status: 400, body: { detail: 'phone: at most 15 digits', code: 'invalid', field: 'phone' } },
    });
    renderAt(<EditProfile />);
    const phone = screen.getByLabelText(/^Telefon/);
    await save();
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription('Bitte geben Sie höchstens 15 Ziffern ein.');
    expect(screen.getByLabelText(/^Name/)).not.toHaveAttribute('aria-invalid');
    expect(JSON.parse(sessionStorage.getItem('userData') ?? '{}').user).toEqual(rita);

    fireEvent.input(screen.getByLabelText(/^Name/), { target: { value: '  ' } });
    await save();
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('Bitte füllen Sie dieses Feld aus.');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('shows a refused name next to the name field', async () => {
    await i18n.changeLanguage('en');
    mockFetch({
      '/users/me': { status: 400, body: { detail: 'customer_name: too long', code: 'invalid', field: 'customer_name' } },
    });
    renderAt(<EditProfile />);
    await save();
    const name = screen.getByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
    expect(name).toHaveAccessibleDescription('Please enter your name (up to 100 characters).');
  });
});
