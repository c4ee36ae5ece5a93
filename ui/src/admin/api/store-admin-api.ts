import { apiFetch, logged } from '../../lib/api-client';
import { ifMatch } from '../lib/edit-version';
import type { AdminDiscount, DiscountCode, Postcode, Readiness, StoreSettings, StoreSettingsBody } from '../types';

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

const id = (value: number) => encodeURIComponent(value);

/** GET /stores/{id}: the whole store record. */
export function getStoreSettings(storeId: number): Promise<StoreSettings> {
  return logged('getStoreSettings', apiFetch<StoreSettings>(`/stores/${id(storeId)}`));
}

/**
 * PUT /stores/{id} with the whole writable record, made on the settings' `version`
 * (409 `edit_conflict` when someone else changed them since); answers the saved store.
 */
export function saveStoreSettings(storeId: number, body: StoreSettingsBody, version: string | undefined): Promise<StoreSettings> {
  return logged(
    'saveStoreSettings',
    apiFetch<StoreSettings>(`/stores/${id(storeId)}`, json('PUT', body, ifMatch(version))),
  );
}

/**
 * PUT /stores/{id}/pause: the kitchen's quick switch. On the settings page it is sent on
 * the settings' `version`, which the pause changes too; the dashboard's "resume" button
 * sets the one value without it.
 */
export function setStorePaused(storeId: number, paused: boolean, version?: string): Promise<StoreSettings> {
  return logged(
    'setStorePaused',
    apiFetch<StoreSettings>(`/stores/${id(storeId)}/pause`, json('PUT', { paused }, ifMatch(version))),
  );
}

export function getAdminDiscounts(): Promise<AdminDiscount[]> {
  return logged('getAdminDiscounts', apiFetch<AdminDiscount[]>('/admin/discounts'));
}

/**
 * PUT /discounts/{id}/{code}, made on the discount's `version`, or, for one not set when
 * the page was loaded (`null`), only while it is still not set (`If-None-Match: *`).
 */
export function saveDiscount(
  storeId: number,
  code: DiscountCode,
  body: { value: number; expires_on: string | null },
  version: string | null,
): Promise<AdminDiscount> {
  const precondition = version === null ? { 'If-None-Match': '*' } : ifMatch(version);
  return logged(
    `PUT discount ${code}`,
    apiFetch<AdminDiscount>(`/discounts/${id(storeId)}/${encodeURIComponent(code)}`, json('PUT', body, precondition)),
  );
}

export function deleteDiscount(storeId: number, code: DiscountCode, version: string | undefined): Promise<void> {
  return logged(
    `DELETE discount ${code}`,
    apiFetch<void>(`/discounts/${id(storeId)}/${encodeURIComponent(code)}`, { method: 'DELETE', headers: ifMatch(version) }),
  );
}

export type PostcodeBody = Pick<Postcode, 'postcode' | 'minimum_order_amount' | 'delivery_fee' | 'delivery_time'>;

export function getPostcodes(storeId: number): Promise<Postcode[]> {
  return logged('getPostcodes', apiFetch<Postcode[]>(`/postcodes/store/${id(storeId)}`));
}

export function createPostcode(body: PostcodeBody): Promise<Postcode> {
  return logged('createPostcode', apiFetch<Postcode>('/postcodes/', json('POST', body)));
}

/** PUT /postcodes/{id}, made on the zone's `version` (409 `edit_conflict` when someone else changed it). */
export function updatePostcode(postcodeId: number, body: PostcodeBody, version: string | undefined): Promise<Postcode> {
  return logged(
    'updatePostcode',
    apiFetch<Postcode>(`/postcodes/${id(postcodeId)}`, json('PUT', body, ifMatch(version))),
  );
}

export function deletePostcode(postcodeId: number, version: string | undefined): Promise<void> {
  return logged(
    'deletePostcode',
    apiFetch<void>(`/postcodes/${id(postcodeId)}`, { method: 'DELETE', headers: ifMatch(version) }),
  );
}

/** GET /admin/readiness: what the shop still lacks before it may open. */
export function getReadiness(): Promise<Readiness> {
  return logged('getReadiness', apiFetch<Readiness>('/admin/readiness'));
}

/** POST /admin/readiness/confirm: open with exactly these findings (409 readiness_changed if the list moved on). */
export function confirmReadiness(findingKeys: string[]): Promise<Readiness> {
  return logged('confirmReadiness', apiFetch<Readiness>('/admin/readiness/confirm', json('POST', { finding_keys: findingKeys })));
}
