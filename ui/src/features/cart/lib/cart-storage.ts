import type { CartItem } from '../../../lib/cart-lines';

export const CART_ITEMS_KEY = 'cartItems';
export const ORDER_NOTE_KEY = 'orderNote';
export const ORDER_PLACED_KEY = 'order_placed';

function isCartItem(value: unknown): value is CartItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Partial<CartItem>;
  return (
    typeof item.uniqueKey === 'string' &&
    typeof item.id === 'number' &&
    typeof item.name === 'string' &&
    typeof item.price === 'number' &&
    typeof item.quantity === 'number' &&
    item.quantity >= 1 &&
    Array.isArray(item.extras)
  );
}

/** The stored cart; unparsable data is logged and ignored (an empty cart). */
export function loadCartItems(storage: Storage = localStorage): CartItem[] {
  let raw: string | null;
  try {
    raw = storage.getItem(CART_ITEMS_KEY);
  } catch {
    return [];
  }
  if (raw === null) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) throw new Error('cartItems is not a list');
    return parsed.filter(isCartItem);
  } catch (error) {
    console.error('Failed to parse cartItems', error);
    return [];
  }
}

export function loadOrderNote(storage: Storage = localStorage): string {
  try {
    return storage.getItem(ORDER_NOTE_KEY) ?? '';
  } catch {
    return '';
  }
}

function write(storage: Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
  } catch (error) {
    // Storage may be full or disabled; the cart still works for this visit.
    console.error(`Failed to store ${key}`, error);
  }
}

export function saveCartItems(items: readonly CartItem[], storage: Storage = localStorage): void {
  write(storage, CART_ITEMS_KEY, items.length === 0 ? null : JSON.stringify(items));
}

export function saveOrderNote(note: string, storage: Storage = localStorage): void {
  write(storage, ORDER_NOTE_KEY, note === '' ? null : note);
}

/** Remembers that an order was placed (order_placed = 'true'); the next logo click empties the cart. */
export function markOrderPlaced(storage: Storage = localStorage): void {
  write(storage, ORDER_PLACED_KEY, 'true');
}

/** True once after an order was placed: removes the flag and tells the caller to clear the cart. */
export function takeOrderPlacedFlag(storage: Storage = localStorage): boolean {
  try {
    if (storage.getItem(ORDER_PLACED_KEY) !== 'true') return false;
    storage.removeItem(ORDER_PLACED_KEY);
    return true;
  } catch {
    return false;
  }
}
