import { addItem, buildCartItem, type CartItem } from '../../../lib/cart-lines';
import type { Product } from '../../../lib/menu-api';
import { selectionProblems } from '../../../lib/product-choice';
import type { ProductSelection } from '../../../lib/product-selection';

/** A line of a past order, as the order views give it. */
export interface PastOrderLine {
  product_id: number;
  variant_id: number | null;
  /** The name the order was placed with, e.g. "Pizza Hawaii (Groß)". */
  name: string;
  quantity: number;
  /** Extras with their units per item. */
  extras: readonly { topping_id: number; quantity: number }[];
}

export interface Reordered {
  /** The lines that can be ordered again, priced from today's menu. */
  items: CartItem[];
  /** The names of the lines left out, as the order had them. */
  missing: string[];
}

/** The choice a past line made, on today's product; null when the product no longer offers it. */
function selectionFor(line: PastOrderLine, product: Product): ProductSelection | null {
  if (line.variant_id !== null ? !product.variants.some((v) => v.id === line.variant_id) : product.type === 'variable') {
    return null;
  }
  const extras: ProductSelection['extras'] = [];
  for (const extra of line.extras) {
    const group = product.enriched_topping_groups.find((g) => g.toppings.some((t) => t.id === extra.topping_id));
    if (!group) return null;
    extras.push({ groupId: group.id, toppingId: extra.topping_id, quantity: extra.quantity });
  }
  const selection = { variantId: line.variant_id, extras };
  // The choice rules may have changed since (a new required group, a lower maximum).
  return selectionProblems(product, selection).length === 0 ? selection : null;
}

/**
 * The lines of a past order as cart lines at today's prices (the current menu's,
 * never the order's): a line whose product is sold out or gone, or whose variant
 * or one of whose extras is no longer offered, is left out and named.
 */
export function reorderLines(lines: readonly PastOrderLine[], products: readonly Product[], language: string): Reordered {
  let items: CartItem[] = [];
  const missing: string[] = [];
  for (const line of lines) {
    const product = products.find((candidate) => candidate.id === line.product_id);
    const selection = product?.available ? selectionFor(line, product) : null;
    if (!product || selection === null) {
      if (!missing.includes(line.name)) missing.push(line.name);
      continue;
    }
    items = addItem(items, buildCartItem(product, selection, language, line.quantity));
  }
  return { items, missing };
}
