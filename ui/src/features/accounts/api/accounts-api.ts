import { apiFetch, logged } from '../../../lib/api-client';
import type { AuthUser, LoginPayload } from '../../../lib/auth';

/** Customer accounts, addresses, password reset and support (contract: accounts-api.md). */

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  phone: string;
}

export interface Detail {
  detail: string;
}

/** A saved shipping address of the signed-in customer. */
export interface Address {
  id: number;
  type: 'shipping';
  customer_name: string;
  /** Street and house number. */
  line1: string;
  city: string;
  zip: string;
  country: string;
  phone: string;
  email: string;
  notes: string;
}

export type AddressInput = Omit<Address, 'id' | 'type'>;


const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

export function registerCustomer(input: RegisterInput): Promise<AuthUser> {
  return logged('registerCustomer', apiFetch<AuthUser>('/register/customer', json('POST', input)));
}

export function requestPasswordReset(email: string): Promise<Detail> {
  return logged('requestPasswordReset', apiFetch<Detail>('/forgot-password', json('POST', { email })));
}

export function resetPassword(token: string, password: string): Promise<Detail> {
  return logged('resetPassword', apiFetch<Detail>('/reset-password', json('POST', { token, password })));
}


export function listAddresses(): Promise<Address[]> {
  return logged('listAddresses', apiFetch<Address[]>('/addresses/'));
}

export function createAddress(input: AddressInput): Promise<Address> {
  return logged('createAddress', apiFetch<Address>('/addresses/', json('POST', input)));
}

export function updateAddress(id: number, input: AddressInput): Promise<Address> {
  return logged('updateAddress', apiFetch<Address>(`/addresses/${encodeURIComponent(id)}`, json('PUT', input)));
}

export function deleteAddress(id: number): Promise<void> {
  return logged('deleteAddress', apiFetch<void>(`/addresses/${encodeURIComponent(id)}`, { method: 'DELETE' }));
}

/** DELETE /users/me: deletes the signed-in customer's account (orders stay, without personal data). */
export function deleteAccount(password: string): Promise<void> {
  return logged('deleteAccount', apiFetch<void>('/users/me', json('DELETE', { password })));
}

export interface ProfileInput {
  customer_name: string;
  phone: string;
}

/** PUT /users/me: the signed-in customer's name and phone; answers the saved user. */
export function updateProfile(input: ProfileInput): Promise<AuthUser> {
  return logged('updateProfile', apiFetch<AuthUser>('/users/me', json('PUT', input)));
}

/**
 * POST /users/me/password: ends every other session and answers a new login
 * payload, which replaces the stored one.
 */
export function changePassword(currentPassword: string, newPassword: string): Promise<LoginPayload> {
  return logged(
    'changePassword',
    apiFetch<LoginPayload>('/users/me/password', json('POST', { current_password: currentPassword, new_password: newPassword })),
  );
}
