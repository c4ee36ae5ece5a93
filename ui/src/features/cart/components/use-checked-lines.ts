import { useMemo } from 'react';
import { useLiveProducts } from '../../../lib/live-menu';
import { checkLines, type CheckedLines } from '../lib/line-availability';
import { useCart } from './cart-provider';

/** The cart's lines checked against the newest menu: which cannot be ordered, and the rest. */
export function useCheckedLines(): CheckedLines {
  const { items } = useCart();
  const products = useLiveProducts();
  return useMemo(() => checkLines(items, products), [items, products]);
}
