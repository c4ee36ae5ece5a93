import { apiFetch, logged, takeInitial } from './api-client';

/** Public menu reads (contract: menu-api.md). Money is euros. */

export interface Allergen {
  id: number;
  code: string;
  name: string;
  name_en: string | null;
}

/** The unit a unit price is per: litre (drinks) or kilogram. */
export type ContentUnit = 'l' | 'kg';

/** A product's (or variant's) net content, e.g. { amount: 0.33, unit: 'l' }. */
export interface NetContent {
  amount: number;
  unit: ContentUnit;
}

/**
 * What German price labelling (PAngV) shows beside a price. Absent in carts stored
 * before these fields existed: read absent as none.
 */
export interface PriceLabels {
  /** The deposit (Pfand) per unit in euros, charged on top of the price; null: none. */
  deposit?: number | null;
  /** null: none (the product is not sold by volume or weight). */
  net_content?: NetContent | null;
  /** Euros per 1 l or 1 kg, computed by the server from the price and the content; null without content. */
  unit_price?: number | null;
}

export interface ProductVariant extends PriceLabels {
  id: number;
  name: string;
  name_en: string | null;
  price: number;
  /** false = this size is sold out; absent (carts kept from before): on sale. */
  available?: boolean;
}

export interface Topping {
  id: number;
  name: string;
  name_en: string | null;
  /** Price of the topping in this group, in euros. */
  price: number;
  allergens?: Allergen[];
  /** false = sold out; absent (carts kept from before): on sale. */
  available?: boolean;
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

/** A photo's renditions: `{url}/{w}.webp` and `{url}/{w}.jpg` for each of `widths`. */
export interface ImageInfo {
  url: string;
  width: number;
  height: number;
  widths: number[];
}

/** For a variable product the price labels are null here and set on each variant. */
export interface Product extends PriceLabels {
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
  image?: ImageInfo | null;
  sort_order: number;
  /** false = sold out (by staff, or nothing left of its daily stock): shown, but cannot be ordered. */
  available: boolean;
  allergens: Allergen[];
  enriched_topping_groups: ToppingGroup[];
  /** Minimum age for selling it (beer and wine 16, spirits 18); null or absent: none. */
  age_restriction?: 16 | 18 | null;
}

export interface Banner {
  id: number;
  image_url: string;
  image?: ImageInfo | null;
  alt: string;
  sort_order: number;
}

const productsPath = (storeId: number) => `/products/?store_id=${encodeURIComponent(storeId)}`;
const bannersPath = (storeId: number) => `/banners/?store_id=${encodeURIComponent(storeId)}`;

export function getProducts(storeId: number): Promise<Product[]> {
  return logged('getProducts', apiFetch<Product[]>(productsPath(storeId)));
}

/** The products as the page carries them, once (`takeInitial`). */
export const productsFromPage = (storeId: number) => takeInitial(productsPath(storeId)) as Product[] | undefined;

export function getBanners(storeId: number): Promise<Banner[]> {
  return logged('getBanners', apiFetch<Banner[]>(bannersPath(storeId)));
}

/** The banners as the page carries them, once. */
export const bannersFromPage = (storeId: number) => takeInitial(bannersPath(storeId)) as Banner[] | undefined;

export function getAllergies(): Promise<Allergen[]> {
  return logged('getAllergies', apiFetch<Allergen[]>('/allergies/'));
}
