import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import { ApiError } from '../../lib/api-error';
import { useAuth } from '../../lib/auth';
import { isOwner } from '../lib/roles';
import { createPrinter, deletePrinter, getPrinters, testPrinter, updatePrinter, type Printer } from '../api/printers-api';
import { AdminPage } from '../components/admin-page';
import { EditConflictNotice } from '../components/edit-conflict';
import { Card, CheckboxInput, FormMessage, SelectInput, TextInput } from '../components/fields';
import { conflictText, isEditConflict, loadCurrentRecord } from '../lib/edit-version';
import { errorsFromApi, NO_ERRORS, type FormErrors } from '../lib/errors';
import { printerProblem } from '../lib/printer-alarms';
import {
  checkPrinter,
  PAPER_WIDTHS,
  printerAddress,
  printerFieldNames,
  printerFields,
  printerState,
  PRINTS,
} from '../lib/printers';
import { emptyValues, valuesFromRecord, type FormValues } from '../lib/resource';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { ConfirmDelete } from '../components/confirm-delete';

const ID_PREFIX = 'printer';
/** The list (waiting tickets, alarms) is read again this often while the page is open. */
export const PRINTERS_REFRESH_MS = 10_000;

/**
 * /admin/printers: the kitchen and receipt printers on the restaurant's network, with a
 * test print each. The owner sets them up; staff see them and test them.
 */
