import { useTranslation } from 'react-i18next';
import type { HoursText } from '../lib/store-status';
import { useStoreStatus, type UseStoreStatusOptions } from './use-store-status';
import './store-status.css';

function useHoursText() {
  const { t } = useTranslation();
  return (text: HoursText): string => {
    switch (text.kind) {
      case 'current':
        return `${text.open} - ${text.close}`;
      case 'opens_at':
        return t('store_status.opens_at', { time: text.time });
      case 'closed_for_today':
        return t('store_status.closed_for_today');
    }
  };
}

/** Open/Closed badge with today's hours text (or the paused notice), kept live. */
export function StoreStatusBadge(options: UseStoreStatusOptions) {
  const { t } = useTranslation();
  const status = useStoreStatus(options);
  const hoursText = useHoursText();

  if (status === null) {
    return <div className="store-status store-status--pending" aria-hidden="true" />;
  }
  const detail = status.failed
    ? ''
    : status.guard !== null
      ? t(`store_status.${status.guard}`)
      : status.autoPausedAfter !== null
        ? t('store_status.auto_paused', { count: status.autoPausedAfter })
        : status.paused
          ? t('store_status.paused')
          : hoursText(status.hoursText);

  return (
    <div className="store-status" data-testid="store-status" role="status">
      <span className={`store-status__badge store-status__badge--${status.isOpen ? 'open' : 'closed'}`}>
        {status.isOpen ? t('store_status.open') : t('store_status.closed')}
      </span>
      {detail !== '' && (
        <span className="store-status__hours" data-testid="store-hours">
          {detail}
        </span>
      )}
      {!status.paused && status.guard === null && status.label !== '' && (
        <span className="store-status__label">{status.label}</span>
      )}
    </div>
  );
}
