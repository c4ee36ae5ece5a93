import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ErrorMessage, LoadingMessage } from '../../components/status-message';
import type { ApiError } from '../../lib/api-error';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { getStoreSettings, saveStoreSettings } from '../api/store-admin-api';
import { AdminPage } from '../components/admin-page';
import { ClosuresEditor } from '../components/closures-editor';
import { EditConflictNotice } from '../components/edit-conflict';
import { Card, CheckboxInput, FormMessage, SelectInput, TextInput } from '../components/fields';
import { HoursEditor } from '../components/hours-editor';
import { PauseSwitch } from '../components/pause-switch';
import { TermsTextsCard } from '../components/terms-texts-card';
import { conflictText, isEditConflict } from '../lib/edit-version';
import { errorsFromApi } from '../lib/errors';
import {
  checkSettings,
  draftFromStore,
  IMPRESSUM_MAX,
  PRIVACY_MAX,
  placeServerError,
  SLOT_INTERVALS,
  TEXT_MAX,
  type SettingsDraft,
  type SettingsErrors,
} from '../lib/store-settings';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { StoreSettings } from '../types';

type Load = { status: 'loading' } | { status: 'error' } | { status: 'ready'; store: StoreSettings };

/** A draft without its row keys, to tell whether anything changed since the last load or save. */
function fingerprint(draft: SettingsDraft): string {
  return JSON.stringify({
    ...draft,
    slots: draft.slots.map(({ day, open, close, label, label_en }) => [day, open, close, label, label_en]),
    closures: draft.closures.map(({ date, note }) => [date, note]),
  });
}

/**
 * /admin/store-setting: opening hours, closures, the pause switch, pre-orders, contact and
 * Impressum, terms and withdrawal information.
 */
