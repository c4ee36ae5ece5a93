import { apiFetch, logged } from '../../lib/api-client';
import type { AdminDiscount, DiscountCode, Postcode, Readiness, StoreSettings, StoreSettingsBody } from '../types';

const json = (method: string, body: unknown): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

const id = (value: number) => encodeURIComponent(value);

/** GET /stores/{id}: the whole store record. */
export function getStoreSettings(storeId: number): Promise<StoreSettings> {
  return logged('getStoreSettings', apiFetch<StoreSettings>(`/stores/${id(storeId)}`));
}

/** PUT /stores/{id} with the whole writable record; answers the saved store. */
export function saveStoreSettings(storeId: number, body: StoreSettingsBody): Promise<StoreSettings> {
  return logged('saveStoreSettings', apiFetch<StoreSettings>(`/stores/${id(storeId)}`, json('PUT', body)));
}

/** PUT /stores/{id}/pause: the kitchen's quick switch. */
export function setStorePaused(storeId: number, paused: boolean): Promise<StoreSettings> {
  return logged('setStorePaused', apiFetch<StoreSettings>(`/stores/${id(storeId)}/pause`, json('PUT', { paused })));
}

export function getAdminDiscounts(): Promise<AdminDiscount[]> {
  return logged('getAdminDiscounts', apiFetch<AdminDiscount[]>('/admin/discounts'));
}

export function saveDiscount(
  storeId: number,
  code: DiscountCode,
  body: { value: number; expires_on: string | null },
): Promise<AdminDiscount> {
  return logged(
    `PUT discount ${code}`,
    apiFetch<AdminDiscount>(`/discounts/${id(storeId)}/${encodeURIComponent(code)}`, json('PUT', body)),
  );
}

export function deleteDiscount(storeId: number, code: DiscountCode): Promise<void> {
  return logged(
    `DELETE discount ${code}`,
    apiFetch<void>(`/discounts/${id(storeId)}/${encodeURIComponent(code)}`, { method: 'DELETE' }),
  );
}

export type PostcodeBody = Pick<Postcode, 'postcode' | 'minimum_order_amount' | 'delivery_fee' | 'delivery_time'>;

export function getPostcodes(storeId: number): Promise<Postcode[]> {
  return logged('getPostcodes', apiFetch<Postcode[]>(`/postcodes/store/${id(storeId)}`));
}

export function createPostcode(body: PostcodeBody): Promise<Postcode> {
  return logged('createPostcode', apiFetch<Postcode>('/postcodes/', json('POST', body)));
}

export function updatePostcode(postcodeId: number, body: PostcodeBody): Promise<Postcode> {
  return logged('updatePostcode', apiFetch<Postcode>(`/postcodes/${id(postcodeId)}`, json('PUT', body)));
}

export function deletePostcode(postcodeId: number): Promise<void> {
  return logged('deletePostcode', apiFetch<void>(`/postcodes/${id(postcodeId)}`, { method: 'DELETE' }));
}

/** GET /admin/readiness: what the shop still lacks before it may open. */
export function getReadiness(): Promise<Readiness> {
  return logged('getReadiness', apiFetch<Readiness>('/admin/readiness'));
}

/** POST /admin/readiness/confirm: open with exactly these findings (409 readiness_changed if the list moved on). */
export function confirmReadiness(findingKeys: string[]): Promise<Readiness> {
  return logged('confirmReadiness', apiFetch<Readiness>('/admin/readiness/confirm', json('POST', { finding_keys: findingKeys })));
}
