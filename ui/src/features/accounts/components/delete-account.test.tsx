import { act, fireEvent, screen, within } from '@testing-library/preact';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../../lib/i18n';
import { mockFetch } from '../../../test/fetch-mock';
import { renderAt } from '../test/render';
import { DeleteAccount } from './delete-account';

async function confirmWith(password: string) {
  const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
  fireEvent.input(within(dialog).getByLabelText(/^Password/), { target: { value: password } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
  });
  return dialog;
}

describe('DeleteAccount', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });

  it('asks for the password, sends it with DELETE /users/me and then signs out', async () => {
    const fetchMock = mockFetch({ '/users/me': { status: 204, body: null } });
    const onDeleted = vi.fn();
    renderAt(<DeleteAccount onDeleted={onDeleted} />);
    expect(screen.getByText(/past orders stay with the restaurant without your personal data/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    await confirmWith('rita-password-1');
    await vi.waitFor(() => expect(onDeleted).toHaveBeenCalledTimes(1));
    const [input, init] = fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toBe('/users/me');
    expect(init?.method).toBe('DELETE');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'rita-password-1' });
  });

  it('shows a wrong password at the field and an open order for the whole form, and deletes nothing', async () => {
    const answers = [
      { status: 403, body: { detail: 'The password is not correct.', code: 'wrong_password', field: 'password' } },
      {
        status: 409,
        body: {
          detail: 'You have an open order (no. 4). You can delete your account once it is completed.',
          code: 'open_order',
          params: { number: '4' },
        },
      },
    ];
    mockFetch({ '/users/me': () => answers.shift() ?? { status: 500, body: {} } });
    const onDeleted = vi.fn();
    await i18n.changeLanguage('de');
    renderAt(<DeleteAccount onDeleted={onDeleted} />);
    fireEvent.click(screen.getByRole('button', { name: 'Konto löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Konto wirklich löschen?' });
    fireEvent.input(within(dialog).getByLabelText(/^Passwort/), { target: { value: 'falsch' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Mein Konto löschen' }));
    });
    expect(await within(dialog).findByText('Das Passwort ist nicht richtig.')).toBeInTheDocument();
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Mein Konto löschen' }));
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Sie haben eine offene Bestellung (Nr. 4). Sie können Ihr Konto löschen, sobald sie abgeschlossen ist.',
    );
    expect(onDeleted).not.toHaveBeenCalled();
  });

  it('needs a password before it asks the server', async () => {
    const fetchMock = mockFetch({});
    renderAt(<DeleteAccount onDeleted={vi.fn()} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete account' }));
    const dialog = await confirmWith('');
    expect(within(dialog).getByText('Please fill out this field.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
