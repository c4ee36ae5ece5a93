/** One page of a list and the cursor of the page after it; `next` is null on the last page. */
export interface Page<T, C> {
  items: readonly T[];
  next: C | null;
}

/**
 * The query of one page of a list paged by id, newest first: `limit=<pageSize>`, and
 * for a later page `before=<id>` (the last id of the page before).
 */
export function pageQuery(pageSize: number, before?: number): string {
  const query = new URLSearchParams({ limit: String(pageSize) });
  if (before !== undefined) query.set('before', String(before));
  return query.toString();
}

/**
 * A page of a list paged by id: a full page may have older items after it, asked for
 * `before` its last id; a shorter page is the last.
 */
export function pageById<T extends { id: number }>(items: readonly T[], pageSize: number): Page<T, number> {
  const last = items[items.length - 1];
  return { items, next: items.length >= pageSize && last !== undefined ? last.id : null };
}

/** Loads the page before an id with `fetchBefore` (one of the list's API calls) as a `Page`. */
export function olderPageById<T extends { id: number }>(
  fetchBefore: (before: number) => Promise<readonly T[]>,
  pageSize: number,
): (before: number) => Promise<Page<T, number>> {
  return (before) => fetchBefore(before).then((items) => pageById(items, pageSize));
}
