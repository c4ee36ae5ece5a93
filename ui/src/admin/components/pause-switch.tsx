import { useState } from 'react';
import type { ApiError } from '../../lib/api-error';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { setStorePaused } from '../api/store-admin-api';
import { conflictText, isEditConflict } from '../lib/edit-version';
import { errorsFromApi } from '../lib/errors';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { StoreSettings } from '../types';
import { EditConflictNotice } from './edit-conflict';

/**
 * The kitchen's quick switch on the settings page: pauses or resumes ordering at once via
 * PUT /stores/{id}/pause, apart from the rest of the settings form, but on the version of
 * the settings the page shows, so that the page can go on from the version it answers.
 * When someone else changed the settings meanwhile, it offers `onReload`.
 */
export function PauseSwitch({
  paused,
  version,
  onChanged,
  onReload,
}: {
  paused: boolean;
  version: string | undefined;
  onChanged: (store: StoreSettings) => void;
  onReload: () => Promise<boolean>;
}) {
  const { t } = useAdminTranslation();
  const { storeId } = getRuntimeConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [conflict, setConflict] = useState<ApiError | null>(null);

  const toggle = async () => {
    setBusy(true);
    setError(undefined);
    setConflict(null);
    try {
      const store = await setStorePaused(storeId, !paused, version);
      onChanged(store);
    } catch (failure) {
      if (isEditConflict(failure)) setConflict(failure);
      else setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
    }
  };

  const reload = async () => {
    const loaded = await onReload();
    if (loaded) setConflict(null);
    return loaded;
  };

  return (
    <section className={`admin-card admin-pause${paused ? ' admin-pause--on' : ''}`} aria-labelledby="pause-title">
      <div className="admin-pause__row">
        <div>
          <h2 id="pause-title" className="admin-card__title">
            {t('settings.pause.title')}
          </h2>
          <p className="admin-pause__state" role="status">
            {paused ? t('settings.pause.on') : t('settings.pause.off')}
          </p>
          <p className="admin-field__hint">{t('settings.pause.hint')}</p>
        </div>
        <button
          type="button"
          role="switch"
          className="admin-pause__switch"
          aria-checked={paused}
          aria-labelledby="pause-title"
          aria-describedby="pause-switch-state"
          disabled={busy}
          onClick={() => void toggle()}
        >
          <span className="admin-pause__track" aria-hidden="true">
            <span className="admin-pause__thumb" />
          </span>
          <span id="pause-switch-state" className="admin-pause__label">
            {busy ? t('settings.pause.saving') : paused ? t('settings.pause.state_on') : t('settings.pause.state_off')}
          </span>
        </button>
      </div>
      {error && (
        <p className="admin-message admin-message--error" role="alert">
          {error}
        </p>
      )}
      {conflict && <EditConflictNotice text={conflictText(conflict, 'switch', t)} onReload={reload} />}
    </section>
  );
}
