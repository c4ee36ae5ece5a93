import { act, renderHook } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { olderPageById, pageById, type Page } from './paged-list';
import { useMorePages } from './use-more-pages';

type Entry = { id: number };

/** Entries with the given ids, newest (highest) first as the server sends them. */
const entries = (...ids: number[]): Entry[] => ids.map((id) => ({ id }));
const ids = (items: readonly Entry[]) => items.map((entry) => entry.id);

/** A promise to settle by hand, to see the hook while a page is under way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

/** Lets every answer under way arrive (they settle in promise jobs, before the next task). */
const answersArrive = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Asks for the next page and lets its answer arrive. */
async function loadMore(result: { current: { loadMore: () => void } }) {
  await act(async () => {
    result.current.loadMore();
    await answersArrive();
  });
}

function renderPages(first: Page<Entry, number>, loadPage: (cursor: number) => Promise<Page<Entry, number>>) {
  return renderHook((props: { first: Page<Entry, number> }) => useMorePages(props.first, loadPage), { initialProps: { first } });
}

describe('useMorePages', () => {
  it('offers more after a full page and appends the next pages in order until a short one', async () => {
    const fetchBefore = vi.fn(async (before: number) => (before === 8 ? entries(7, 6, 5) : entries(4)));
    const { result } = renderPages(pageById(entries(10, 9, 8), 3), olderPageById(fetchBefore, 3));
    expect(ids(result.current.items)).toEqual([10, 9, 8]);
    expect(result.current.hasMore).toBe(true);

    await loadMore(result);
    expect(fetchBefore).toHaveBeenLastCalledWith(8);
    expect(ids(result.current.items)).toEqual([10, 9, 8, 7, 6, 5]);
    expect(result.current.hasMore).toBe(true);

    await loadMore(result);
    expect(fetchBefore).toHaveBeenLastCalledWith(5);
    expect(ids(result.current.items)).toEqual([10, 9, 8, 7, 6, 5, 4]);
    expect(result.current.hasMore).toBe(false);
    expect(result.current.loading).toBe(false);
    expect(result.current.failed).toBe(false);
  });

  it('offers no more after a short first page and asks for nothing', async () => {
    const fetchBefore = vi.fn(async () => entries(1));
    const { result } = renderPages(pageById(entries(3, 2), 3), olderPageById(fetchBefore, 3));
    expect(result.current.hasMore).toBe(false);
    await loadMore(result);
    expect(fetchBefore).not.toHaveBeenCalled();
    expect(ids(result.current.items)).toEqual([3, 2]);
  });

  it('ends after a full page followed by an empty one', async () => {
    const { result } = renderPages(pageById(entries(2, 1), 2), olderPageById(async () => [], 2));
    await loadMore(result);
    expect(ids(result.current.items)).toEqual([2, 1]);
    expect(result.current.hasMore).toBe(false);
  });

  it('is loading while a page is under way and asks only once meanwhile', async () => {
    const answer = deferred<Entry[]>();
    const fetchBefore = vi.fn(() => answer.promise);
    const { result } = renderPages(pageById(entries(4, 3), 2), olderPageById(fetchBefore, 2));

    act(() => result.current.loadMore());
    expect(result.current.loading).toBe(true);
    expect(result.current.hasMore).toBe(true);
    act(() => result.current.loadMore());
    expect(fetchBefore).toHaveBeenCalledTimes(1);

    await act(async () => {
      answer.resolve(entries(2));
      await answersArrive();
    });
    expect(result.current.loading).toBe(false);
    expect(ids(result.current.items)).toEqual([4, 3, 2]);
  });

  it('reports a failed page, keeps what is shown, and loads it on retry', async () => {
    const fetchBefore = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(entries(2, 1));
    const { result } = renderPages(pageById(entries(4, 3), 2), olderPageById(fetchBefore, 2));

    await loadMore(result);
    expect(result.current.failed).toBe(true);
    expect(result.current.loading).toBe(false);
    expect(result.current.hasMore).toBe(true);
    expect(ids(result.current.items)).toEqual([4, 3]);

    await loadMore(result);
    expect(fetchBefore).toHaveBeenCalledTimes(2);
    expect(fetchBefore).toHaveBeenLastCalledWith(3);
    expect(result.current.failed).toBe(false);
    expect(ids(result.current.items)).toEqual([4, 3, 2, 1]);
  });

  it('follows the cursor a page names itself (a `next_before` answer)', async () => {
    const loadPage = vi.fn(async (cursor: number) => ({ items: entries(cursor - 1), next: null }));
    const { result } = renderPages({ items: entries(9), next: 42 }, loadPage);
    await loadMore(result);
    expect(loadPage).toHaveBeenCalledWith(42);
    expect(ids(result.current.items)).toEqual([9, 41]);
    expect(result.current.hasMore).toBe(false);
  });

  it('starts again from a reloaded first page and drops an answer meant for the old one', async () => {
    const answer = deferred<Entry[]>();
    const { result, rerender } = renderPages(pageById(entries(4, 3), 2), olderPageById(() => answer.promise, 2));
    act(() => result.current.loadMore());

    rerender({ first: pageById(entries(5, 4), 2) });
    expect(ids(result.current.items)).toEqual([5, 4]);
    expect(result.current.loading).toBe(false);
    await act(async () => {
      answer.resolve(entries(2, 1));
      await answersArrive();
    });
    expect(ids(result.current.items)).toEqual([5, 4]);
    expect(result.current.hasMore).toBe(true);
  });
});
