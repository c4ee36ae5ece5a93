import { useTranslation } from 'react-i18next';
import { useOnline } from '../lib/offline';

/** Says, while the browser is offline, that the menu is the last one seen and ordering waits. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  if (online) return null;
  return (
    <p className="offline-banner" role="status" data-testid="offline-banner">
      {t('offline.banner')}
    </p>
  );
}
