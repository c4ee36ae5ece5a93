import type { OrderAlert } from '../lib/use-order-alert';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** The ringing indicator, the switch for sound and notifications, and "Ton aus" while it is off. */
export function OrderAlertControls({ alert, waiting }: { alert: OrderAlert; waiting: number }) {
  const { t } = useAdminTranslation();
  return (
    <div className="admin-order-alerts">
      {alert.ringing && (
        <p className="admin-order-alert" data-testid="order-alert" role="status">
          <span className="admin-order-alert__bell" aria-hidden="true" />
          {t('orders.alert.ringing', { count: waiting })}
        </p>
      )}
      {alert.sound !== 'on' && (
        <p className="admin-sound-off" data-testid="sound-off" data-reason={alert.sound}>
          <SoundOffIcon />
          {t('orders.alert.sound_off')}
        </p>
      )}
      {alert.enabled ? (
        <button type="button" className="button button--small button--ghost" data-testid="disable-alerts" onClick={alert.disable}>
          {t('orders.alert.disable')}
        </button>
      ) : (
        <button type="button" className="button button--small" data-testid="enable-alerts" onClick={() => void alert.enable()}>
          {t('orders.alert.enable')}
        </button>
      )}
      {alert.sound === 'unavailable' && <p className="admin-order-alerts__hint">{t('orders.alert.sound_unavailable')}</p>}
      {alert.enabled && alert.notifications === 'denied' && (
        <p className="admin-order-alerts__hint">{t('orders.alert.notifications_denied')}</p>
      )}
    </div>
  );
}

/**
 * The bar across the board while the browser holds the switched-on sound back (after
 * every reload, until someone taps the page): tapping it lets the sound play.
 */
export function SoundBlockedBar({ alert }: { alert: OrderAlert }) {
  const { t } = useAdminTranslation();
  if (alert.sound !== 'blocked') return null;
  return (
    <button type="button" className="admin-sound-blocked" data-testid="sound-blocked" onClick={alert.unblock}>
      <SoundOffIcon />
      {t('orders.alert.sound_blocked')}
    </button>
  );
}

/** A loudspeaker with a stroke through it. */
function SoundOffIcon() {
  return (
    <svg className="admin-sound-off__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor" />
      <path d="M16 9l6 6m0-6l-6 6" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}
