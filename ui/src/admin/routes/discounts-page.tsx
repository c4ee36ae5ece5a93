import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import type { ApiError } from '../../lib/api-error';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { deleteDiscount, getAdminDiscounts, saveDiscount } from '../api/store-admin-api';
import { AdminPage } from '../components/admin-page';
import { EditConflictNotice } from '../components/edit-conflict';
import { Card, FormMessage, TextInput } from '../components/fields';
import { checkDiscount, codeName, DISCOUNT_CODES, draftFromDiscount, formatPercent, type DiscountDraft } from '../lib/discounts';
import { conflictText, isEditConflict } from '../lib/edit-version';
import { errorsFromApi, NO_ERRORS, type FormErrors } from '../lib/errors';
import { formatDay } from '../lib/store-settings';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { AdminDiscount, DiscountCode } from '../types';
import { ConfirmDelete } from '../components/confirm-delete';

/** /admin/disscount: the delivery and the pickup discount, each with a percentage and an optional last day. */
export function DiscountsPage() {
  const { t } = useAdminTranslation();
  const [list, setList] = useState<AdminDiscount[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  // A new generation re-reads each form from the list after a save or removal.
  const [generation, setGeneration] = useState(0);

  /** Reads the list again; answers whether that worked. */
  const reload = useCallback(
    () =>
      getAdminDiscounts().then(
        (discounts) => {
          setList(discounts);
          setLoadFailed(false);
          return true;
        },
        () => {
          setLoadFailed(true);
          return false;
        },
      ),
    [],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  const [notice, setNotice] = useState<{ code: DiscountCode; text: string } | null>(null);

  const changed = async (code: DiscountCode, text: string) => {
    await reload();
    setNotice({ code, text });
    setGeneration((n) => n + 1);
  };

  /** After a conflict: the discounts as stored now, each form filled from them again. */
  const loadCurrent = async (code: DiscountCode): Promise<boolean> => {
    if (!(await reload())) return false;
    setNotice({ code, text: t('conflict.reloaded') });
    setGeneration((n) => n + 1);
    return true;
  };

  return (
    <AdminPage title="Discounts" heading={t('discounts.heading')} intro={t('discounts.intro')} needsCatalog={false}>
      {list === null && loadFailed && <ErrorMessage text={t('discounts.load_error')} onRetry={() => void reload()} />}
      {list === null && !loadFailed && <LoadingMessage text={t('discounts.loading')} />}
      {list !== null && (
        <>
          <div className="admin-discounts">
            {DISCOUNT_CODES.map((code) => (
              <DiscountForm
                key={`${code}-${generation}`}
                code={code}
                current={list.find((discount) => discount.code === code)}
                notice={notice?.code === code ? notice.text : undefined}
                onChanged={(text) => changed(code, text)}
                onReload={() => loadCurrent(code)}
              />
            ))}
          </div>
          <Card title={t('discounts.list')}>
            <DiscountTable discounts={list} />
          </Card>
        </>
      )}
    </AdminPage>
  );
}

/**
 * One discount's form. It saves on the version of the discount the page loaded, or, for
 * one that was not set, only while it is still not set; when someone else changed it
 * meanwhile, nothing is saved and the form offers to load the current state.
 */
function DiscountForm({
  code,
  current,
  notice,
  onChanged,
  onReload,
}: {
  code: DiscountCode;
  current: AdminDiscount | undefined;
  /** What the last save or removal of this discount did. */
  notice: string | undefined;
  onChanged: (notice: string) => Promise<void>;
  onReload: () => Promise<boolean>;
}) {
  const { t, i18n } = useAdminTranslation();
  const { storeId } = getRuntimeConfig();
  const name = codeName(code);
  const idPrefix = `discount-${name}`;
  const [draft, setDraft] = useState<DiscountDraft>(() => draftFromDiscount(current));
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [success, setSuccess] = useState<string | undefined>(notice);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [conflict, setConflict] = useState<{ error: ApiError; action: 'save' | 'delete' } | null>(null);

  const change = (field: keyof DiscountDraft, value: string) => {
    setSuccess(undefined);
    setDraft((before) => ({ ...before, [field]: value }));
    setErrors((before) => {
      if (!(field in before.fields)) return before;
      const fields = { ...before.fields };
      delete fields[field];
      return { ...before, fields };
    });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(undefined);
    const { body, errors: found } = checkDiscount(draft);
    if (body === null) {
      setErrors({ fields: Object.fromEntries(Object.entries(found).map(([field, key]) => [field, t(key)])) });
      return;
    }
    setErrors(NO_ERRORS);
    setConflict(null);
    setBusy(true);
    try {
      await saveDiscount(storeId, code, body, current?.version ?? null);
    } catch (failure) {
      setBusy(false);
      if (isEditConflict(failure)) setConflict({ error: failure, action: 'save' });
      else setErrors(errorsFromApi(failure, ['value', 'expires_on'], t));
      return;
    }
    setBusy(false);
    await onChanged(t('discounts.saved', { name: t(`discounts.${name}`) }));
  };

  const remove = async () => {
    setBusy(true);
    setErrors(NO_ERRORS);
    setConflict(null);
    try {
      await deleteDiscount(storeId, code, current?.version);
    } catch (failure) {
      setBusy(false);
      setConfirming(false);
      if (isEditConflict(failure)) setConflict({ error: failure, action: 'delete' });
      else setErrors(errorsFromApi(failure, [], t));
      return;
    }
    setBusy(false);
    await onChanged(t('discounts.removed', { name: t(`discounts.${name}`) }));
  };

  const title = t(`discounts.${name}`);
  return (
    <Card title={title}>
      <p className="admin-card__intro">
        {current ? (
          <>
            <span className={`admin-badge admin-badge--${current.active ? 'active' : 'expired'}`}>
              {current.active ? t('discounts.active') : t('discounts.expired')}
            </span>{' '}
            {t('discounts.current', {
              percent: formatPercent(current.value),
              until: current.expires_on ? t('discounts.until', { date: formatDay(current.expires_on, i18n.language) }) : t('discounts.no_expiry'),
            })}
          </>
        ) : (
          t('discounts.none')
        )}
      </p>
      <form className="admin-form" noValidate onSubmit={(event) => void submit(event)} aria-label={title}>
        <div className="admin-form__grid">
          <TextInput
            id={`${idPrefix}-value`}
            label={t('discounts.value')}
            hint={t('discounts.value_hint')}
            required
            inputMode="decimal"
            value={draft.value}
            error={errors.fields.value}
            onChange={(value) => change('value', value)}
          />
          <div className="admin-field">
            <label htmlFor={`${idPrefix}-expires_on`} className="admin-field__label">
              {t('discounts.expires_on')}
            </label>
            <input
              id={`${idPrefix}-expires_on`}
              name={`${idPrefix}-expires_on`}
              type="date"
              className="admin-input"
              value={draft.expires_on}
              aria-invalid={errors.fields.expires_on ? true : undefined}
              aria-describedby={[`${idPrefix}-expires_on-hint`, errors.fields.expires_on ? `${idPrefix}-expires_on-error` : '']
                .filter(Boolean)
                .join(' ')}
              onInput={(event) => change('expires_on', event.currentTarget.value)}
            />
            <span id={`${idPrefix}-expires_on-hint`} className="admin-field__hint">
              {t('discounts.expires_hint')}
            </span>
            {errors.fields.expires_on && (
              <span id={`${idPrefix}-expires_on-error`} className="admin-field__error" role="alert">
                {errors.fields.expires_on}
              </span>
            )}
          </div>
        </div>
        {conflict && (
          <EditConflictNotice text={conflictText(conflict.error, conflict.action, t)} onReload={onReload} />
        )}
        <FormMessage error={errors.general} success={success} />
        <div className="admin-form__actions">
          <button type="submit" className="button" disabled={busy} aria-label={t('discounts.save_named', { name: title })}>
            {busy ? t('form.saving') : t('discounts.save')}
          </button>
          {draft.expires_on !== '' && (
            <button type="button" className="button button--ghost" onClick={() => change('expires_on', '')}>
              {t('discounts.clear_expiry')}
            </button>
          )}
          {current &&
            (confirming ? (
              <ConfirmDelete
                name={title}
                busy={busy}
                onConfirm={() => void remove()}
                onCancel={() => setConfirming(false)}
              />
            ) : (
              <button
                type="button"
                className="button button--ghost"
                aria-label={t('discounts.remove_named', { name: title })}
                onClick={() => setConfirming(true)}
              >
                {t('discounts.remove')}
              </button>
            ))}
        </div>
      </form>
    </Card>
  );
}

function DiscountTable({ discounts }: { discounts: readonly AdminDiscount[] }) {
  const { t, i18n } = useAdminTranslation();
  if (discounts.length === 0) return <p className="admin-list__empty">{t('discounts.empty')}</p>;
  const sorted = [...discounts].sort((a, b) => DISCOUNT_CODES.indexOf(a.code) - DISCOUNT_CODES.indexOf(b.code));
  const headers = [t('discounts.code'), t('discounts.value'), t('discounts.expires_on'), t('discounts.status')];
  return (
    <div className="admin-table-wrap">
      <table className="admin-table">
        <thead>
          <tr>
            {headers.map((header) => (
              <th key={header} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sorted.map((discount) => (
            <tr key={discount.code}>
              <td data-label={headers[0]}>
                {t(`discounts.${codeName(discount.code)}`)} <code className="admin-code">{discount.code}</code>
              </td>
              <td data-label={headers[1]} className="admin-num">
                {formatPercent(discount.value)}
              </td>
              <td data-label={headers[2]}>
                {discount.expires_on ? formatDay(discount.expires_on, i18n.language) : t('discounts.no_expiry')}
              </td>
              <td data-label={headers[3]}>
                <span className={`admin-badge admin-badge--${discount.active ? 'active' : 'expired'}`}>
                  {discount.active ? t('discounts.active') : t('discounts.expired')}
                </span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
