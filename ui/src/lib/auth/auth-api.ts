import { apiFetch } from '../api-client';
import type { AuthUser, LoginPayload } from './session';

/** POST /login with form fields username and password. */
export function requestLogin(email: string, password: string): Promise<LoginPayload> {
  const body = new URLSearchParams({ username: email, password });
  return apiFetch<LoginPayload>('/login', { method: 'POST', body });
}

export function getCurrentUser(): Promise<AuthUser> {
  return apiFetch<AuthUser>('/users/me');
}