export function StoreSettingsPage() {
  const { t } = useAdminTranslation();
  const { storeId } = getRuntimeConfig();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    getStoreSettings(storeId).then(
      (store) => active && setLoad({ status: 'ready', store }),
      () => active && setLoad({ status: 'error' }),
    );
    return () => {
      active = false;
    };
  }, [storeId, attempt]);

  return (
    <AdminPage title="Store Settings" heading={t('settings.heading')} intro={t('settings.intro')} needsCatalog={false}>
      {load.status === 'loading' && <LoadingMessage text={t('settings.loading')} />}
      {load.status === 'error' && (
        <ErrorMessage
          text={t('settings.load_error')}
          onRetry={() => {
            setLoad({ status: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      )}
      {load.status === 'ready' && <StoreSettingsForm initial={load.store} />}
    </AdminPage>
  );
}

/**
 * The settings form. It saves on the version of the settings it was loaded (or last
 * saved) at: when someone else changed them meanwhile (the pause switch included),
 * nothing is saved, the form says so and keeps what was typed until the admin loads the
 * current settings.
 */
function StoreSettingsForm({ initial }: { initial: StoreSettings }) {
  const { t } = useAdminTranslation();
  const { storeId } = getRuntimeConfig();
  const [paused, setPaused] = useState(initial.paused === true);
  const [version, setVersion] = useState(initial.version);
  const [conflict, setConflict] = useState<ApiError | null>(null);
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFromStore(initial));
  const [savedPrint, setSavedPrint] = useState(() => fingerprint(draftFromStore(initial)));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const [general, setGeneral] = useState<string | undefined>();
  const [success, setSuccess] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = fingerprint(draft) !== savedPrint;

  const forget = (keys: readonly string[]) =>
    setErrors((current) => {
      if (!keys.some((key) => key in current)) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });

  const update = (change: Partial<SettingsDraft>, touched: readonly string[]) => {
    setSuccess(undefined);
    setDraft((current) => ({ ...current, ...change }));
    forget(touched);
  };

  /** Shows `store` as stored now: the form, the pause switch and the version. */
  const adopt = (store: StoreSettings) => {
    const next = draftFromStore(store);
    setDraft(next);
    setSavedPrint(fingerprint(next));
    setPaused(store.paused === true);
    setVersion(store.version);
  };

  const loadCurrent = async (): Promise<boolean> => {
    try {
      adopt(await getStoreSettings(storeId));
    } catch {
      return false;
    }
    setConflict(null);
    setErrors({});
    setGeneral(undefined);
    setSuccess(t('conflict.reloaded'));
    return true;
  };

  const focusFirstError = () =>
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSuccess(undefined);
    setGeneral(undefined);
    const check = checkSettings(draft);
    if (check.body === null) {
      setErrors(Object.fromEntries(Object.entries(check.errors).map(([place, key]) => [place, t(key)])));
      setGeneral(t('errors.check_fields'));
      focusFirstError();
      return;
    }
    setErrors({});
    setConflict(null);
    setSaving(true);
    try {
      adopt(await saveStoreSettings(storeId, { ...check.body, paused }, version));
      setSuccess(t('settings.saved'));
    } catch (failure) {
      if (isEditConflict(failure)) {
        setConflict(failure);
        return;
      }
      const placed = placeServerError(failure, check.slotKeys, check.closureKeys, t);
      if (placed) {
        setErrors(placed);
        setGeneral(t('errors.check_fields'));
        focusFirstError();
      } else {
        setGeneral(errorsFromApi(failure, [], t).general);
      }
    } finally {
      setSaving(false);
    }
  };

  const text = (name: 'company_name' | 'address_line' | 'phone', label: string) => (
    <TextInput
      id={`settings-${name}`}
      label={label}
      value={draft[name]}
      maxLength={TEXT_MAX}
      error={errors[name]}
      onChange={(value) => update({ [name]: value }, [name])}
    />
  );

  return (
    <>
      <PauseSwitch
        paused={paused}
        version={version}
        onChanged={(store) => {
          setPaused(store.paused === true);
          setVersion(store.version);
        }}
        onReload={loadCurrent}
      />
      <form ref={formRef} className="admin-form" noValidate onSubmit={(event) => void submit(event)}>
        <Card title={t('settings.hours.title')}>
          <p className="admin-card__intro">{t('settings.hours.intro')}</p>
          <HoursEditor slots={draft.slots} errors={errors} onChange={(slots, touched) => update({ slots }, touched)} />
        </Card>
        <Card title={t('settings.closures.title')}>
          <p className="admin-card__intro">{t('settings.closures.intro')}</p>
          <ClosuresEditor
            closures={draft.closures}
            errors={errors}
            onChange={(closures, touched) => update({ closures }, touched)}
          />
        </Card>
        <Card title={t('settings.preorder.title')}>
          <p className="admin-card__intro">{t('settings.preorder.intro')}</p>
          <div className="admin-form__grid">
            <TextInput
              id="settings-pickup_lead_minutes"
              label={t('settings.preorder.pickup_lead')}
              hint={t('settings.preorder.lead_hint')}
              inputMode="numeric"
              value={draft.pickup_lead_minutes}
              error={errors.pickup_lead_minutes}
              onChange={(value) => update({ pickup_lead_minutes: value }, ['pickup_lead_minutes'])}
            />
            <TextInput
              id="settings-delivery_lead_minutes"
              label={t('settings.preorder.delivery_lead')}
              hint={t('settings.preorder.lead_hint')}
              inputMode="numeric"
              value={draft.delivery_lead_minutes}
              error={errors.delivery_lead_minutes}
              onChange={(value) => update({ delivery_lead_minutes: value }, ['delivery_lead_minutes'])}
            />
            <SelectInput
              id="settings-slot_interval_minutes"
              label={t('settings.preorder.interval')}
              value={draft.slot_interval_minutes}
              error={errors.slot_interval_minutes}
              options={SLOT_INTERVALS.map((n) => ({ value: String(n), label: t('settings.preorder.minutes', { count: n }) }))}
              onChange={(value) => update({ slot_interval_minutes: value }, ['slot_interval_minutes'])}
            />
          </div>
        </Card>
        <Card title={t('settings.contact.title')}>
          <div className="admin-form__grid">
            {text('company_name', t('settings.contact.company_name'))}
            {text('address_line', t('settings.contact.address_line'))}
            {text('phone', t('settings.contact.phone'))}
            <TextInput
              id="settings-impressum_text"
              label={t('settings.contact.impressum_text')}
              multiline
              maxLength={IMPRESSUM_MAX}
              value={draft.impressum_text}
              error={errors.impressum_text}
              onChange={(value) => update({ impressum_text: value }, ['impressum_text'])}
            />
            {draft.privacy_text !== undefined && (
              <TextInput
                id="settings-privacy_text"
                label={t('settings.contact.privacy_text')}
                hint={t('settings.contact.privacy_hint')}
                multiline
                maxLength={PRIVACY_MAX}
                value={draft.privacy_text}
                error={errors.privacy_text}
                onChange={(value) => update({ privacy_text: value }, ['privacy_text'])}
              />
            )}
            {draft.impressum_text_en !== undefined && (
              <TextInput
                id="settings-impressum_text_en"
                label={t('settings.contact.impressum_text_en')}
                hint={t('settings.contact.english_hint')}
                multiline
                maxLength={IMPRESSUM_MAX}
                value={draft.impressum_text_en}
                error={errors.impressum_text_en}
                onChange={(value) => update({ impressum_text_en: value }, ['impressum_text_en'])}
              />
            )}
            {draft.privacy_text_en !== undefined && (
              <TextInput
                id="settings-privacy_text_en"
                label={t('settings.contact.privacy_text_en')}
                hint={t('settings.contact.english_hint')}
                multiline
                maxLength={PRIVACY_MAX}
                value={draft.privacy_text_en}
                error={errors.privacy_text_en}
                onChange={(value) => update({ privacy_text_en: value }, ['privacy_text_en'])}
              />
            )}
            <CheckboxInput
              id="settings-show_impressum"
              label={t('settings.contact.show_impressum')}
              checked={draft.show_impressum}
              error={errors.show_impressum}
              onChange={(checked) => update({ show_impressum: checked }, ['show_impressum'])}
            />
          </div>
        </Card>
        <TermsTextsCard draft={draft} errors={errors} onChange={update} />
        <div className="admin-form__sticky">
          {conflict && <EditConflictNotice text={conflictText(conflict, 'save', t)} onReload={loadCurrent} />}
          <FormMessage error={general} success={success} />
          <div className="admin-form__actions">
            <button type="submit" className="button" disabled={saving}>
              {saving ? t('form.saving') : t('settings.save')}
            </button>
            {dirty && !saving && <span className="admin-unsaved">{t('settings.unsaved')}</span>}
          </div>
        </div>
      </form>
    </>
  );
}
