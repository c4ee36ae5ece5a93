import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyModal } from '../../../components/modal/lazy-modal';
import './restaurant-info-button.css';

// Opened by few visitors: its code and texts load on the first click.
const RestaurantInfoModal = lazyModal(async () => (await import('./restaurant-info')).RestaurantInfoModal);

/** "Info" beside the restaurant's name: opens the hours, address, delivery areas and discounts. */
export function RestaurantInfoButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        className="restaurant-info-button"
        aria-haspopup="dialog"
        aria-label={t('menu.info_label')}
        onClick={() => setOpen(true)}
      >
        <span className="restaurant-info-button__icon" aria-hidden="true">
          i
        </span>
        {t('menu.info')}
      </button>
      <RestaurantInfoModal open={open} onClose={() => setOpen(false)} />
    </>
  );
}
