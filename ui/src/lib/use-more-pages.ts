import { useEffect, useRef, useState } from 'react';
import type { Page } from './paged-list';

/** A list shown a page at a time: the first page and those loaded after it on request. */
export interface MorePages<T> {
  /** The first page and every page loaded after it, in order. */
  items: T[];
  /** Another page may follow. */
  hasMore: boolean;
  /** A page is being loaded. */
  loading: boolean;
  /** The last page asked for could not be loaded; `loadMore` tries again. */
  failed: boolean;
  /** Loads the next page (nothing while one is loading or when none follows). */
  loadMore: () => void;
}

interface LaterPages<T, C> {
  /** The first page's items these pages follow. */
  origin: readonly T[];
  items: T[];
  next: C | null;
  state: 'idle' | 'loading' | 'failed';
}

const startAt = <T, C>(first: Page<T, C>): LaterPages<T, C> => ({ origin: first.items, items: [], next: first.next, state: 'idle' });

/**
 * The pages after `first`, each loaded with `loadPage(cursor)` when asked for. A new
 * first page (a reload: another items array) starts again without the later pages.
 */
export function useMorePages<T, C>(first: Page<T, C>, loadPage: (cursor: C) => Promise<Page<T, C>>): MorePages<T> {
  const [stored, setStored] = useState<LaterPages<T, C>>(() => startAt(first));
  const later = stored.origin === first.items ? stored : startAt(first);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const loadMore = () => {
    const cursor = later.next;
    if (cursor === null || later.state === 'loading') return;
    const origin = first.items;
    // An answer counts only for the pages still shown: not after a reload of the first
    // page, nor a second answer for the same cursor (a double click).
    const settle = (update: (current: LaterPages<T, C>) => LaterPages<T, C>) => {
      if (!mounted.current) return;
      setStored((current) => (current.origin === origin && current.next === cursor ? update(current) : current));
    };
    setStored({ ...later, state: 'loading' });
    loadPage(cursor).then(
      (page) => settle((current) => ({ ...current, items: [...current.items, ...page.items], next: page.next, state: 'idle' })),
      () => settle((current) => ({ ...current, state: 'failed' })),
    );
  };

  return {
    items: [...first.items, ...later.items],
    hasMore: later.next !== null,
    loading: later.state === 'loading',
    failed: later.state === 'failed',
    loadMore,
  };
}
