import { useState, type ReactNode } from 'react';
import { filterItems } from '../lib/search';
import { useAdminTranslation } from '../lib/use-admin-translation';

export interface InboxListProps<T extends { id: number }> {
  items: readonly T[];
  /** Prefix of the element ids, e.g. "outbox". */
  idPrefix: string;
  /** What the search looks through. */
  searchText: (item: T) => string;
  searchPlaceholder: string;
  /** Said below the search, e.g. that it looks only through the pages loaded so far. */
  searchHint?: string;
  /** Shown when there is nothing at all. */
  emptyText: string;
  /** Names the entry in the accessible name of its toggle, e.g. "Password reset to anna@example.com". */
  describe: (item: T) => string;
  /** The always visible line: sender or recipient, subject, time. */
  summary: (item: T) => ReactNode;
  /** What opens below the summary. */
  detail: (item: T) => ReactNode;
}

/** A searchable, read-only list whose entries open to show their text. */
export function InboxList<T extends { id: number }>({
  items,
  idPrefix,
  searchText,
  searchPlaceholder,
  searchHint,
  emptyText,
  describe,
  summary,
  detail,
}: InboxListProps<T>) {
  const { t } = useAdminTranslation();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState<ReadonlySet<number>>(() => new Set());
  const shown = filterItems(items, query, searchText);
  const toggle = (id: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  if (items.length === 0) return <p className="admin-list__empty">{emptyText}</p>;

  const searchId = `${idPrefix}-search`;
  const hintId = `${idPrefix}-search-hint`;
  return (
    <div className="admin-list">
      <div className="admin-list__toolbar">
        <label htmlFor={searchId} className="visually-hidden">
          {t('list.search')}
        </label>
        <input
          id={searchId}
          type="search"
          className="admin-input admin-list__search"
          placeholder={searchPlaceholder}
          aria-describedby={searchHint === undefined ? undefined : hintId}
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <span className="admin-list__count" aria-live="polite">
          {t('list.count', { shown: shown.length, total: items.length })}
        </span>
      </div>
      {searchHint !== undefined && (
        <p id={hintId} className="admin-list__hint">
          {searchHint}
        </p>
      )}
      {shown.length === 0 ? (
        <p className="admin-list__empty">{t('list.no_match')}</p>
      ) : (
        <ul className="admin-inbox">
          {shown.map((item) => {
            const expanded = open.has(item.id);
            const detailId = `${idPrefix}-${item.id}-detail`;
            const name = describe(item);
            return (
              <li key={item.id} className={`admin-inbox__item${expanded ? ' admin-inbox__item--open' : ''}`}>
                <div className="admin-inbox__head">
                  <div className="admin-inbox__summary">{summary(item)}</div>
                  <button
                    type="button"
                    className="button button--ghost button--small admin-inbox__toggle"
                    aria-expanded={expanded}
                    aria-controls={detailId}
                    aria-label={t(expanded ? 'inbox.hide_named' : 'inbox.show_named', { name })}
                    onClick={() => toggle(item.id)}
                  >
                    {expanded ? t('inbox.hide') : t('inbox.show')}
                  </button>
                </div>
                <div id={detailId} className="admin-inbox__detail" hidden={!expanded}>
                  {expanded && detail(item)}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
