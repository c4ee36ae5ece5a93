import { useState } from 'react';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { setStorePaused } from '../api/store-admin-api';
import { errorsFromApi } from '../lib/errors';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { StoreSettings } from '../types';

/**
 * The kitchen's quick switch: pauses or resumes ordering at once via PUT /stores/{id}/pause,
 * independent of the rest of the settings form.
 */
export function PauseSwitch({ paused, onChanged }: { paused: boolean; onChanged: (store: StoreSettings) => void }) {
  const { t } = useAdminTranslation();
  const { storeId } = getRuntimeConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();

  const toggle = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const store = await setStorePaused(storeId, !paused);
      onChanged(store);
    } catch (failure) {
      setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
    }
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
    </section>
  );
}