export function PrintersPage() {
  const { t } = useAdminTranslation();
  const owner = isOwner(useAuth().user);
  const [list, setList] = useState<Printer[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [editing, setEditing] = useState<Printer | null>(null);
  const [notice, setNotice] = useState<string | undefined>();
  const formRef = useRef<HTMLDivElement>(null);

  /** Reads the printers again; answers them, or null when that failed. */
  const reload = useCallback(
    () =>
      getPrinters().then(
        (printers) => {
          setList(printers);
          setLoadFailed(false);
          return printers;
        },
        () => {
          setLoadFailed(true);
          return null;
        },
      ),
    [],
  );

  useEffect(() => {
    void reload();
    const timer = setInterval(() => void reload(), PRINTERS_REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload]);

  const edit = (printer: Printer) => {
    setNotice(undefined);
    setEditing(printer);
    setTimeout(() => {
      formRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
      formRef.current?.querySelector<HTMLElement>('input')?.focus();
    }, 0);
  };

  return (
    <AdminPage title="Printers" heading={t('printers.heading')} intro={t('printers.intro')} needsCatalog={false}>
      {owner && (
        <div ref={formRef}>
          <Card title={editing ? t('printers.edit', { name: editing.name }) : t('printers.new')}>
            <FormMessage success={notice} />
            <PrinterForm
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
      )}
      <Card title={t('printers.list')}>
        {list === null && loadFailed && <ErrorMessage text={t('printers.load_error')} onRetry={() => void reload()} />}
        {list === null && !loadFailed && <LoadingMessage text={t('printers.loading')} />}
        {list !== null && (
          <PrinterList
            printers={list}
            manage={owner}
            onEdit={edit}
            onChanged={async () => (await reload()) !== null}
            onDeleted={async (id) => {
              if (editing?.id === id) setEditing(null);
              await reload();
            }}
          />
        )}
      </Card>
    </AdminPage>
  );
}

/**
 * A printer's form. A change is saved on the version the printer was loaded at; when
 * someone else changed it meanwhile, nothing is saved and the form keeps what was typed
 * until the admin loads the current state.
 */
function PrinterForm({
  record,
  onSaved,
  onCancel,
  onReload,
}: {
  record: Printer | null;
  onSaved: (printer: Printer, created: boolean) => Promise<void>;
  onCancel?: () => void;
  /** Reads the printers again: null when that failed. */
  onReload: () => Promise<Printer[] | null>;
}) {
  const { t } = useAdminTranslation();
  const [values, setValues] = useState<FormValues>(() =>
    record ? valuesFromRecord(printerFields, record) : emptyValues(printerFields),
  );
  const [version, setVersion] = useState(record?.version);
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [success, setSuccess] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);

  const change = (name: string, value: string | boolean) => {
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
    const { body, errors: found } = checkPrinter(values);
    if (body === null) {
      setErrors({ fields: Object.fromEntries(Object.entries(found).map(([name, key]) => [name, t(key)])) });
      return;
    }
    setErrors(NO_ERRORS);
    setConflict(null);
    setSubmitting(true);
    let saved: Printer;
    try {
      saved = record ? await updatePrinter(record.id, body, version) : await createPrinter(body);
    } catch (failure) {
      setSubmitting(false);
      if (isEditConflict(failure)) {
        setConflict(failure);
        return;
      }
      const placed = errorsFromApi(failure, printerFieldNames, t);
      // A taken name belongs next to the name.
      if (failure instanceof ApiError && failure.status === 409 && placed.general !== undefined) {
        setErrors({ fields: { name: placed.general } });
      } else {
        setErrors(placed);
      }
      return;
    }
    await onSaved(saved, record === null);
    setSubmitting(false);
    if (!record) {
      setValues(emptyValues(printerFields));
      setSuccess(t('printers.created', { name: saved.name }));
    }
  };

  /** Replaces what was typed with the printer as it is stored now. */
  const loadCurrent = () =>
    loadCurrentRecord(onReload, record, {
      settle: () => setConflict(null),
      gone: () => setErrors({ fields: {}, general: t('common.not_found') }),
      load: (current) => {
        setValues(valuesFromRecord(printerFields, current));
        setVersion(current.version);
        setErrors(NO_ERRORS);
        setSuccess(t('conflict.reloaded'));
      },
    });

  const text = (name: 'name' | 'host' | 'port' | 'copies') => {
    const field = printerFields.find((spec) => spec.name === name);
    const numeric = field?.kind === 'integer';
    return (
      <TextInput
        id={`${ID_PREFIX}-${name}`}
        label={t(field?.label ?? name)}
        hint={field?.hint ? t(field.hint) : undefined}
        required={field?.required}
        maxLength={field?.maxLength}
        inputMode={numeric ? 'numeric' : undefined}
        value={typeof values[name] === 'string' ? (values[name] as string) : ''}
        error={errors.fields[name]}
        onChange={(value) => change(name, value)}
      />
    );
  };

  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="admin-form__grid">
        {text('name')}
        {text('host')}
        {text('port')}
        <SelectInput
          id={`${ID_PREFIX}-prints`}
          label={t('printers.prints')}
          required
          value={String(values.prints)}
          error={errors.fields.prints}
          options={PRINTS.map((prints) => ({ value: prints, label: t(`printers.prints_${prints}`) }))}
          onChange={(value) => change('prints', value)}
        />
        <SelectInput
          id={`${ID_PREFIX}-width`}
          label={t('printers.width')}
          hint={t('printers.width_hint')}
          required
          value={String(values.width)}
          error={errors.fields.width}
          options={PAPER_WIDTHS.map((width) => ({ value: String(width), label: t(`printers.width_${width}`) }))}
          onChange={(value) => change('width', value)}
        />
        {text('copies')}
        <CheckboxInput
          id={`${ID_PREFIX}-enabled`}
          label={t('printers.enabled')}
          hint={t('printers.enabled_hint')}
          checked={values.enabled === true}
          error={errors.fields.enabled}
          onChange={(checked) => change('enabled', checked)}
        />
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

type TestOutcome = { name: string; printed: boolean; reason?: string };

function PrinterList({
  printers,
  manage,
  onEdit,
  onChanged,
  onDeleted,
}: {
  printers: readonly Printer[];
  /** Offers edit and delete (the owner); staff only test. */
  manage: boolean;
  onEdit: (printer: Printer) => void;
  /** Reads the printers again; answers whether that worked. */
  onChanged: () => Promise<boolean>;
  onDeleted: (id: number) => Promise<void>;
}) {
  const { t } = useAdminTranslation();
  const [confirming, setConfirming] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [testing, setTesting] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [conflict, setConflict] = useState<ApiError | null>(null);

  const remove = async (printer: Printer) => {
    setBusy(true);
    setError(undefined);
    setConflict(null);
    try {
      await deletePrinter(printer.id, printer.version);
      setConfirming(null);
      await onDeleted(printer.id);
    } catch (failure) {
      setConfirming(null);
      if (isEditConflict(failure)) setConflict(failure);
      else setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
    }
  };

  const loadCurrent = async (): Promise<boolean> => {
    const loaded = await onChanged();
    if (loaded) setConflict(null);
    return loaded;
  };

  const test = async (printer: Printer) => {
    setTesting(printer.id);
    setOutcome(null);
    setError(undefined);
    try {
      const answer = await testPrinter(printer.id);
      setOutcome({
        name: printer.name,
        printed: answer.printed,
        reason: answer.printed ? undefined : printerProblem(answer.code, t),
      });
      await onChanged();
    } catch (failure) {
      setError(errorsFromApi(failure, [], t).general);
    } finally {
      setTesting(null);
    }
  };

  const state = (printer: Printer) => {
    const kind = printerState(printer);
    const label =
      kind === 'alarm' && printer.alarm
        ? `${t('printers.state.alarm')}: ${printerProblem(printer.alarm.code, t)}`
        : t(`printers.state.${kind}`, { count: printer.waiting });
    const badge = kind === 'alarm' ? 'alarm' : kind === 'off' ? 'expired' : 'active';
    return (
      <span className={`admin-badge admin-badge--${badge}`} data-testid="printer-state" data-state={kind}>
        {label}
      </span>
    );
  };

  const columns = [
    { label: t('printers.name'), render: (p: Printer) => p.name },
    { label: t('printers.address'), render: (p: Printer) => printerAddress(p) },
    { label: t('printers.prints'), render: (p: Printer) => t(`printers.prints_${p.prints}`) },
    { label: t('printers.width_short'), render: (p: Printer) => t('printers.characters', { count: p.width }) },
    { label: t('printers.copies'), render: (p: Printer) => String(p.copies) },
    { label: t('printers.status'), render: state },
  ];

  return (
    <div className="admin-list">
      {conflict && <EditConflictNotice text={conflictText(conflict, 'delete', t)} onReload={loadCurrent} />}
      <FormMessage error={error} />
      {outcome && (
        <div className="admin-printer-test" data-testid="printer-test-result" data-printed={outcome.printed}>
          <FormMessage
            success={outcome.printed ? t('printers.test_ok', { name: outcome.name }) : undefined}
            error={outcome.printed ? undefined : t('printers.test_failed', { name: outcome.name, reason: outcome.reason })}
          />
        </div>
      )}
      {printers.length === 0 ? (
        <p className="admin-list__empty">{t('printers.empty')}</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ))}
                <th scope="col" className="admin-table__actions">
                  <span className="visually-hidden">{t('list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {printers.map((printer) => (
                <tr key={printer.id}>
                  {columns.map((column) => (
                    <td key={column.label} data-label={column.label}>
                      {column.render(printer)}
                    </td>
                  ))}
                  <td className="admin-table__actions">
                    {confirming === printer.id ? (
                      <ConfirmDelete
                        name={printer.name}
                        busy={busy}
                        onConfirm={() => void remove(printer)}
                        onCancel={() => setConfirming(null)}
                      />
                    ) : (
                      <>
                        <button
                          type="button"
                          className="button button--small"
                          aria-label={t('printers.test_named', { name: printer.name })}
                          disabled={testing !== null}
                          onClick={() => void test(printer)}
                        >
                          {testing === printer.id ? t('printers.testing') : t('printers.test')}
                        </button>
                        {manage && (
                          <>
                            <button
                              type="button"
                              className="button button--ghost button--small"
                              aria-label={t('list.edit_named', { name: printer.name })}
                              onClick={() => onEdit(printer)}
                            >
                              {t('list.edit')}
                            </button>
                            <button
                              type="button"
                              className="button button--ghost button--small"
                              aria-label={t('list.delete_named', { name: printer.name })}
                              onClick={() => {
                                setError(undefined);
                                setConfirming(printer.id);
                              }}
                            >
                              {t('list.delete')}
                            </button>
                          </>
                        )}
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
