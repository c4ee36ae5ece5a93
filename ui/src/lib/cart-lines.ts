import type { Product } from './menu-api';
import { formatPrice } from './format-price';
import { localized } from './localized';
import { fromCents, toCents } from './money';
import type { ProductSelection } from './product-selection';

export interface CartExtra {
  /** Topping id. */
  id: number;
  name: string;
  name_en?: string | null;
  /** Euros per unit of this extra. */
  price: number;
  /** Units of this extra per item; 1 unless raised. */
  quantity: number;
  /** Topping group it was picked from, so the edit modal can restore it. */
  group_id?: number;
}

export interface SelectedVariant {
  id: number;
  name: string;
  name_en?: string | null;
  price: number;
}

/**
 * A cart line: the product's fields plus the choice made for it. `price` is the
 * unit price without extras (the variant's price for variable products),
 * `basePrice` the product's own price, `tax` the tax percentage. Like `price`, the
 * price labels (`deposit`, `net_content`, `unit_price`) are the chosen variant's for
 * variable products; a line stored before they existed has none.
 */
export interface CartItem extends Omit<Product, 'tax'> {
  uniqueKey: string;
  quantity: number;
  extras: CartExtra[];
  basePrice: number;
  tax: number;
  selectedVariant: SelectedVariant | null;
  displayName: string;
  /** Unit price including extras, formatted. */
  displayPrice: string;
}

export type { ProductSelection };

/**
 * The cart-item key: product id, variant id (or 'base') and the extras as
 * sorted "id x quantity" pairs, e.g. "9|101|3x1,7x2". Lines with equal keys are
 * the same thing and are merged.
 */
export function cartItemKey(
  productId: number,
  variantId: number | null | undefined,
  extras: readonly { id: number; quantity: number }[],
): string {
  const pairs = [...extras]
    .sort((a, b) => a.id - b.id || a.quantity - b.quantity)
    .map((extra) => `${extra.id}x${extra.quantity}`)
    .join(',');
  return `${productId}|${variantId ?? 'base'}|${pairs}`;
}

/** Unit price in cents: the item's price plus its extras (each times its own quantity). */
export function unitPriceCents(item: Pick<CartItem, 'price' | 'extras'>): number {
  return (
    toCents(item.price) +
    item.extras.reduce((sum, extra) => sum + toCents(extra.price) * extra.quantity, 0)
  );
}

/** The deposit (Pfand) of one item in cents; 0 when none. */
export function unitDepositCents(item: Pick<CartItem, 'deposit'>): number {
  return typeof item.deposit === 'number' ? toCents(item.deposit) : 0;
}

/** price × quantity + Σ(extra price × extra quantity × item quantity), in cents. */
export function lineTotalCents(item: Pick<CartItem, 'price' | 'extras' | 'quantity'>): number {
  return unitPriceCents(item) * item.quantity;
}

/** Subtotal of the cart in cents (spec §9). */
export function subtotalCents(items: readonly Pick<CartItem, 'price' | 'extras' | 'quantity'>[]): number {
  return items.reduce((sum, item) => sum + lineTotalCents(item), 0);
}

/** The deposits of the cart in cents: Σ deposit × quantity (charged on top of the subtotal). */
export function depositCents(items: readonly Pick<CartItem, 'deposit' | 'quantity'>[]): number {
  return items.reduce((sum, item) => sum + unitDepositCents(item) * item.quantity, 0);
}

