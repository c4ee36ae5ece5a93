import { useState } from 'react';
import type { ApiError } from '../../lib/api-error';
import { deleteRecord } from '../api/admin-api';
import { useCatalog } from '../lib/catalog-context';
import { conflictText, isEditConflict } from '../lib/edit-version';
import { errorsFromApi } from '../lib/errors';
import type { ResourceSpec } from '../lib/resource';
import { filterItems } from '../lib/search';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { EMPTY_CATALOG } from '../types';
import { EditConflictNotice } from './edit-conflict';
import { FormMessage } from './fields';
import { ConfirmDelete } from './confirm-delete';

export interface ResourceListProps<R extends { id: number; version?: string }> {
  spec: ResourceSpec<R>;
  onEdit: (record: R) => void;
  /** Called after a record was deleted (e.g. to leave its edit form). */
  onDeleted?: (id: number) => void;
  idPrefix: string;
}

/**
 * Lists a catalog collection with a client-side search, edit and delete (with a confirm
 * step). A delete names the version the list shows; a record someone else changed since
 * is not deleted, and the list offers to load the current state.
 */
export function ResourceList<R extends { id: number; version?: string }>({
  spec,
  onEdit,
  onDeleted,
  idPrefix,
}: ResourceListProps<R>) {
  const { t } = useAdminTranslation();
  const { catalog, reload } = useCatalog();
  const [query, setQuery] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const data = catalog ?? EMPTY_CATALOG;
  const all = [...(data[spec.collection] as unknown as R[])];
  if (spec.sort) all.sort(spec.sort);
  const shown = filterItems(all, query, (record) => spec.searchText(record, data));

  const remove = async (record: R) => {
    setBusy(true);
    setError(undefined);
    setConflict(null);
    try {
      await deleteRecord(spec.endpoint, record.id, record.version);
      setConfirming(null);
      await reload();
      onDeleted?.(record.id);
    } catch (failure) {
      setConfirming(null);
      if (isEditConflict(failure)) setConflict(failure);
      else setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
    }
  };

  const loadCurrent = async (): Promise<boolean> => {
    const loaded = (await reload()) !== null;
    if (loaded) setConflict(null);
    return loaded;
  };

  const searchId = `${idPrefix}-search`;
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
          placeholder={t('list.search_placeholder')}
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <span className="admin-list__count" aria-live="polite">
          {t('list.count', { shown: shown.length, total: all.length })}
        </span>
      </div>
      {conflict && <EditConflictNotice text={conflictText(conflict, 'delete', t)} onReload={loadCurrent} />}
      <FormMessage error={error} />
      {shown.length === 0 ? (
        <p className="admin-list__empty">{all.length === 0 ? t('list.empty') : t('list.no_match')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                {spec.columns.map((column) => (
                  <th key={column.label} scope="col" className={column.className}>
                    {t(column.label)}
                  </th>
                ))}
                <th scope="col" className="admin-table__actions">
                  <span className="visually-hidden">{t('list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((record) => {
                const label = spec.describe(record, data);
                return (
                  <tr key={record.id}>
                    {spec.columns.map((column) => (
                      <td key={column.label} data-label={t(column.label)} className={column.className}>
                        {column.render(record, data, t)}
                      </td>
                    ))}
                    <td className="admin-table__actions">
                      {confirming === record.id ? (
                        <ConfirmDelete
                          name={label}
                          busy={busy}
                          onConfirm={() => void remove(record)}
                          onCancel={() => setConfirming(null)}
                        />
                      ) : (
                        <>
                          <button
                            type="button"
                            className="button button--ghost button--small"
                            aria-label={t('list.edit_named', { name: label })}
                            onClick={() => onEdit(record)}
                          >
                            {t('list.edit')}
                          </button>
                          <button
                            type="button"
                            className="button button--ghost button--small"
                            aria-label={t('list.delete_named', { name: label })}
                            onClick={() => {
                              setError(undefined);
                              setConfirming(record.id);
                            }}
                          >
                            {t('list.delete')}
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
