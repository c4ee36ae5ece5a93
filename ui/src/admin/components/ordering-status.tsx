import { useState } from 'react';
import { Link } from 'react-router-dom';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { GUARD_REASONS } from '../../lib/status-socket';
import { setStorePaused } from '../api/store-admin-api';
import { errorsFromApi } from '../lib/errors';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { ClosedStatus } from '../lib/use-closed-reason';
import { FormMessage } from './fields';

/**
 * The dashboard's card on whether the store takes orders right now, with the pause
 * switch as a button (PUT /stores/{id}/pause, without a version, like the banner's
 * resume) and, for the owner, the way to the settings. The live status reports the
 * change, and the card follows it.
 */
export function OrderingStatus({ closed, owner }: { closed: ClosedStatus; owner: boolean }) {
  const { t } = useAdminTranslation();
  const { storeId } = getRuntimeConfig();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (closed === null) return null;
  const known = closed !== 'unknown';
  const paused = known && closed.paused;
  const guarded = known && closed.reason !== null && GUARD_REASONS.includes(closed.reason);

  const toggle = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await setStorePaused(storeId, !paused);
    } catch (failure) {
      setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={`admin-card admin-dashboard-status${paused ? ' admin-dashboard-status--paused' : ''}`}>
      <h2 className="admin-card__title">{t('dashboard.ordering')}</h2>
      <p className="admin-dashboard-status__text" data-testid="dashboard-ordering">
        {!known
          ? t('dashboard.ordering_unknown')
          : paused
            ? t('dashboard.ordering_paused')
            : guarded
              ? t('dashboard.ordering_guarded')
              : t('dashboard.ordering_open')}
      </p>
      {known && (
        <button
          type="button"
          className={paused ? 'button' : 'button button--ghost'}
          data-testid="dashboard-pause"
          disabled={busy}
          onClick={() => void toggle()}
        >
          {busy ? t('dashboard.switching') : paused ? t('dashboard.resume') : t('dashboard.pause')}
        </button>
      )}
      {owner && (
        <Link to="/admin/store-setting" className={paused ? 'button' : 'button button--ghost'}>
          {t('dashboard.to_settings')}
        </Link>
      )}
      <FormMessage error={error} />
    </section>
  );
}
