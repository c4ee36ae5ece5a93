import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderSettings } from '../../../lib/order-settings';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { getPreorderSlots, type PreorderSlots } from '../../../lib/store-api';
import { useCart, type OrderTime } from './cart-provider';

const IMMEDIATELY = 'immediately';

function valueOf(orderTime: OrderTime | null): string {
  if (orderTime === null) return '';
  return orderTime.kind === 'immediately' ? IMMEDIATELY : orderTime.startsAt;
}

/** The choice still offered by the latest slot list, or null. */
function stillOffered(orderTime: OrderTime | null, offer: PreorderSlots): OrderTime | null {
  if (orderTime === null) return null;
  if (orderTime.kind === 'immediately') return offer.immediately ? orderTime : null;
  return offer.slots.some((slot) => slot.starts_at === orderTime.startsAt) ? orderTime : null;
}

/**
 * Order time: 'immediately' while the store takes orders for now, or one of the
 * pre-order slots for the order type. Reloaded whenever the cart opens or the
 * order type changes.
 */
export function OrderTimeChoice({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const { orderType } = useOrderSettings();
  const { orderTime, setOrderTime } = useCart();
  const selectId = useId();
  const [offer, setOffer] = useState<{ orderType: string; data: PreorderSlots } | null>(null);

  useEffect(() => {
    if (!open) return;
    let active = true;
    getPreorderSlots(getRuntimeConfig().storeId, orderType).then(
      (data) => {
        if (active) setOffer({ orderType, data });
      },
      // Logged by the API helper; without a list only "no slots" can be shown.
      () => {
        if (active) setOffer({ orderType, data: { immediately: false, slots: [] } });
      },
    );
    return () => {
      active = false;
    };
  }, [open, orderType]);

  const current = offer !== null && offer.orderType === orderType ? offer.data : null;

  // Drop a choice the new list no longer offers; default to "immediately" when possible.
  useEffect(() => {
    if (current === null) return;
    const kept = stillOffered(orderTime, current);
    const next = kept ?? (current.immediately ? ({ kind: 'immediately' } as const) : null);
    if (valueOf(next) !== valueOf(orderTime)) setOrderTime(next);
  }, [current, orderTime, setOrderTime]);

  if (current === null) {
    return <div className="order-time" aria-busy="true" />;
  }

  const choose = (value: string) => {
    if (value === IMMEDIATELY) {
      setOrderTime({ kind: 'immediately' });
      return;
    }
    const slot = current.slots.find((entry) => entry.starts_at === value);
    setOrderTime(slot ? { kind: 'preorder', time: slot.time, startsAt: slot.starts_at } : null);
  };

  const nothingOffered = !current.immediately && current.slots.length === 0;

  return (
    <div className="order-time">
      {!nothingOffered && (
        <>
          <label htmlFor={selectId} className="order-time__label">
            {t('order_time.label')}
          </label>
          <select
            id={selectId}
            className="order-time__select"
            value={valueOf(orderTime)}
            onChange={(event) => choose(event.currentTarget.value)}
          >
            {orderTime === null && (
              <option value="" disabled>
                {t('order_time.choose')}
              </option>
            )}
            {current.immediately && <option value={IMMEDIATELY}>{t('order_time.immediately')}</option>}
            {current.slots.map((slot) => (
              <option key={slot.starts_at} value={slot.starts_at}>
                {t('order_time.preorder_at', { time: slot.time })}
              </option>
            ))}
          </select>
        </>
      )}
      {current.slots.length === 0 && (
        <p className="order-time__empty" data-testid="no-slots">
          {t('order_time.no_slots')}
        </p>
      )}
    </div>
  );
}
