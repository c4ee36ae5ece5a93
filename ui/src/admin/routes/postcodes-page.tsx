import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { ApiError } from '../../lib/api-error';
import { formatPrice } from '../../lib/format-price';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { createPostcode, deletePostcode, getPostcodes, updatePostcode } from '../api/store-admin-api';
import { AdminPage } from '../components/admin-page';
import { EditConflictNotice } from '../components/edit-conflict';
import { Card, FormMessage, TextInput } from '../components/fields';
import { conflictText, isEditConflict, loadCurrentRecord } from '../lib/edit-version';
import { errorsFromApi, NO_ERRORS, type FormErrors } from '../lib/errors';
import { checkPostcode, postcodeFields, sortPostcodes } from '../lib/postcodes';
import { emptyValues, valuesFromRecord, type FormValues } from '../lib/resource';
import { filterItems } from '../lib/search';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { Postcode } from '../types';
import { ConfirmDelete } from '../components/confirm-delete';

const ID_PREFIX = 'postcode';

/** /admin/postcodes: the delivery zones with minimum order, fee and delivery time. */
export function PostcodesPage() {
  const { t } = useAdminTranslation();
  const { storeId } = getRuntimeConfig();
  const [list, setList] = useState<Postcode[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [editing, setEditing] = useState<Postcode | null>(null);
  const [notice, setNotice] = useState<string | undefined>();
  const formRef = useRef<HTMLDivElement>(null);

  /** Reads the zones again; answers them, or null when that failed. */
  const reload = useCallback(
    () =>
      getPostcodes(storeId).then(
        (postcodes) => {
          const sorted = sortPostcodes(postcodes);
          setList(sorted);
          setLoadFailed(false);
          return sorted;
        },
        () => {
          setLoadFailed(true);
          return null;
        },
      ),
    [storeId],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const edit = (postcode: Postcode) => {
    setNotice(undefined);
    setEditing(postcode);
    setTimeout(() => {
      formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      formRef.current?.querySelector<HTMLElement>('input')?.focus();
    }, 0);
  };

  return (
    <AdminPage title="Postcodes" heading={t('postcodes.heading')} intro={t('postcodes.intro')} needsCatalog={false}>
      <div ref={formRef}>
        <Card title={editing ? t('postcodes.edit', { postcode: editing.postcode }) : t('postcodes.new')}>
          <FormMessage success={notice} />
          <PostcodeForm
            key={editing?.id ?? 'new'}
            record={editing}
            onSaved={async (_saved, created) => {
              await reload();
              if (!created) {
                setNotice(t('form.saved'));
                setEditing(null);
              }
            }}
            onCancel={editing ? () => setEditing(null) : undefined}
            onReload={reload}
          />
        </Card>
      </div>
      <Card title={t('postcodes.list')}>
        {list === null && loadFailed && <ErrorMessage text={t('postcodes.load_error')} onRetry={() => void reload()} />}
        {list === null && !loadFailed && <LoadingMessage text={t('postcodes.loading')} />}
        {list !== null && (
          <PostcodeList
            postcodes={list}
            onEdit={edit}
            onDeleted={async (id) => {
              if (editing?.id === id) setEditing(null);
              await reload();
            }}
            onReload={async () => (await reload()) !== null}
          />
        )}
      </Card>
    </AdminPage>
  );
}

/**
 * A zone's form. A change is saved on the version the zone was loaded at; when someone
 * else changed it meanwhile, nothing is saved and the form keeps what was typed until
 * the admin loads the current state.
 */
function PostcodeForm({
  record,
  onSaved,
  onCancel,
  onReload,
}: {
  record: Postcode | null;
  onSaved: (postcode: Postcode, created: boolean) => Promise<void>;
  onCancel?: () => void;
  /** Reads the zones again: null when that failed. */
  onReload: () => Promise<Postcode[] | null>;
}) {
  const { t } = useAdminTranslation();
  const [values, setValues] = useState<FormValues>(() =>
    record ? valuesFromRecord(postcodeFields, record) : emptyValues(postcodeFields),
  );
  const [version, setVersion] = useState(record?.version);
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [success, setSuccess] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const change = (name: string, value: string) => {
    setSuccess(undefined);
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => {
      if (!(name in current.fields)) return current;
      const fields = { ...current.fields };
      delete fields[name];
      return { ...current, fields };
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(undefined);
    const { body, errors: found } = checkPostcode(values);
    if (body === null) {
      setErrors({ fields: Object.fromEntries(Object.entries(found).map(([name, key]) => [name, t(key)])) });
      return;
    }
    setErrors(NO_ERRORS);
    setConflict(null);
    setSubmitting(true);
    let saved: Postcode;
    try {
      saved = record ? await updatePostcode(record.id, body, version) : await createPostcode(body);
    } catch (failure) {
      setSubmitting(false);
      if (isEditConflict(failure)) {
        setConflict(failure);
        return;
      }
      const placed = errorsFromApi(
        failure,
        postcodeFields.map((field) => field.name),
        t,
      );
      // A taken postcode belongs next to the postcode, whether or not the answer names the field.
      if (failure instanceof ApiError && failure.status === 409 && placed.general !== undefined) {
        setErrors({ fields: { postcode: placed.general } });
      } else {
        setErrors(placed);
      }
      return;
    }
    await onSaved(saved, record === null);
    setSubmitting(false);
    if (!record) {
      setValues(emptyValues(postcodeFields));
      setSuccess(t('postcodes.created', { postcode: saved.postcode }));
    }
  };

  /** Replaces what was typed with the zone as it is stored now. */
  const loadCurrent = () =>
    loadCurrentRecord(onReload, record, {
      settle: () => setConflict(null),
      gone: () => setErrors({ fields: {}, general: t('common.not_found') }),
      load: (current) => {
        setValues(valuesFromRecord(postcodeFields, current));
        setVersion(current.version);
        setErrors(NO_ERRORS);
        setSuccess(t('conflict.reloaded'));
      },
    });

  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="admin-form__grid">
        {postcodeFields.map((field) => (
          <TextInput
            key={field.name}
            id={`${ID_PREFIX}-${field.name}`}
            label={t(field.label)}
            hint={field.hint ? t(field.hint) : undefined}
            required={field.required}
            maxLength={field.maxLength}
            inputMode={field.kind === 'price' ? 'decimal' : field.kind === 'integer' ? 'numeric' : undefined}
            value={typeof values[field.name] === 'string' ? (values[field.name] as string) : ''}
            error={errors.fields[field.name]}
            onChange={(value) => change(field.name, value)}
          />
        ))}
      </div>
      {conflict && <EditConflictNotice text={conflictText(conflict, 'save', t)} onReload={loadCurrent} />}
      <FormMessage error={errors.general} success={success} />
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? t('form.saving') : record ? t('form.save_changes') : t('form.create')}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {t('form.cancel_edit')}
          </button>
        )}
      </div>
    </form>
  );
}

