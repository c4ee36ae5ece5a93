import { apiFetch, logged } from './api-client';

/** Public menu reads (contract: menu-api.md). Money is euros. */

export interface Allergen {
  id: number;
  code: string;
  name: string;
  name_en: string | null;
}

export interface ProductVariant {
  id: number;
  name: string;
  name_en: string | null;
  price: number;
}

export interface Topping {
  id: number;
  name: string;
  name_en: string | null;
  /** Price of the topping in this group, in euros. */
  price: number;
  allergens?: Allergen[];
}

export interface ToppingGroup {
  id: number;
  name: string;
  name_en: string | null;
  min_selections: number;
  max_selections: number;
  toppings: Topping[];
}

export interface Tax {
  id: number;
  name: string;
  percentage: number;
}

export type ProductType = 'simple' | 'variable';

export interface Product {
  id: number;
  category_id: number;
  name: string;
  name_en: string | null;
  description: string | null;
  description_en: string | null;
  /** Euros; for variable products the lowest variant price. */
  price: number;
  type: ProductType;
  tax: Tax | null;
  variants: ProductVariant[];
  image_url: string | null;
  sort_order: number;
  /** false = sold out: shown, but cannot be ordered. */
  available: boolean;
  allergens: Allergen[];
  enriched_topping_groups: ToppingGroup[];
  /** Minimum age for selling it (beer and wine 16, spirits 18); null or absent: none. */
  age_restriction?: 16 | 18 | null;
}

export interface Banner {
  id: number;
  image_url: string;
  alt: string;
  sort_order: number;
}

export function getProducts(storeId: number): Promise<Product[]> {
  return logged('getProducts', apiFetch<Product[]>(`/products/?store_id=${encodeURIComponent(storeId)}`));
}

export function getBanners(storeId: number): Promise<Banner[]> {
  return logged('getBanners', apiFetch<Banner[]>(`/banners/?store_id=${encodeURIComponent(storeId)}`));
}

export function getAllergies(): Promise<Allergen[]> {
  return logged('getAllergies', apiFetch<Allergen[]>('/allergies/'));
}
