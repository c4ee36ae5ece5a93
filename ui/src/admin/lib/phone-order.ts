import type { Product } from '../../lib/menu-api';
import { filterItems } from './search';

// The phone order's lines are cart lines (lib/cart-lines.ts: buildCartItem,
// addItem, setItemQuantity, removeItem, subtotalCents) and go to the server through
// requestLine (lib/orders-api.ts); what is the phone order's own is finding the dish.

/** Products whose names or description contain every word of `query` (accents ignored), sold-out ones last. */
export function searchProducts(products: readonly Product[], query: string): Product[] {
  const matches = filterItems(products, query, (product) =>
    [product.name, product.name_en ?? '', product.description ?? '', product.description_en ?? ''].join(' '),
  );
  return [...matches.filter((p) => p.available), ...matches.filter((p) => !p.available)];
}