function PostcodeList({
  postcodes,
  onEdit,
  onDeleted,
  onReload,
}: {
  postcodes: readonly Postcode[];
  onEdit: (postcode: Postcode) => void;
  onDeleted: (id: number) => Promise<void>;
  onReload: () => Promise<boolean>;
}) {
  const { t } = useAdminTranslation();
  const [query, setQuery] = useState('');
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const shown = filterItems(postcodes, query, (postcode) => postcode.postcode);

  const remove = async (postcode: Postcode) => {
    setBusy(true);
    setError(undefined);
    setConflict(null);
    try {
      await deletePostcode(postcode.id, postcode.version);
      setConfirming(null);
      await onDeleted(postcode.id);
    } catch (failure) {
      setConfirming(null);
      if (isEditConflict(failure)) setConflict(failure);
      else setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
    }
  };

  const loadCurrent = async (): Promise<boolean> => {
    const loaded = await onReload();
    if (loaded) setConflict(null);
    return loaded;
  };

  const columns = [
    { label: t('postcodes.postcode'), render: (p: Postcode) => p.postcode, className: undefined },
    { label: t('postcodes.minimum_order_amount'), render: (p: Postcode) => formatPrice(p.minimum_order_amount), className: 'admin-num' },
    { label: t('postcodes.delivery_fee'), render: (p: Postcode) => formatPrice(p.delivery_fee), className: 'admin-num' },
    {
      label: t('postcodes.delivery_time'),
      render: (p: Postcode) => t('postcodes.minutes', { count: p.delivery_time }),
      className: 'admin-num',
    },
  ];

  return (
    <div className="admin-list">
      <div className="admin-list__toolbar">
        <label htmlFor="postcode-search" className="visually-hidden">
          {t('list.search')}
        </label>
        <input
          id="postcode-search"
          type="search"
          className="admin-input admin-list__search"
          placeholder={t('postcodes.search_placeholder')}
          value={query}
          onInput={(event) => setQuery(event.currentTarget.value)}
        />
        <span className="admin-list__count" aria-live="polite">
          {t('list.count', { shown: shown.length, total: postcodes.length })}
        </span>
      </div>
      {conflict && <EditConflictNotice text={conflictText(conflict, 'delete', t)} onReload={loadCurrent} />}
      <FormMessage error={error} />
      {shown.length === 0 ? (
        <p className="admin-list__empty">{postcodes.length === 0 ? t('list.empty') : t('list.no_match')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col" className={column.className}>
                    {column.label}
                  </th>
                ))}
                <th scope="col" className="admin-table__actions">
                  <span className="visually-hidden">{t('list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((postcode) => (
                <tr key={postcode.id}>
                  {columns.map((column) => (
                    <td key={column.label} data-label={column.label} className={column.className}>
                      {column.render(postcode)}
                    </td>
                  ))}
                  <td className="admin-table__actions">
                    {confirming === postcode.id ? (
                      <ConfirmDelete
                        name={postcode.postcode}
                        busy={busy}
                        onConfirm={() => void remove(postcode)}
                        onCancel={() => setConfirming(null)}
                      />
                    ) : (
                      <>
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          aria-label={t('list.edit_named', { name: postcode.postcode })}
                          onClick={() => onEdit(postcode)}
                        >
                          {t('list.edit')}
                        </button>
                        <button
                          type="button"
                          className="button button--ghost button--small"
                          aria-label={t('list.delete_named', { name: postcode.postcode })}
                          onClick={() => {
                            setError(undefined);
                            setConfirming(postcode.id);
                          }}
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
    </div>
  );
}
