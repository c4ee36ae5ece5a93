import type { Product } from './menu-api';
import { quantityOf } from './product-choice';
import type { ProductSelection, SelectionProblem } from './product-selection';

// Sold-out sizes and toppings in a product's choices, for the storefront's options
// modal (kept out of the first visit's code: the cart's own check is in
// line-availability.ts).

/** What keeps a choice from being added: the rules' problems, or a chosen item sold out. */
export type ChoiceProblem =
  | SelectionProblem
  | { kind: 'sold_out'; item: { id: number; name: string; name_en: string | null } };

/** A size or topping the menu marks sold out (absent, as in carts kept from before: on sale). */
export function isSoldOut(item: { available?: boolean }): boolean {
  return item.available === false;
}

/** The chosen size and toppings that are sold out, each as a problem naming it. */
export function soldOutProblems(product: Product, selection: ProductSelection): ChoiceProblem[] {
  const size = product.variants.filter((variant) => variant.id === selection.variantId);
  const toppings = product.enriched_topping_groups.flatMap((group) =>
    group.toppings.filter((topping) => quantityOf(selection, group.id, topping.id) > 0),
  );
  return [...size, ...toppings].filter(isSoldOut).map((item) => ({ kind: 'sold_out' as const, item }));
}

/** A stable key for a selection problem in a list. */
export function problemKey(problem: ChoiceProblem): string {
  if (problem.kind === 'variant') return 'variant';
  if (problem.kind === 'sold_out') return `sold_out-${problem.item.id}`;
  return `${problem.kind}-${problem.group.id}`;
}
