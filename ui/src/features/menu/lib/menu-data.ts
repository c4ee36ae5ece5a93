import type { Category } from '../../../lib/api';
import type { Allergen, Product } from '../../../lib/menu-api';

export interface MenuSection {
  category: Category;
  products: Product[];
}

function normalize(text: string | null | undefined): string {
  return (text ?? '').toLocaleLowerCase('de-DE');
}

/**
 * Products whose name or description (German or English) contains the query,
 * case-insensitively. A blank query keeps everything.
 */
export function filterProducts(products: readonly Product[], query: string): Product[] {
  const needle = normalize(query.trim());
  if (needle === '') return [...products];
  return products.filter((product) =>
    [product.name, product.name_en, product.description, product.description_en].some((text) =>
      normalize(text).includes(needle),
    ),
  );
}

/** Categories in menu order with their products (API order); empty categories are left out. */
export function groupByCategory(categories: readonly Category[], products: readonly Product[]): MenuSection[] {
  return [...categories]
    .sort((a, b) => a.sort_order - b.sort_order || a.id - b.id)
    .map((category) => ({ category, products: products.filter((p) => p.category_id === category.id) }))
    .filter((section) => section.products.length > 0);
}

/** Every allergen used by the products, letters (EU-14) before additive numbers. */
export function usedAllergens(products: readonly Product[]): Allergen[] {
  const byCode = new Map<string, Allergen>();
  for (const product of products) {
    for (const allergen of product.allergens) byCode.set(allergen.code, allergen);
    for (const group of product.enriched_topping_groups) {
      for (const topping of group.toppings) {
        for (const allergen of topping.allergens ?? []) byCode.set(allergen.code, allergen);
      }
    }
  }
  const isNumber = (code: string) => /^\d+$/.test(code);
  return [...byCode.values()].sort((a, b) => {
    if (isNumber(a.code) !== isNumber(b.code)) return isNumber(a.code) ? 1 : -1;
    if (isNumber(a.code)) return Number(a.code) - Number(b.code);
    return a.code.localeCompare(b.code);
  });
}
