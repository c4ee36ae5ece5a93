import type { Product } from '../../../lib/menu-api';
import type { OrderRequestLine } from '../../../lib/order-types';
import { selectionUnitCents, type ProductSelection } from '../../../lib/product-selection';
import { filterItems } from './search';

/** Most of one line the server takes (contract: 1–99). */
export const MAX_LINE_QUANTITY = 99;

/** A line of the phone order: a product with its variant and extras, and how many. */
export interface PhoneLine {
  key: string;
  product: Product;
  selection: ProductSelection;
  quantity: number;
}

/** Lines with the same product, variant and extras are the same line. */
export function lineKey(productId: number, selection: ProductSelection): string {
  const extras = selection.extras
    .filter((extra) => extra.quantity > 0)
    .map((extra) => `${extra.toppingId}x${extra.quantity}`)
    .sort()
    .join(',');
  return `${productId}|${selection.variantId ?? 'base'}|${extras}`;
}

/** Adds `quantity` of the product; an equal line gets its quantity raised instead. */
export function addLine(lines: readonly PhoneLine[], product: Product, selection: ProductSelection, quantity = 1): PhoneLine[] {
  const key = lineKey(product.id, selection);
  if (lines.some((line) => line.key === key)) {
    return lines.map((line) =>
      line.key === key ? { ...line, quantity: Math.min(MAX_LINE_QUANTITY, line.quantity + quantity) } : line,
    );
  }
  return [...lines, { key, product, selection, quantity: Math.min(MAX_LINE_QUANTITY, quantity) }];
}

/** Sets a line's quantity within 1–99; removing is explicit. */
export function setLineQuantity(lines: readonly PhoneLine[], key: string, quantity: number): PhoneLine[] {
  const next = Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));
  return lines.map((line) => (line.key === key ? { ...line, quantity: next } : line));
}

export function removeLine(lines: readonly PhoneLine[], key: string): PhoneLine[] {
  return lines.filter((line) => line.key !== key);
}

export function lineCents(line: PhoneLine): number {
  return selectionUnitCents(line.product, line.selection) * line.quantity;
}

/** The goods' price before discount and delivery fee; the server's answer has the final total. */
export function subtotalCents(lines: readonly PhoneLine[]): number {
  return lines.reduce((sum, line) => sum + lineCents(line), 0);
}

/** The lines as POST /admin/phone-orders takes them. */
export function requestLines(lines: readonly PhoneLine[]): OrderRequestLine[] {
  return lines.map((line) => ({
    product_id: line.product.id,
    variant_id: line.selection.variantId,
    extras: line.selection.extras
      .filter((extra) => extra.quantity > 0)
      .map((extra) => ({ topping_id: extra.toppingId, quantity: extra.quantity })),
    quantity: line.quantity,
  }));
}

/** Products whose names or description contain every word of `query` (accents ignored), sold-out ones last. */
export function searchProducts(products: readonly Product[], query: string): Product[] {
  const matches = filterItems(products, query, (product) =>
    [product.name, product.name_en ?? '', product.description ?? '', product.description_en ?? ''].join(' '),
  );
  return [...matches.filter((p) => p.available), ...matches.filter((p) => !p.available)];
}
