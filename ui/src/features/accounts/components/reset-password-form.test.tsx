import { act, fireEvent, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../test/render';
import { ResetPasswordForm } from './reset-password-form';

function setPasswords(first: string, second: string) {
  fireEvent.input(screen.getByLabelText(/^New password/), { target: { value: first } });
  fireEvent.input(screen.getByLabelText(/^Repeat new password/), { target: { value: second } });
}

const submit = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
  });

describe('ResetPasswordForm', () => {
  it('without a token asks for a new link instead of showing the form', async () => {
    await i18n.changeLanguage('en');
    renderAt(<ResetPasswordForm token="" />);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired. Please request a new one.',
    );
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgot-password');
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });

  it('sends the token with the new password and links to the login afterwards', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = mockFetch({
      '/reset-password': { body: { detail: 'Your password has been changed. Please log in.' } },
    });
    renderAt(<ResetPasswordForm token="tok-123" />);
    setPasswords('brand-new-pass-7', 'brand-new-pass-7');
    await submit();
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed. Please log in.');
    expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
    expect(JSON.parse(String((fetchMock.mock.calls[0]?.[1] as RequestInit).body))).toEqual({
      token: 'tok-123',
      password: 'brand-new-pass-7',
    });
  });

  it('checks that both passwords match before calling the server', async () => {
    await i18n.changeLanguage('en');
    const fetchMock = mockFetch({});
    renderAt(<ResetPasswordForm token="tok-123" />);
    setPasswords('brand-new-pass-7', 'brand-new-pass-8');
    await submit();
    expect(screen.getByText('The passwords do not match.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('an expired or used token shows the invalid-link message', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      '/reset-password': {
        status: 400,
        body: { detail: 'This reset link is invalid or has expired. Please request a new one.', code: 'invalid_token' },
      },
    });
    renderAt(<ResetPasswordForm token="old" />);
    fireEvent.input(screen.getByLabelText('Neues Passwort'), { target: { value: 'brand-new-pass-7' } });
    fireEvent.input(screen.getByLabelText(/^Neues Passwort wiederholen/), { target: { value: 'brand-new-pass-7' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Neues Passwort speichern' }));
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Dieser Link ist ungültig oder abgelaufen. Bitte fordern Sie einen neuen an.',
    );
  });
});
