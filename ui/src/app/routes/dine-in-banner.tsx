import { useTranslation } from 'react-i18next';
import type { DineInTable } from '../../lib/orders-api';

/** "Bestellung an Tisch 12" above the menu, with the way out of dine-in mode. */
export function DineInBanner({ table, onLeave }: { table: DineInTable; onLeave: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="dine-in-banner" role="status" data-testid="dine-in-banner">
      <span className="dine-in-banner__text">{t('dine_in.banner', { table: table.label })}</span>
      <button type="button" className="dine-in-banner__leave" onClick={onLeave}>
        {t('dine_in.leave')}
      </button>
    </div>
  );
}
