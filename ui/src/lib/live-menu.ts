import { useSyncExternalStore } from 'react';
import { getProducts, type Product } from './menu-api';

/**
 * The newest product list the storefront has fetched, shared by the menu page and
 * the cart: a product the cart holds is checked against it (sold out, gone), and
 * whichever of the two fetches it again updates both.
 */
let latest: readonly Product[] | null = null;
let pending: Promise<readonly Product[]> | null = null;
const listeners = new Set<() => void>();

function publish(products: readonly Product[] | null): void {
  latest = products;
  listeners.forEach((listener) => listener());
}

/** Fetches the products once more; concurrent callers share one request. Rejects like getProducts. */
export function fetchLiveProducts(storeId: number): Promise<readonly Product[]> {
  pending ??= getProducts(storeId)
    .then((products) => {
      publish(products);
      return products;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => latest;

/** The newest product list, or null before the first one arrived. */
export function useLiveProducts(): readonly Product[] | null {
  return useSyncExternalStore(subscribe, snapshot);
}

/** Forgets the list (tests start from an empty storefront). */
export function forgetLiveProducts(): void {
  pending = null;
  publish(null);
}
