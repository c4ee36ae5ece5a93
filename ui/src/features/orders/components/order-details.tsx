import { useTranslation } from 'react-i18next';
import { LineDeposit } from '../../../components/line-deposit';
import { cashGivenFigures } from '../../../lib/cash-given';
import { driverNotes } from '../../../lib/driver-notes';
import { formatPrice } from '../../../lib/format-price';
import { toCents } from '../../../lib/money';
import { OPEN_STATUSES, type Order, type OrderLine } from '../../../lib/order-types';
import { paidInCash } from '../../../lib/paid-in-cash';
import { useStore } from '../../../lib/store-context';
import { ReorderButton, type Reorder } from './reorder-button';

function percentText(value: number, language: string): string {
  return language === 'en' ? String(value) : String(value).replace('.', ',');
}

function Line({ line }: { line: OrderLine }) {
  return (
    <li className="order-line">
      <span className="order-line__quantity">{line.quantity}×</span>
      <span className="order-line__main">
        <span className="order-line__name">{line.name}</span>
        {line.extras.length > 0 && (
          <span className="order-line__extras">
            {line.extras
              .map((extra) => `+ ${extra.quantity > 1 ? `${extra.quantity}× ` : ''}${extra.name}`)
              .join(', ')}
          </span>
        )}
        <LineDeposit className="order-line__deposit" depositCents={toCents(line.deposit)} quantity={line.quantity} />
      </span>
      <span className="order-line__price">{formatPrice(line.total)}</span>
    </li>
  );
}

function Totals({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'de';
  return (
    <dl className="order-totals">
      <div className="order-totals__row">
        <dt>{t('cart.subtotal')}</dt>
        <dd>{formatPrice(order.subtotal)}</dd>
      </div>
      {order.discount > 0 && (
        <div className="order-totals__row order-totals__row--discount">
          <dt>{t('cart.discount', { percent: percentText(order.discount_percentage, language) })}</dt>
          <dd>−{formatPrice(order.discount)}</dd>
        </div>
      )}
      {/* Taken off after the standing discount (free delivery: the fee); the VAT lines follow it. */}
      {order.coupon !== undefined && order.coupon > 0 && (
        <div className="order-totals__row order-totals__row--discount">
          <dt>{t('cart.coupon', { code: order.coupon_code ?? '' })}</dt>
          <dd data-testid="order-coupon">−{formatPrice(order.coupon)}</dd>
        </div>
      )}
      {order.order_type === 'delivery' && (
        <div className="order-totals__row">
          <dt>{t('cart.delivery_fee')}</dt>
          <dd>{formatPrice(order.delivery_fee)}</dd>
        </div>
      )}
      {order.deposit > 0 && (
        <div className="order-totals__row">
          <dt>{t('cart.deposit')}</dt>
          <dd data-testid="order-deposit">{formatPrice(order.deposit)}</dd>
        </div>
      )}
      {/* Paid online with the order, outside the VAT base: no VAT row counts it. */}
      {order.tip !== undefined && order.tip > 0 && (
        <div className="order-totals__row">
          <dt>{t('cart.tip')}</dt>
          <dd data-testid="order-tip">{formatPrice(order.tip)}</dd>
        </div>
      )}
      <div className="order-totals__row order-totals__row--total">
        <dt>{t('cart.total')}</dt>
        <dd data-testid="order-total">{formatPrice(order.total)}</dd>
      </div>
      {order.vat.map((vat) => (
        <div key={vat.percentage} className="order-totals__row order-totals__row--muted">
          <dt>{t('orders.status_page.vat', { percentage: percentText(vat.percentage, language), net: formatPrice(vat.net) })}</dt>
          <dd>{formatPrice(vat.vat)}</dd>
        </div>
      ))}
    </dl>
  );
}

function Destination({ order }: { order: Order }) {
  const { t } = useTranslation();
  const store = useStore();
  const { customer } = order;
  const place = [customer.zip, customer.city].filter(Boolean).join(' ');
  const delivery = order.order_type === 'delivery';
  const notes = order.anonymised_at === null ? driverNotes(order) : '';
  return (
    <div className="order-destination" data-testid="order-destination">
      {order.table != null && (
        <p className="order-destination__table" data-testid="order-table">
          {t('dine_in.table', { table: order.table })}
        </p>
      )}
      <h3 className="order-card__subtitle">
        {delivery ? t('orders.status_page.delivery_to') : t('orders.status_page.pickup')}
      </h3>
      {!delivery && order.table == null && store.status === 'success' && store.data.address_line && (
        <p className="order-destination__store">{store.data.address_line}</p>
      )}
      <address className="order-destination__address">
        <strong>{order.anonymised_at === null ? customer.customer_name : t('orders.status_page.anonymised')}</strong>
        {delivery && order.anonymised_at === null && <span>{customer.line1}</span>}
        {delivery && place && <span>{place}</span>}
        {customer.phone && <span>{t('address.phone_line', { phone: customer.phone })}</span>}
      </address>
      {notes && (
        <p className="order-destination__notes" data-testid="order-driver-notes">
          <strong>{t('order_status.driver_notes')}:</strong> {notes}
        </p>
      )}
    </div>
  );
}

/** The payment's state as the customer should read it: a rejected cash order is not to be paid. */
function paymentState(order: Order): string {
  if (order.payment_status === 'cancelled') return 'cash_void';
  if (paidInCash(order)) return 'paid';
  return order.status === 'rejected' && order.payment_status === 'cash_due' ? 'cash_void' : order.payment_status;
}

function Payment({ order }: { order: Order }) {
  const { t } = useTranslation();
  // What the customer said they pay with, and the change the driver brings; a rejected order is not paid.
  const cash = order.status === 'rejected' ? null : cashGivenFigures(order);
  return (
    <div className="order-payment">
      <h3 className="order-card__subtitle">{t('orders.status_page.payment')}</h3>
      <p data-testid="order-payment">
        {t(`orders.payment.${order.payment_method}`)} – {t(`orders.status_page.payment_status.${paymentState(order)}`)}
      </p>
      {cash !== null && <p data-testid="order-cash-given">{t('orders.status_page.cash_given', cash)}</p>}
    </div>
  );
}

/**
 * What was ordered, what it costs (with VAT), where it goes and how it is paid; with
 * `reorder`, a finished order (completed or not accepted) can be ordered again.
 */
export function OrderDetails({ order, reorder }: { order: Order; reorder?: Reorder }) {
  const { t } = useTranslation();
  return (
    <section className="order-card">
      <h2 className="order-card__title">{t('orders.status_page.items')}</h2>
      <ul className="order-lines">
        {order.lines.map((line, index) => (
          <Line key={`${line.product_id}-${line.variant_id ?? 'base'}-${index}`} line={line} />
        ))}
      </ul>
      {order.note.trim() !== '' && order.anonymised_at === null && (
        <p className="order-note">
          <strong>{t('cart.note')}:</strong> {order.note}
        </p>
      )}
      <Totals order={order} />
      <div className="order-card__columns">
        <Destination order={order} />
        <Payment order={order} />
      </div>
      {reorder && !OPEN_STATUSES.includes(order.status) && <ReorderButton order={order} reorder={reorder} />}
    </section>
  );
}
