import { apiFetch, logged } from '../../lib/api-client';
import type { RestaurantRole } from '../lib/roles';

/** An owner or staff account as GET /admin/accounts lists it. */
export interface RestaurantAccount {
  id: number;
  email: string;
  /** Shown in the admin area and in the orders' history. */
  name: string;
  role: RestaurantRole;
  /** UTC, RFC 3339. */
  created_at: string;
}

/** The body of POST /admin/accounts; an empty name becomes the part of the e-mail before @. */
export interface NewAccountBody {
  email: string;
  name: string;
  role: RestaurantRole;
  password: string;
}

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

const id = (value: number) => encodeURIComponent(value);

/** The owner and staff accounts, oldest first (owner only). */
export function getAccounts(): Promise<RestaurantAccount[]> {
  return logged('getAccounts', apiFetch<RestaurantAccount[]>('/admin/accounts'));
}

/** Answers the new account (201); 400 `invalid` names its field, 409 `email_taken` the e-mail. */
export function createAccount(body: NewAccountBody): Promise<RestaurantAccount> {
  return logged('createAccount', apiFetch<RestaurantAccount>('/admin/accounts', json('POST', body)));
}

/** PUT /admin/accounts/{id}/password: the account's open sessions end; answers the account. */
export function setAccountPassword(accountId: number, password: string): Promise<RestaurantAccount> {
  return logged(
    'setAccountPassword',
    apiFetch<RestaurantAccount>(`/admin/accounts/${id(accountId)}/password`, json('PUT', { password })),
  );
}

/** DELETE /admin/accounts/{id}; 409 `own_account` for one's own, `last_owner` for the only owner. */
export function deleteAccount(accountId: number): Promise<void> {
  return logged('deleteAccount', apiFetch<void>(`/admin/accounts/${id(accountId)}`, { method: 'DELETE' }));
}
