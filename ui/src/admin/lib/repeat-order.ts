import { addItem, buildCartItem, type CartItem } from '../../lib/cart-lines';
import type { Product } from '../../lib/menu-api';
import type { OrderLine } from '../../lib/order-types';
import { selectionProblems } from '../../lib/product-choice';
import type { ProductSelection } from '../../lib/product-selection';

/** A caller's earlier order as cart lines, and the lines the menu no longer offers so. */
export interface RepeatedOrder {
  items: CartItem[];
  /** The names of the lines left out (as they were sold), in the order's order. */
  missing: string[];
}

/**
 * The selection that orders `line` again from `product` as the menu has it now, or
 * null when the product is sold out, the size or an extra is gone, or the choice no
 * longer meets a topping group's minimum or maximum.
 */
function selectionFor(product: Product, line: OrderLine): ProductSelection | null {
  if (!product.available) return null;
  if (line.variant_id !== null && !product.variants.some((variant) => variant.id === line.variant_id)) return null;
  const extras: ProductSelection['extras'] = [];
  for (const extra of line.extras) {
    const group = product.enriched_topping_groups.find((candidate) =>
      candidate.toppings.some((topping) => topping.id === extra.topping_id),
    );
    if (group === undefined) return null;
    extras.push({ groupId: group.id, toppingId: extra.topping_id, quantity: extra.quantity });
  }
  const selection = { variantId: line.variant_id, extras };
  return selectionProblems(product, selection).length === 0 ? selection : null;
}

/**
 * Fills a cart with an earlier order's lines (the phone order's "repeat"): each with
 * its size, extras and quantity at today's prices, where the product, the size and
 * the extras are still on the menu and available; the others are named in `missing`.
 */
export function repeatOrder(products: readonly Product[], lines: readonly OrderLine[], language: string): RepeatedOrder {
  let items: CartItem[] = [];
  const missing: string[] = [];
  for (const line of lines) {
    const product = products.find((candidate) => candidate.id === line.product_id);
    const selection = product === undefined ? null : selectionFor(product, line);
    if (product === undefined || selection === null) {
      missing.push(line.name);
      continue;
    }
    items = addItem(items, buildCartItem(product, selection, language, line.quantity));
  }
  return { items, missing };
}