export function itemCount(items: readonly Pick<CartItem, 'quantity'>[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/** "Pizza Salami (Ø 32 cm)", in the given language. */
export function displayNameFor(
  item: Pick<CartItem, 'name' | 'name_en' | 'selectedVariant'>,
  language: string,
): string {
  const name = localized(item.name, item.name_en, language);
  const variant = item.selectedVariant;
  return variant ? `${name} (${localized(variant.name, variant.name_en, language)})` : name;
}

/**
 * Builds a cart line from a product and a selection. Unknown variant or topping
 * ids are dropped; the caller validates the selection first.
 */
export function buildCartItem(
  product: Product,
  selection: ProductSelection,
  language: string,
  quantity = 1,
): CartItem {
  const variant = product.variants.find((v) => v.id === selection.variantId) ?? null;
  const extras: CartExtra[] = [];
  for (const picked of selection.extras) {
    if (picked.quantity < 1) continue;
    const group = product.enriched_topping_groups.find((g) => g.id === picked.groupId);
    const topping = group?.toppings.find((t) => t.id === picked.toppingId);
    if (!group || !topping) continue;
    extras.push({
      id: topping.id,
      name: topping.name,
      name_en: topping.name_en,
      price: topping.price,
      quantity: Math.floor(picked.quantity),
      group_id: group.id,
    });
  }
  extras.sort((a, b) => a.id - b.id);

  const selectedVariant: SelectedVariant | null = variant
    ? { id: variant.id, name: variant.name, name_en: variant.name_en, price: variant.price }
    : null;
  const price = selectedVariant ? selectedVariant.price : product.price;
  const labels = variant ?? product;
  const partial = {
    ...product,
    price,
    deposit: labels.deposit ?? null,
    net_content: labels.net_content ?? null,
    unit_price: labels.unit_price ?? null,
    extras,
    selectedVariant,
  };
  return {
    ...partial,
    uniqueKey: cartItemKey(product.id, selectedVariant?.id, extras),
    quantity,
    basePrice: product.price,
    tax: product.tax?.percentage ?? 0,
    displayName: displayNameFor(partial, language),
    displayPrice: formatPrice(fromCents(unitPriceCents(partial))),
  };
}

/** The selection a cart line was made with (to prefill the edit modal). */
export function selectionOf(item: CartItem): ProductSelection {
  return {
    variantId: item.selectedVariant?.id ?? null,
    extras: item.extras.map((extra) => ({
      groupId: extra.group_id ?? groupOfTopping(item, extra.id) ?? -1,
      toppingId: extra.id,
      quantity: extra.quantity,
    })),
  };
}

function groupOfTopping(item: CartItem, toppingId: number): number | undefined {
  return item.enriched_topping_groups.find((g) => g.toppings.some((t) => t.id === toppingId))?.id;
}

/** Most of one line an order may have: the server refuses more (contract: 1–99). */
export const MAX_LINE_QUANTITY = 99;

/** A whole quantity within 1–MAX_LINE_QUANTITY. */
function lineQuantity(quantity: number): number {
  return Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.floor(quantity)));
}

/** Adds a line; a line with the same key gets its quantity raised instead, up to MAX_LINE_QUANTITY. */
export function addItem(items: readonly CartItem[], item: CartItem): CartItem[] {
  const index = items.findIndex((line) => line.uniqueKey === item.uniqueKey);
  if (index === -1) return [...items, { ...item, quantity: lineQuantity(item.quantity) }];
  return items.map((line, i) =>
    i === index ? { ...line, quantity: lineQuantity(line.quantity + item.quantity) } : line,
  );
}

/** Sets a line's quantity within 1–MAX_LINE_QUANTITY (removing is explicit). */
export function setItemQuantity(items: readonly CartItem[], key: string, quantity: number): CartItem[] {
  const next = lineQuantity(quantity);
  return items.map((line) => (line.uniqueKey === key ? { ...line, quantity: next } : line));
}

export function removeItem(items: readonly CartItem[], key: string): CartItem[] {
  return items.filter((line) => line.uniqueKey !== key);
}

/**
 * Replaces the line `key` with its edited version, keeping the line's quantity.
 * When the edited line's key equals another line's key, the two merge: the other
 * line keeps its place and takes both quantities (at most MAX_LINE_QUANTITY).
 */
export function replaceItem(items: readonly CartItem[], key: string, edited: CartItem): CartItem[] {
  const old = items.find((line) => line.uniqueKey === key);
  if (!old) return [...items];
  const updated = { ...edited, quantity: old.quantity };
  if (updated.uniqueKey === key) {
    return items.map((line) => (line.uniqueKey === key ? updated : line));
  }
  const collides = items.some((line) => line.uniqueKey === updated.uniqueKey);
  if (collides) {
    return items
      .filter((line) => line.uniqueKey !== key)
      .map((line) =>
        line.uniqueKey === updated.uniqueKey
          ? { ...line, quantity: lineQuantity(line.quantity + updated.quantity) }
          : line,
      );
  }
  return items.map((line) => (line.uniqueKey === key ? updated : line));
}

/** The product a line was made from (for the edit modal); the stored fields, not a fresh fetch. */
export function productOf(item: CartItem): Product {
  // A variable product carries its price labels on its variants only.
  const own = item.type !== 'variable';
  return {
    id: item.id,
    category_id: item.category_id,
    name: item.name,
    name_en: item.name_en,
    description: item.description,
    description_en: item.description_en,
    price: item.basePrice,
    type: item.type,
    tax: { id: 0, name: '', percentage: item.tax },
    variants: item.variants,
    image_url: item.image_url,
    sort_order: item.sort_order,
    available: item.available,
    allergens: item.allergens,
    enriched_topping_groups: item.enriched_topping_groups,
    deposit: own ? (item.deposit ?? null) : null,
    net_content: own ? (item.net_content ?? null) : null,
    unit_price: own ? (item.unit_price ?? null) : null,
  };
}
