import { apiFetch, logged } from '../../lib/api-client';
import { ifMatch } from '../lib/edit-version';
import { EMPTY_CATALOG, type Banner, type Catalog, type Product } from '../types';

/** Collection endpoints of the admin writes, e.g. POST /taxes/ and PUT /taxes/{id}. */
export type AdminEndpoint =
  | '/taxes/'
  | '/categories/'
  | '/products/'
  | '/toppings/'
  | '/topping-groups/'
  | '/group-items/'
  | '/product-groups/'
  | '/allergies/'
  | '/item-allergies/'
  | '/banners/';

export type Body = Record<string, unknown>;

const json = (method: string, body: Body, headers: Record<string, string> = {}): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export async function getCatalog(): Promise<Catalog> {
  const catalog = await logged('getCatalog', apiFetch<Partial<Catalog>>('/admin/catalog'));
  return { ...EMPTY_CATALOG, ...catalog };
}

export function createRecord<T>(endpoint: AdminEndpoint, body: Body): Promise<T> {
  return logged(`POST ${endpoint}`, apiFetch<T>(endpoint, json('POST', body)));
}

/** PUT {endpoint}{id}, made on the record's `version`: 409 `edit_conflict` when someone else changed it since. */
export function updateRecord<T>(endpoint: AdminEndpoint, id: number, body: Body, version: string | undefined): Promise<T> {
  return logged(`PUT ${endpoint}${id}`, apiFetch<T>(`${endpoint}${id}`, json('PUT', body, ifMatch(version))));
}

export function deleteRecord(endpoint: AdminEndpoint, id: number, version: string | undefined): Promise<void> {
  return logged(
    `DELETE ${endpoint}${id}`,
    apiFetch<void>(`${endpoint}${id}`, { method: 'DELETE', headers: ifMatch(version) }),
  );
}

/**
 * PUT /products/{id}/availability: sold out (`false`) or on sale again (`true`), nothing
 * else of the product; the one menu change staff may make. Answers the product.
 */
export function setProductAvailable(id: number, available: boolean): Promise<Product> {
  return logged('setProductAvailable', apiFetch<Product>(`/products/${id}/availability`, json('PUT', { available })));
}

/** PUT /products/{id}/image with the raw file as body, on the product's `version`. */
export function uploadProductImage(id: number, file: Blob, version: string | undefined): Promise<Product> {
  return logged(
    'uploadProductImage',
    apiFetch<Product>(`/products/${id}/image`, {
      method: 'PUT',
      headers: { 'Content-Type': file.type || 'application/octet-stream', ...ifMatch(version) },
      body: file,
    }),
  );
}

export function removeProductImage(id: number, version: string | undefined): Promise<Product> {
  return logged(
    'removeProductImage',
    apiFetch<Product>(`/products/${id}/image`, { method: 'DELETE', headers: ifMatch(version) }),
  );
}

/** POST /banners/?alt=…&sort_order=… with the raw image as body; answers the new banner (201). */
export function uploadBanner(file: Blob, alt: string, sortOrder: number): Promise<Banner> {
  const query = new URLSearchParams({ alt, sort_order: String(sortOrder) });
  return logged(
    'uploadBanner',
    apiFetch<Banner>(`/banners/?${query.toString()}`, {
      method: 'POST',
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
    }),
  );
}
