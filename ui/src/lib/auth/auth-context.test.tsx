import { act, render, screen } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { AuthProvider, useAuth } from './auth-context';

const payload = {
  access_token: 'jwt-1',
  user: { id: 1, email: 'anna@example.com', customer_name: 'Anna Admin', role: 'admin' },
};

function Probe() {
  const { user, token, loading, login, logout } = useAuth();
  return (
    <div>
      <p data-testid="state">{loading ? 'loading' : `${user?.customer_name ?? 'nobody'} ${token ?? '-'}`}</p>
      <button type="button" onClick={() => login(payload)}>
        login
      </button>
      <button type="button" onClick={() => logout()}>
        logout
      </button>
    </div>
  );
}

const state = () => screen.getByTestId('state').textContent;

describe('AuthProvider', () => {
  it('starts signed out without asking the server when nothing is stored', () => {
    const fetchMock = mockFetch({});
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(state()).toBe('nobody -');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('restores the stored session and turns loading off once /users/me answered', async () => {
    sessionStorage.setItem('userData', JSON.stringify(payload));
    mockFetch({ '/users/me': { body: { ...payload.user, customer_name: 'Anna Neu' } } });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    expect(state()).toBe('loading');
    await vi.waitFor(() => expect(state()).toBe('Anna Neu jwt-1'));
    expect(JSON.parse(sessionStorage.getItem('userData') ?? '{}').user.customer_name).toBe('Anna Neu');
  });

  it('clears a session the server no longer accepts (401)', async () => {
    sessionStorage.setItem('userData', JSON.stringify(payload));
    mockFetch({ '/users/me': { status: 401, body: { detail: 'expired', code: 'unauthorized' } } });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await vi.waitFor(() => expect(state()).toBe('nobody -'));
    expect(sessionStorage.getItem('userData')).toBeNull();
  });

  it('keeps the session when the check fails for another reason', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('userData', JSON.stringify(payload));
    mockFetch({ '/users/me': { status: 503, body: { detail: 'down' } } });
    render(
      <AuthProvider>
        <Probe />
      </AuthProvider>,
    );
    await vi.waitFor(() => expect(state()).toBe('Anna Admin jwt-1'));
  });

  it('login stores the payload; logout empties session and cart and reloads home', async () => {
    const onLogout = vi.fn();
    localStorage.setItem('cartItems', '[]');
    localStorage.setItem('orderNote', 'x');
    render(
      <AuthProvider verify={false} onLogout={onLogout}>
        <Probe />
      </AuthProvider>,
    );
    await act(async () => screen.getByRole('button', { name: 'login' }).click());
    expect(state()).toBe('Anna Admin jwt-1');
    expect(sessionStorage.getItem('userData')).toContain('jwt-1');

    await act(async () => screen.getByRole('button', { name: 'logout' }).click());
    expect(state()).toBe('nobody -');
    expect(sessionStorage.getItem('userData')).toBeNull();
    expect(localStorage.getItem('cartItems')).toBeNull();
    expect(localStorage.getItem('orderNote')).toBeNull();
    expect(onLogout).toHaveBeenCalledWith(undefined);
  });
});
