import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '../../../components/toast';
import { fetchLiveProducts } from '../../../lib/live-menu';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { reorderLines, type PastOrderLine } from '../lib/reorder';
import { useCart } from './cart-provider';
import { useCartView } from './cart-view';

/** What ordering again did: how many lines went into the cart, and the names of those left out. */
export interface ReorderOutcome {
  added: number;
  missing: string[];
}

/** How long the toast naming the left-out lines stays: long enough to read a few names. */
const MISSING_TOAST_MS = 10_000;

/**
 * Orders a past order again: its lines go into the cart at today's menu prices
 * (fetched now), and the cart opens; lines that are sold out or no longer on the
 * menu are left out and named in a toast. Rejects when the menu cannot be loaded.
 */
export function useReorder(): (order: { lines: readonly PastOrderLine[] }) => Promise<ReorderOutcome> {
  const { t, i18n } = useTranslation();
  const { addItems } = useCart();
  const { openCart } = useCartView();
  const toast = useToast();

  return useCallback(
    async (order) => {
      const products = await fetchLiveProducts(getRuntimeConfig().storeId);
      const { items, missing } = reorderLines(order.lines, products, i18n.resolvedLanguage ?? 'de');
      if (items.length > 0) {
        addItems(items);
        openCart();
      }
      if (missing.length > 0) {
        toast.show(t('orders.reorder.unavailable', { names: missing.join(', ') }), {
          tone: 'error',
          duration: MISSING_TOAST_MS,
        });
      }
      return { added: items.length, missing };
    },
    [addItems, openCart, toast, t, i18n],
  );
}
