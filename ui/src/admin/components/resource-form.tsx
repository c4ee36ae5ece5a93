import { useState, type FormEvent } from 'react';
import type { ApiError } from '../../lib/api-error';
import { createRecord, updateRecord } from '../api/admin-api';
import { useCatalog } from '../lib/catalog-context';
import { conflictText, isEditConflict } from '../lib/edit-version';
import { errorsFromApi, NO_ERRORS, type FormErrors } from '../lib/errors';
import {
  bodyFromValues,
  emptyValues,
  valuesFromRecord,
  type FieldSpec,
  type FormValues,
  type ResourceSpec,
} from '../lib/resource';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { EMPTY_CATALOG } from '../types';
import { EditConflictNotice } from './edit-conflict';
import { CheckboxInput, FormMessage, SelectInput, TextInput } from './fields';

export interface ResourceFormProps<R extends { id: number; version?: string }> {
  spec: ResourceSpec<R>;
  /** The record being edited, or null to create one. */
  record: R | null;
  /** Called after a successful save with the saved record. */
  onSaved?: (record: R, created: boolean) => void;
  onCancel?: () => void;
  idPrefix: string;
}

/**
 * A create/edit form driven by a resource spec: validates, sends, shows server errors by
 * field. An edit is sent on the version the record was loaded (or last saved) at; when
 * someone else changed it meanwhile, the form says so and keeps what was typed until the
 * admin loads the current state.
 */
export function ResourceForm<R extends { id: number; version?: string }>({
  spec,
  record,
  onSaved,
  onCancel,
  idPrefix,
}: ResourceFormProps<R>) {
  const { t } = useAdminTranslation();
  const { catalog, reload } = useCatalog();
  const [initial, setInitial] = useState<FormValues>(() =>
    record ? valuesFromRecord(spec.fields, record) : emptyValues(spec.fields),
  );
  const [values, setValues] = useState<FormValues>(initial);
  const [version, setVersion] = useState(record?.version);
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [success, setSuccess] = useState<string | undefined>();
  const [submitting, setSubmitting] = useState(false);
  const data = catalog ?? EMPTY_CATALOG;
  const notice = spec.notice?.(values, record, data) ?? null;

  const change = (field: FieldSpec, value: string | boolean) => {
    setSuccess(undefined);
    setValues((current) => {
      const next = { ...current, [field.name]: value };
      return field.derive ? field.derive(next, field.name, data) : next;
    });
    setErrors((current) => {
      if (!(field.name in current.fields)) return current;
      const fields = { ...current.fields };
      delete fields[field.name];
      return { ...current, fields };
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(undefined);
    const { body, errors: fieldErrors } = bodyFromValues(spec.fields, values);
    for (const field of spec.fields) {
      if (field.sendOnlyChanged && values[field.name] === initial[field.name]) delete body[field.name];
    }
    const crossErrors = Object.keys(fieldErrors).length === 0 && spec.validate ? spec.validate(body) : {};
    const all = { ...fieldErrors, ...crossErrors };
    if (Object.keys(all).length > 0) {
      setErrors({ fields: Object.fromEntries(Object.entries(all).map(([name, key]) => [name, t(key)])) });
      return;
    }
    setErrors(NO_ERRORS);
    setConflict(null);
    setSubmitting(true);
    try {
      const saved = record
        ? await updateRecord<R>(spec.endpoint, record.id, body, version)
        : await createRecord<R>(spec.endpoint, body);
      await reload();
      setSubmitting(false);
      setSuccess(t('form.saved'));
      if (record) {
        setVersion(saved.version);
        setInitial(values);
      } else {
        setValues(emptyValues(spec.fields));
      }
      onSaved?.(saved, record === null);
    } catch (error) {
      setSubmitting(false);
      if (isEditConflict(error)) setConflict(error);
      else setErrors(errorsFromApi(error, spec.fields.map((field) => field.name), t));
    }
  };

  /** Replaces what was typed with the record as it is stored now. */
  const loadCurrent = async (): Promise<boolean> => {
    const fresh = await reload();
    if (fresh === null || record === null) return false;
    const current = (fresh[spec.collection] as unknown as R[]).find((candidate) => candidate.id === record.id);
    setConflict(null);
    setErrors(NO_ERRORS);
    if (current === undefined) {
      setErrors({ fields: {}, general: t('common.not_found') });
      return true;
    }
    const loaded = valuesFromRecord(spec.fields, current);
    setInitial(loaded);
    setValues(loaded);
    setVersion(current.version);
    setSuccess(t('conflict.reloaded'));
    return true;
  };

  return (
    <form className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="admin-form__grid">
        {spec.fields.map((field) => {
          const id = `${idPrefix}-${field.name}`;
          const label = t(field.label);
          const error = errors.fields[field.name];
          const hint = field.hint ? t(field.hint) : undefined;
          const value = values[field.name];
          if (field.kind === 'checkbox') {
            return (
              <CheckboxInput
                key={field.name}
                id={id}
                label={label}
                error={error}
                hint={hint}
                checked={value === true}
                onChange={(checked) => change(field, checked)}
              />
            );
          }
          if (field.kind === 'select') {
            return (
              <SelectInput
                key={field.name}
                id={id}
                label={label}
                error={error}
                hint={hint}
                required={field.required}
                value={typeof value === 'string' ? value : ''}
                options={field.options ? field.options(data, values, t) : []}
                placeholder={t('form.choose')}
                onChange={(next) => change(field, next)}
              />
            );
          }
          return (
            <TextInput
              key={field.name}
              id={id}
              label={label}
              error={error}
              hint={hint}
              required={field.required}
              multiline={field.kind === 'textarea'}
              maxLength={field.maxLength}
              inputMode={
                field.kind === 'price' || field.kind === 'decimal'
                  ? 'decimal'
                  : field.kind === 'integer'
                    ? 'numeric'
                    : undefined
              }
              value={typeof value === 'string' ? value : ''}
              onChange={(next) => change(field, next)}
            />
          );
        })}
      </div>
      {notice && (
        <p className="admin-message admin-message--warning" data-testid={notice.testId}>
          {t(notice.text)}
        </p>
      )}
      {conflict && <EditConflictNotice text={conflictText(conflict, 'save', t)} onReload={loadCurrent} />}
      <FormMessage error={errors.general} success={success} />
      <div className="admin-form__actions">
        <button type="submit" className="button" disabled={submitting}>
          {submitting ? t('form.saving') : record ? t('form.save_changes') : t('form.create')}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel}>
            {record ? t('form.cancel_edit') : t('form.reset')}
          </button>
        )}
      </div>
    </form>
  );
}
