export interface Tax {
  id: number;
  name: string;
  percentage: number;
}

export interface Category {
  id: number;
  name: string;
  name_en: string | null;
  description: string | null;
  description_en: string | null;
  sort_order: number;
  visible: boolean;
}

export interface Variant {
  id?: number;
  name: string;
  name_en: string | null;
  price: number;
}

export type ProductType = 'simple' | 'variable';

export interface Product {
  id: number;
  category_id: number;
  name: string;
  name_en: string | null;
  description: string | null;
  description_en: string | null;
  price: number;
  tax_id: number;
  type: ProductType;
  variants: Variant[];
  image_url: string | null;
  sort_order: number;
  available: boolean;
}

export interface Topping {
  id: number;
  name: string;
  name_en: string | null;
  price: number;
}

export interface ToppingGroup {
  id: number;
  name: string;
  name_en: string | null;
  min_selections: number;
  max_selections: number;
}

export interface GroupItem {
  id: number;
  topping_group_id: number;
  topping_id: number;
  price: number;
  sort_order: number;
}

export interface ProductGroup {
  id: number;
  product_id: number;
  topping_group_id: number;
  sort_order: number;
}

export interface Allergy {
  id: number;
  code: string;
  name: string;
  name_en: string | null;
}

export type ItemType = 'product' | 'topping';

export interface ItemAllergy {
  id: number;
  item_type: ItemType;
  item_id: number;
  allergy_id: number;
}

export interface Banner {
  id: number;
  image_url: string;
  alt: string;
  sort_order: number;
}

/** GET /admin/catalog: every record, including hidden categories and sold-out products. */
export interface Catalog {
  taxes: Tax[];
  categories: Category[];
  products: Product[];
  toppings: Topping[];
  topping_groups: ToppingGroup[];
  group_items: GroupItem[];
  product_groups: ProductGroup[];
  allergies: Allergy[];
  item_allergies: ItemAllergy[];
  banners: Banner[];
}

export type CatalogKey = keyof Catalog;

export const EMPTY_CATALOG: Catalog = {
  taxes: [],
  categories: [],
  products: [],
  toppings: [],
  topping_groups: [],
  group_items: [],
  product_groups: [],
  allergies: [],
  item_allergies: [],
  banners: [],
};
