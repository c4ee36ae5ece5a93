import { apiFetch, logged } from '../../lib/api-client';
import { ifMatch } from '../lib/edit-version';
import { EMPTY_CATALOG, type Banner, type Catalog, type Product, type Topping } from '../types';

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

/** How long a sold-out mark holds: until switched back, or until the store's first opening of a later day. */
export type SoldOutUntil = 'switched_back' | 'tomorrow';

/** The availability body: `until` goes only with sold out, and only when it is "tomorrow". */
function availability(available: boolean, until: SoldOutUntil): Body {
  return available || until === 'switched_back' ? { available } : { available, until };
}

/**
 * PUT /products/{id}/availability: sold out (`false`) or on sale again (`true`), nothing
 * else of the product; the one menu change staff may make. Answers the product.
 */
export function setProductAvailable(id: number, available: boolean, until: SoldOutUntil = 'switched_back'): Promise<Product> {
  return logged(
    'setProductAvailable',
    apiFetch<Product>(`/products/${id}/availability`, json('PUT', availability(available, until))),
  );
}

/** PUT /products/{id}/variants/{variantId}/availability: one size sold out or back; answers the product. */
export function setVariantAvailable(
  productId: number,
  variantId: number,
  available: boolean,
  until: SoldOutUntil = 'switched_back',
): Promise<Product> {
  return logged(
    'setVariantAvailable',
    apiFetch<Product>(
      `/products/${productId}/variants/${variantId}/availability`,
      json('PUT', availability(available, until)),
    ),
  );
}

/** PUT /toppings/{id}/availability: a topping sold out or back wherever it is offered; answers the topping. */
export function setToppingAvailable(id: number, available: boolean, until: SoldOutUntil = 'switched_back'): Promise<Topping> {
  return logged(
    'setToppingAvailable',
    apiFetch<Topping>(`/toppings/${id}/availability`, json('PUT', availability(available, until))),
  );
}

/** A product's daily stock on the current business day. */
export interface ProductStock {
  product_id: number;
  daily_stock: number;
  sold: number;
  left: number;
}

export interface DailyStocks {
  /** YYYY-MM-DD */
  business_date: string;
  products: ProductStock[];
}

/** GET /admin/daily-stocks: what is left today of each product's daily stock. */
export function getDailyStocks(): Promise<DailyStocks> {
  return logged('getDailyStocks', apiFetch<DailyStocks>('/admin/daily-stocks'));
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
