import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format-price';
import { fromCents } from '../../../lib/money';
import type { OrderType, PaymentMethod } from '../../../lib/order-types';

export interface OrderEssentialsProps {
  orderType: OrderType;
  /** Delivery: "Hauptstraße 1, 10115 Berlin"; pickup: the contact's name. null while unknown. */
  address: string | null;
  time: { kind: 'immediately' } | { kind: 'preorder'; time: string } | null;
  payment: PaymentMethod;
  totalCents: number;
}

/**
 * What the binding order button commits to, right above it: order type,
 * address, time, payment method and the total.
 */
export function OrderEssentials({ orderType, address, time, payment, totalCents }: OrderEssentialsProps) {
  const { t } = useTranslation();
  const timeText =
    time === null
      ? t('orders.essentials.no_time')
      : time.kind === 'immediately'
        ? t('orders.essentials.immediately')
        : t('orders.essentials.preorder', { time: time.time });
  return (
    <div className="order-essentials" data-testid="order-essentials">
      <h3 className="order-essentials__title">{t('orders.essentials.title')}</h3>
      <dl className="order-essentials__list">
        <div className="order-essentials__row">
          <dt>{t('orders.essentials.order_type')}</dt>
          <dd>{t(`order_type.${orderType}`)}</dd>
        </div>
        {address !== null && (
          <div className="order-essentials__row">
            <dt>{orderType === 'delivery' ? t('orders.essentials.address') : t('orders.essentials.contact')}</dt>
            <dd>{address}</dd>
          </div>
        )}
        <div className="order-essentials__row">
          <dt>{t('orders.essentials.time')}</dt>
          <dd className={time === null ? 'order-essentials__missing' : undefined}>{timeText}</dd>
        </div>
        <div className="order-essentials__row">
          <dt>{t('orders.essentials.payment')}</dt>
          <dd>{t(`orders.payment.${payment}`)}</dd>
        </div>
        <div className="order-essentials__row order-essentials__row--total">
          <dt>{t('orders.essentials.total')}</dt>
          <dd data-testid="order-essentials-total">{formatPrice(fromCents(totalCents))}</dd>
        </div>
      </dl>
    </div>
  );
}
