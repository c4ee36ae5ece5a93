import { useSyncExternalStore } from 'react';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getDiscounts, type Discount } from '../../../lib/store-api';

/**
 * The store's discounts as last fetched, shared by every cart view, so the cart
 * shows the discount from its first render instead of a total without it.
 */
let known: { list: Discount[]; at: number } | null = null;
let pending: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** A list this young is not fetched again when the cart opens. */
const FRESH_MS = 10_000;
/** The cart waits at most this long for the list when it first opens. */
export const FIRST_DISCOUNTS_WAIT_MS = 4_000;

/**
 * Fetches the discounts unless a fresh list is known. A failure (logged by the API
 * helper) keeps the list known so far, or none.
 */
export function loadDiscounts(now = Date.now()): Promise<void> {
  if (known !== null && now - known.at < FRESH_MS) return Promise.resolve();
  pending ??= getDiscounts(getRuntimeConfig().storeId)
    .then(
      (list) => {
        known = { list: Array.isArray(list) ? list : [], at: Date.now() };
      },
      () => {
        known ??= { list: [], at: 0 };
      },
    )
    .finally(() => {
      pending = null;
      listeners.forEach((listener) => listener());
    });
  return pending;
}

/** Resolves once the discounts are known, or after FIRST_DISCOUNTS_WAIT_MS (then none apply until they arrive). */
export function discountsReady(): Promise<void> {
  return Promise.race([
    loadDiscounts(),
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_DISCOUNTS_WAIT_MS)),
  ]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => known;
const NONE: Discount[] = [];

/** The discounts known so far (none before the first answer). */
export function useStoreDiscounts(): Discount[] {
  return useSyncExternalStore(subscribe, snapshot)?.list ?? NONE;
}

/** Forgets the list (each test starts without one). */
export function forgetDiscounts(): void {
  known = null;
  pending = null;
}
