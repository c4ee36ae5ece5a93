import type { OrderAlert } from '../lib/use-order-alert';
import { useAdminTranslation } from '../lib/use-admin-translation';

/** The ringing indicator and the switch for sound and notifications. */
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
      {alert.enabled ? (
        <button type="button" className="button button--small button--ghost" data-testid="disable-alerts" onClick={alert.disable}>
          {t('orders.alert.disable')}
        </button>
      ) : (
        <button type="button" className="button button--small" data-testid="enable-alerts" onClick={() => void alert.enable()}>
          {t('orders.alert.enable')}
        </button>
      )}
      {alert.enabled && alert.soundBlocked && <p className="admin-order-alerts__hint">{t('orders.alert.sound_blocked')}</p>}
      {alert.enabled && alert.notifications === 'denied' && (
        <p className="admin-order-alerts__hint">{t('orders.alert.notifications_denied')}</p>
      )}
    </div>
  );
}
