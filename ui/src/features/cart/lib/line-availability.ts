import type { CartItem } from '../../../lib/cart-lines';
import type { Product } from '../../../lib/menu-api';

/**
 * Why a cart line cannot be ordered as it is: its product, its size or one of its
 * extras is sold out (on the menu with available = false), or no longer on the menu
 * (the server would refuse such a line).
 */
export type LineProblem = 'sold_out' | 'unavailable';

/** The line checked against the live menu; null = orderable (or no menu known yet). */
export function lineProblem(item: CartItem, products: readonly Product[] | null): LineProblem | null {
  if (products === null) return null;
  const product = products.find((candidate) => candidate.id === item.id);
  if (!product) return 'unavailable';
  if (!product.available) return 'sold_out';
  const variant = item.selectedVariant;
  // undefined: the line's size or an extra is not on the menu (any more).
  const chosen = [
    variant ? product.variants.find((v) => v.id === variant.id) : null,
    ...item.extras.map((extra) =>
      product.enriched_topping_groups
        .filter((group) => extra.group_id === undefined || group.id === extra.group_id)
        .flatMap((group) => group.toppings)
        .find((topping) => topping.id === extra.id),
    ),
  ];
  if (chosen.includes(undefined) || (!variant && product.type === 'variable')) return 'unavailable';
  return chosen.some((choice) => choice?.available === false) ? 'sold_out' : null;
}

export interface CheckedLines {
  /** The problem of each line that has one, by uniqueKey. */
  problems: ReadonlyMap<string, LineProblem>;
  /** The lines that can be ordered: the ones the totals count. */
  orderable: CartItem[];
}

/** Checks every line against the live menu (null: not known yet, every line counts). */
export function checkLines(items: readonly CartItem[], products: readonly Product[] | null): CheckedLines {
  const problems = new Map<string, LineProblem>();
  const orderable: CartItem[] = [];
  for (const item of items) {
    const problem = lineProblem(item, products);
    if (problem === null) orderable.push(item);
    else problems.set(item.uniqueKey, problem);
  }
  return { problems, orderable };
}
