import { describe, expect, it, vi } from 'vitest';
import {
  clearSessionAndCart,
  firstName,
  readStoredSession,
  sessionFromPayload,
  storeSession,
} from './session';

const payload = {
  access_token: 'jwt-1',
  token_type: 'bearer',
  expires_in: 43200,
  user: { id: 1, email: 'anna@example.com', customer_name: 'Anna Maria Admin', role: 'admin' },
};

describe('session', () => {
  it('is empty when nothing is stored', () => {
    expect(readStoredSession()).toEqual({ user: null, token: null });
  });

  it('restores user and token from the stored login payload', () => {
    sessionStorage.setItem('userData', JSON.stringify(payload));
    expect(readStoredSession()).toEqual({ user: payload.user, token: 'jwt-1' });
  });

  it('takes the token field when there is no access_token', () => {
    expect(sessionFromPayload({ token: 'tok', user: { customer_name: 'Kim' } })).toEqual({
      user: { customer_name: 'Kim' },
      token: 'tok',
    });
  });

  it('sets user and token together: a record missing either is signed out', () => {
    expect(sessionFromPayload({ access_token: 'jwt' })).toEqual({ user: null, token: null });
    expect(sessionFromPayload({ user: { customer_name: 'Kim' } })).toEqual({ user: null, token: null });
    expect(sessionFromPayload('jwt')).toEqual({ user: null, token: null });
  });

  it('logs "Failed to parse userData", drops the record and starts signed out', () => {
    const errorSpy = vi.spyOn(console, 'error').mockImplementation(() => {});
    sessionStorage.setItem('userData', '{broken');
    expect(readStoredSession()).toEqual({ user: null, token: null });
    expect(errorSpy).toHaveBeenCalledWith('Failed to parse userData');
    expect(sessionStorage.getItem('userData')).toBeNull();
  });

  it('stores the whole login payload under userData', () => {
    storeSession(payload);
    expect(JSON.parse(sessionStorage.getItem('userData') ?? 'null')).toEqual(payload);
  });

  it('logout clears the session and the cart with its note, nothing else', () => {
    storeSession(payload);
    localStorage.setItem('cartItems', '[{"id":1}]');
    localStorage.setItem('orderNote', 'no onions');
    localStorage.setItem('app_language', 'en');
    clearSessionAndCart();
    expect(sessionStorage.getItem('userData')).toBeNull();
    expect(localStorage.getItem('cartItems')).toBeNull();
    expect(localStorage.getItem('orderNote')).toBeNull();
    expect(localStorage.getItem('app_language')).toBe('en');
  });

  it('shows the first word of the customer name', () => {
    expect(firstName(payload.user)).toBe('Anna');
    expect(firstName({ customer_name: '  Bob  ' })).toBe('Bob');
    expect(firstName({ email: 'kim@example.com' })).toBe('kim');
    expect(firstName(null)).toBe('');
  });
});
