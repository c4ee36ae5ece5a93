import { act, fireEvent, render, screen } from '@testing-library/preact';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { AuthProvider } from '../../lib/auth';
import i18n from '../../lib/i18n';
import { AccountArea, displayName } from './account-area';
import { HeaderSlotsProvider } from './header-slots';

function signIn(name: string) {
  sessionStorage.setItem(
    'userData',
    JSON.stringify({ access_token: 'jwt', user: { id: 2, customer_name: name, role: 'customer' } }),
  );
}

function renderArea(onLogout = vi.fn()) {
  render(
    <I18nextProvider i18n={i18n}>
      <AuthProvider verify={false} onLogout={onLogout}>
        <MemoryRouter>
          <AccountArea />
        </MemoryRouter>
      </AuthProvider>
    </I18nextProvider>,
  );
  return onLogout;
}

/** Mobile per spec §3 is narrower than 768 px. */
function mockViewport(mobile: boolean) {
  vi.stubGlobal('innerWidth', mobile ? 375 : 1280);
}

describe('AccountArea', () => {
  it('shows the login link when signed out', () => {
    renderArea();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login');
  });

  it('opens the login dialog from the Login link when the app offers one, keeping the link', () => {
    const onLoginClick = vi.fn();
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <HeaderSlotsProvider value={{ onLoginClick }}>
            <AccountArea />
          </HeaderSlotsProvider>
        </MemoryRouter>
      </I18nextProvider>,
    );
    const link = screen.getByRole('link', { name: 'Anmelden' });
    expect(link).toHaveAttribute('href', '/login');
    expect(link).toHaveAttribute('aria-haspopup', 'dialog');
    fireEvent.click(link);
    expect(onLoginClick).toHaveBeenCalledTimes(1);
  });

  it('shows the first name when signed in, and a dropdown with Logout', async () => {
    mockViewport(false);
    signIn('Maximilian Muster');
    const onLogout = renderArea();
    const toggle = screen.getByRole('button', { name: 'Konto von Maximilian' });
    expect(toggle).toHaveTextContent('Maximilian');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Meine Bestellungen' })).toHaveAttribute('href', '/my-orders');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    });
    expect(onLogout).toHaveBeenCalled();
    expect(sessionStorage.getItem('userData')).toBeNull();
  });

  it('links to My orders and My account from the dropdown and closes it on the way', async () => {
    await i18n.changeLanguage('en');
    signIn('Kim');
    renderArea();
    fireEvent.click(screen.getByRole('button', { name: 'Account of Kim' }));
    const link = screen.getByRole('link', { name: 'My orders' });
    expect(link).toHaveAttribute('href', '/my-orders');
    // My orders and My account come right before Logout.
    const account = screen.getByRole('link', { name: 'My account' });
    expect(account).toHaveAttribute('href', '/account');
    expect(link.nextElementSibling).toBe(account);
    expect(account.nextElementSibling).toBe(screen.getByRole('button', { name: 'Logout' }));
    await act(async () => {
      fireEvent.click(link);
    });
    expect(screen.queryByRole('link', { name: 'My orders' })).not.toBeInTheDocument();
  });

  it('cuts the name to 4 characters plus "..." on mobile', () => {
    mockViewport(true);
    signIn('Maximilian Muster');
    renderArea();
    expect(screen.getByRole('button', { name: 'Konto von Maximilian' })).toHaveTextContent(/^Maxi\.\.\.$/);
    expect(displayName('Anna', true)).toBe('Anna');
    expect(displayName('Annabelle', false)).toBe('Annabelle');
  });

  it('closes the dropdown 150 ms after losing focus', () => {
    vi.useFakeTimers();
    signIn('Kim');
    renderArea();
    const toggle = screen.getByRole('button', { name: 'Konto von Kim' });
    fireEvent.click(toggle);
    fireEvent.focusOut(toggle);
    act(() => {
      vi.advanceTimersByTime(149);
    });
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByRole('button', { name: 'Abmelden' })).not.toBeInTheDocument();
  });
});
