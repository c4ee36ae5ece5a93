import type { Product, ToppingGroup } from './menu-api';

/**
 * A product's chosen variant and extras, as the variant/extras choice produces it
 * (the storefront's options modal and the phone order form). What the menu page needs
 * on a first visit; the rules of the choice itself are in `product-choice.ts`, which
 * only the dialogs load.
 */
export interface ProductSelection {
  variantId: number | null;
  extras: { groupId: number; toppingId: number; quantity: number }[];
}

export type SelectionProblem =
  | { kind: 'variant' }
  | { kind: 'min'; group: ToppingGroup; min: number }
  | { kind: 'max'; group: ToppingGroup; max: number };

/** Variable products and products with toppings need the variant/extras modal. */
export function needsOptions(product: Product): boolean {
  return (
    product.type === 'variable' ||
    product.enriched_topping_groups.some((group) => group.toppings.length > 0)
  );
}

/** The empty selection for a product (nothing chosen). */
export function emptySelection(): ProductSelection {
  return { variantId: null, extras: [] };
}
