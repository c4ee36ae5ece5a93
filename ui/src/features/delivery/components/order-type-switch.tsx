import { useTranslation } from 'react-i18next';
import { useOrderSettings } from '../../../lib/order-settings';
import { ORDER_TYPES } from '../../../lib/store-api';
import './delivery.css';

/** Delivery or pickup; the choice is kept in localStorage (order_type). */
export function OrderTypeSwitch() {
  const { t } = useTranslation();
  const { orderType, setOrderType } = useOrderSettings();
  return (
    <div className="order-type-switch" role="group" aria-label={t('order_type.label')}>
      {ORDER_TYPES.map((type) => (
        <button
          key={type}
          type="button"
          className="order-type-switch__option"
          aria-pressed={orderType === type}
          onClick={() => setOrderType(type)}
        >
          {t(`order_type.${type}`)}
        </button>
      ))}
    </div>
  );
}
