import { act, fireEvent, render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { mockFetch } from '../../../test/fetch-mock';
import { SupportForm } from './support-form';

async function send() {
  render(
    <I18nextProvider i18n={i18n}>
      <SupportForm />
    </I18nextProvider>,
  );
  fireEvent.input(screen.getByLabelText(/^Name/), { target: { value: 'Rita' } });
  fireEvent.input(screen.getByLabelText(/^E-Mail/), { target: { value: 'rita@example.com' } });
  fireEvent.input(screen.getByLabelText(/^Ihre Nachricht/), { target: { value: 'Habt ihr glutenfreie Pizza?' } });
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Nachricht senden' }));
  });
}

describe('SupportForm', () => {
  it('says a refusal in German, not in the English of the server', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      '/support': { status: 429, body: { detail: 'Too many messages; try again later.', code: 'too_many_requests', params: {} } },
    });
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Zu viele Anfragen. Bitte warten Sie einen Moment und versuchen Sie es erneut.',
    );
    expect(screen.getByRole('alert')).not.toHaveTextContent('Too many');
  });

  it('says the message was not sent when the server fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({ '/support': { status: 500, body: { detail: 'Something went wrong on the server.', code: 'internal_error', params: {} } } });
    await send();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ihre Nachricht konnte nicht gesendet werden. Bitte versuchen Sie es erneut.',
    );
  });

  it('puts an invalid field next to it', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch({
      '/support': { status: 400, body: { detail: 'email: is not valid', code: 'invalid', field: 'email', params: { field: 'email' } } },
    });
    await send();
    expect(await screen.findByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^E-Mail/)).toHaveAttribute('aria-invalid', 'true');
  });
});
