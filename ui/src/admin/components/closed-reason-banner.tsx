import { useState } from 'react';
import { useAuth } from '../../lib/auth';
import { isOwner } from '../lib/roles';
import { getRuntimeConfig } from '../../lib/runtime-config';
import { GUARD_REASONS } from '../../lib/status-socket';
import { setStorePaused } from '../api/store-admin-api';
import { errorsFromApi } from '../lib/errors';
import { formatTime } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import type { ClosedState } from '../lib/use-closed-reason';

/**
 * Above the orders board: a guard that keeps the shop closed whatever the hours say
 * (clock not confirmed, checklist open, paused after unanswered orders), and the way out.
 * `state` comes from the live status, which also reports the resume: the banner goes then.
 * Staff, who do not see the checklist, are told the owner settles it.
 */
export function ClosedReasonBanner({ state, timezone }: { state: ClosedState | null; timezone: string }) {
  const { t } = useAdminTranslation();
  const { storeId } = getRuntimeConfig();
  const { user } = useAuth();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  if (state === null) return null;
  const { reason, autoPause } = state;
  if (reason === null || (reason !== 'auto_paused' && !GUARD_REASONS.includes(reason))) return null;

  const resume = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await setStorePaused(storeId, false);
    } catch (failure) {
      setError(errorsFromApi(failure, [], t).general);
    } finally {
      setBusy(false);
    }
  };

  const text =
    reason === 'auto_paused' && autoPause
      ? t('guards.auto_paused', { count: autoPause.unanswered, time: formatTime(autoPause.since, timezone) })
      : reason === 'not_ready' && !isOwner(user)
        ? t('guards.not_ready_staff')
        : t(`guards.${reason}`);
  return (
    <div className="admin-message admin-message--error admin-guard" role="alert" data-testid="closed-reason" data-reason={reason}>
      <p>{text}</p>
      {reason === 'auto_paused' && (
        <div className="admin-form__actions">
          <button type="button" className="button button--small" disabled={busy} onClick={() => void resume()}>
            {busy ? t('guards.resuming') : t('guards.resume')}
          </button>
        </div>
      )}
      {error && <p>{error}</p>}
    </div>
  );
}
