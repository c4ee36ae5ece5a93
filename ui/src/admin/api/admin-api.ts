import { apiFetch, logged } from '../../lib/api-client';
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

const json = (method: string, body: Body): RequestInit => ({
  method,
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify(body),
});

export async function getCatalog(): Promise<Catalog> {
  const catalog = await logged('getCatalog', apiFetch<Partial<Catalog>>('/admin/catalog'));
  return { ...EMPTY_CATALOG, ...catalog };
}

export function createRecord<T>(endpoint: AdminEndpoint, body: Body): Promise<T> {
  return logged(`POST ${endpoint}`, apiFetch<T>(endpoint, json('POST', body)));
}

export function updateRecord<T>(endpoint: AdminEndpoint, id: number, body: Body): Promise<T> {
  return logged(`PUT ${endpoint}${id}`, apiFetch<T>(`${endpoint}${id}`, json('PUT', body)));
}

export function deleteRecord(endpoint: AdminEndpoint, id: number): Promise<void> {
  return logged(`DELETE ${endpoint}${id}`, apiFetch<void>(`${endpoint}${id}`, { method: 'DELETE' }));
}

/** PUT /products/{id}/image with the raw file as body. */
export function uploadProductImage(id: number, file: Blob): Promise<Product> {
  return logged(
    'uploadProductImage',
    apiFetch<Product>(`/products/${id}/image`, {
      method: 'PUT',
      headers: { 'Content-Type': file.type || 'application/octet-stream' },
      body: file,
    }),
  );
}

export function removeProductImage(id: number): Promise<Product> {
  return logged('removeProductImage', apiFetch<Product>(`/products/${id}/image`, { method: 'DELETE' }));
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
