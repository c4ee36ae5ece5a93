import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import {
  createTable,
  deleteTable,
  getTables,
  rotateTableSecret,
  updateTable,
  type DiningTable,
} from '../api/tables-api';
import { AdminPage } from '../components/admin-page';
import { ConfirmDelete } from '../components/confirm-delete';
import { Card, FormMessage, TextInput } from '../components/fields';
import { errorsFromApi } from '../lib/errors';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** What a row asks before it acts: a new secret, or the deletion. */
type Pending = { kind: 'rotate' | 'delete'; id: number } | null;

/**
 * /admin/tables (owner only): the tables guests order at by their QR code. Add, rename,
 * switch off, give a new secret (the printed code stops working) or delete one; "QR-Codes
 * drucken" opens the sheet of every active table's code.
 */
export function TablesPage() {
  const { t } = useAdminTranslation();
  const [list, setList] = useState<DiningTable[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [label, setLabel] = useState('');
  const [labelError, setLabelError] = useState<string | undefined>();
  const [editing, setEditing] = useState<{ id: number; label: string } | null>(null);
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();

  const reload = useCallback(
    () =>
      getTables().then(
        (tables) => {
          setList(tables);
          setLoadFailed(false);
        },
        () => setLoadFailed(true),
      ),
    [],
  );
  useEffect(() => {
    void reload();
  }, [reload]);

  const replace = (saved: DiningTable) =>
    setList((current) => current?.map((table) => (table.id === saved.id ? saved : table)) ?? current);

  /** Runs one change of the list, showing its refusal or `done`. */
  const act = async (change: () => Promise<void>, done: string) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await change();
      setNotice(done);
    } catch (failure) {
      setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const add = async (event: FormEvent) => {
    event.preventDefault();
    setLabelError(undefined);
    setNotice(undefined);
    setBusy(true);
    try {
      const made = await createTable({ label: label.trim(), active: true });
      setList((current) => (current === null ? current : [...current, made]));
      setLabel('');
      setNotice(t('tables.created', { table: made.label }));
    } catch (failure) {
      const errors = errorsFromApi(failure, ['label'], t);
      setLabelError(errors.fields.label ?? errors.general);
    } finally {
      setBusy(false);
    }
  };

  const rename = (table: DiningTable, next: string) =>
    act(async () => {
      replace(await updateTable(table.id, { label: next.trim(), active: table.active }));
      setEditing(null);
    }, t('tables.saved', { table: next.trim() }));

  const toggle = (table: DiningTable) =>
    act(
      async () => replace(await updateTable(table.id, { label: table.label, active: !table.active })),
      t(table.active ? 'tables.deactivated' : 'tables.activated', { table: table.label }),
    );

  const rotate = (table: DiningTable) =>
    act(async () => replace(await rotateTableSecret(table.id)), t('tables.rotated', { table: table.label }));

  const remove = (table: DiningTable) =>
    act(async () => {
      await deleteTable(table.id);
      setList((current) => current?.filter((entry) => entry.id !== table.id) ?? current);
    }, t('tables.deleted', { table: table.label }));

  return (
    <AdminPage
      title="Tables"
      heading={t('tables.heading')}
      intro={t('tables.intro')}
      needsCatalog={false}
      actions={
        <Link to="/admin/tables/print" className="button" data-testid="tables-print">
          {t('tables.print')}
        </Link>
      }
    >
      <Card title={t('tables.new')}>
        <form className="admin-form admin-tables__add" onSubmit={(event) => void add(event)} noValidate>
          <TextInput id="table-label" label={t('tables.label')} hint={t('tables.label_hint')} value={label} onChange={setLabel} maxLength={20} error={labelError} required />
          <button type="submit" className="button" disabled={busy}>
            {t('tables.add')}
          </button>
        </form>
      </Card>
      <Card title={t('tables.list')}>
        <FormMessage error={error} success={notice} />
        {list === null && loadFailed && <ErrorMessage text={t('tables.load_error')} onRetry={() => void reload()} />}
        {list === null && !loadFailed && <LoadingMessage text={t('tables.loading')} />}
        {list !== null && list.length === 0 && <p className="admin-list__empty">{t('tables.empty')}</p>}
        {list !== null && list.length > 0 && (
          <div className="admin-table-wrap">
            <table className="admin-table">
              <thead>
                <tr>
                  <th scope="col">{t('tables.label')}</th>
                  <th scope="col">{t('tables.state')}</th>
                  <th scope="col">{t('tables.link')}</th>
                  <th scope="col" className="admin-table__actions">
                    <span className="visually-hidden">{t('list.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((table) => (
                  <tr key={table.id} data-testid="table-row" data-table-id={table.id}>
                    <td data-label={t('tables.label')}>
                      {editing?.id === table.id ? (
                        <form
                          className="admin-tables__rename"
                          onSubmit={(event) => {
                            event.preventDefault();
                            void rename(table, editing.label);
                          }}
                        >
                          <input
                            className="admin-input"
                            aria-label={t('tables.rename_named', { table: table.label })}
                            value={editing.label}
                            maxLength={20}
                            onInput={(event) => setEditing({ id: table.id, label: event.currentTarget.value })}
                          />
                          <button type="submit" className="button button--small" disabled={busy}>
                            {t('tables.save')}
                          </button>
                          <button type="button" className="button button--ghost button--small" onClick={() => setEditing(null)}>
                            {t('list.confirm_no')}
                          </button>
                        </form>
                      ) : (
                        <strong className="admin-tables__label">{table.label}</strong>
                      )}
                    </td>
                    <td data-label={t('tables.state')}>
                      <span className={`admin-badge admin-badge--${table.active ? 'active' : 'expired'}`}>
                        {table.active ? t('tables.active') : t('tables.inactive')}
                      </span>
                    </td>
                    <td data-label={t('tables.link')}>
                      <code className="admin-tables__link" data-testid="table-link">
                        {table.link}
                      </code>
                    </td>
                    <td className="admin-table__actions">
                      {pending?.id === table.id && pending.kind === 'delete' && (
                        <ConfirmDelete name={table.label} busy={busy} onConfirm={() => void remove(table)} onCancel={() => setPending(null)} />
                      )}
                      {pending?.id === table.id && pending.kind === 'rotate' && (
                        <span className="admin-confirm" role="group" aria-label={t('tables.rotate_question', { table: table.label })}>
                          <span className="admin-confirm__text">{t('tables.rotate_question', { table: table.label })}</span>
                          <button type="button" className="button button--danger button--small" disabled={busy} onClick={() => void rotate(table)}>
                            {t('tables.rotate_yes')}
                          </button>
                          <button type="button" className="button button--ghost button--small" onClick={() => setPending(null)}>
                            {t('list.confirm_no')}
                          </button>
                        </span>
                      )}
                      {pending?.id !== table.id && (
                        <>
                          <button
                            type="button"
                            className="button button--ghost button--small"
                            aria-label={t('tables.rename_named', { table: table.label })}
                            onClick={() => setEditing({ id: table.id, label: table.label })}
                          >
                            {t('tables.rename')}
                          </button>
                          <button type="button" className="button button--ghost button--small" disabled={busy} onClick={() => void toggle(table)}>
                            {table.active ? t('tables.deactivate') : t('tables.activate')}
                          </button>
                          <button
                            type="button"
                            className="button button--ghost button--small"
                            aria-label={t('tables.rotate_named', { table: table.label })}
                            onClick={() => setPending({ kind: 'rotate', id: table.id })}
                          >
                            {t('tables.rotate')}
                          </button>
                          <button
                            type="button"
                            className="button button--ghost button--small"
                            aria-label={t('tables.delete_named', { table: table.label })}
                            onClick={() => setPending({ kind: 'delete', id: table.id })}
                          >
                            {t('list.delete')}
                          </button>
                        </>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </AdminPage>
  );
}
