import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../lib/format-price';
import { fromCents } from '../../../lib/money';
import type { OrderType, PaymentMethod } from '../../../lib/order-types';
import { weekdayDate } from '../lib/order-time';

export interface OrderEssentialsProps {
  orderType: OrderType;
  /** Delivery: "Hauptstraße 1, 10115 Berlin"; pickup: the contact's name. null while unknown. */
  address: string | null;
  /** A pre-order's `date` (YYYY-MM-DD) is set when it is not today. */
  time: { kind: 'immediately' } | { kind: 'preorder'; time: string; date?: string } | null;
  payment: PaymentMethod;
  total: EssentialsTotal;
}

/** The server's quoted total; `updating` while a new quote is asked for. Or none yet / none possible. */
export type EssentialsTotal =
  | { kind: 'quoted'; cents: number; updating: boolean }
  | { kind: 'calculating' }
  | { kind: 'none' };

function TotalValue({ total }: { total: EssentialsTotal }) {
  const { t } = useTranslation();
  if (total.kind === 'quoted') {
    return (
      <dd
        data-testid="order-essentials-total"
        className={total.updating ? 'order-essentials__updating' : undefined}
        aria-busy={total.updating}
      >
        {formatPrice(fromCents(total.cents))}
      </dd>
    );
  }
  return (
    <dd data-testid="order-essentials-total" className="order-essentials__missing" aria-busy={total.kind === 'calculating'}>
      {total.kind === 'calculating' ? t('orders.essentials.total_calculating') : t('orders.essentials.total_none')}
    </dd>
  );
}

/**
 * What the binding order button commits to, right above it: order type,
 * address, time, payment method and the server's quoted total.
 */
export function OrderEssentials({ orderType, address, time, payment, total }: OrderEssentialsProps) {
  const { t, i18n } = useTranslation();
  const timeText =
    time === null
      ? t('orders.essentials.no_time')
      : time.kind === 'immediately'
        ? t('orders.essentials.immediately')
        : t('orders.essentials.preorder', {
            time: time.date === undefined ? time.time : `${weekdayDate(time.date, i18n.resolvedLanguage ?? 'de')}, ${time.time}`,
          });
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
          <TotalValue total={total} />
        </div>
      </dl>
    </div>
  );
}
