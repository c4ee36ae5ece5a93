import { cashGivenFigures } from '../../lib/cash-given';
import { driverNotes } from '../../lib/driver-notes';
import { formatPrice } from '../../lib/format-price';
import type { AdminOrder, AllergenRef } from '../../lib/order-types';
import { formatDateTime, formatPreorder, paymentKey, withErasureMarker } from '../lib/order-format';
import { formatDecimalInput } from '../lib/price';
import { useAdminTranslation } from '../lib/use-admin-translation';

const codes = (allergens: readonly AllergenRef[]) => allergens.map((allergen) => allergen.code).join(', ');

/**
 * The kitchen ticket of one order, laid out for an 80 mm receipt printer.
 * Hidden on screen; the print style shows only this (see orders.css).
 */
export function KitchenTicket({ order: stored, brand, timezone }: { order: AdminOrder; brand: string; timezone: string }) {
  const { t } = useAdminTranslation();
  const order = withErasureMarker(stored, t('privacy.anonymised'));
  const preorder = formatPreorder(order, timezone);
  const { customer } = order;
  const place = [customer.zip, customer.city].filter(Boolean).join(' ');
  const notes = driverNotes(order);
  const cash = cashGivenFigures(order);
  return (
    <div className="admin-ticket" data-testid="kitchen-ticket">
      <p className="admin-ticket__brand">{brand}</p>
      <p className="admin-ticket__number">{t('orders.ticket.order', { number: order.number })}</p>
      <p>{formatDateTime(order.created_at, timezone)}</p>
      <p className="admin-ticket__type">
        {order.table != null ? t('tables.table', { table: order.table }) : t(`orders.type.${order.order_type}`)}
      </p>
      {preorder !== null && <p className="admin-ticket__preorder">{t('orders.ticket.preorder', { time: preorder })}</p>}
      <hr />
      <p className="admin-ticket__strong">{customer.customer_name}</p>
      {customer.line1 && <p>{customer.line1}</p>}
      {place && <p>{place}</p>}
      {notes && (
        <p className="admin-ticket__strong" data-testid="ticket-driver-notes">
          {t('orders.driver_notes')}: {notes}
        </p>
      )}
      {customer.phone && <p>{t('orders.ticket.phone', { phone: customer.phone })}</p>}
      {order.age_restriction != null && (
        <p className="admin-ticket__strong" data-testid="ticket-age-check">
          {t('orders.ticket.age_check', { age: order.age_restriction })}
        </p>
      )}
      <hr />
      <ul className="admin-ticket__lines">
        {order.lines.map((line, index) => (
          <li key={`${line.product_id}-${line.variant_id ?? 0}-${index}`}>
            <div className="admin-ticket__row">
              <span>
                {line.quantity} × {line.name}
                {line.allergens.length > 0 && <span className="admin-ticket__codes"> ({codes(line.allergens)})</span>}
              </span>
              <span>{formatPrice(line.total)}</span>
            </div>
            {line.extras.map((extra) => (
              <div key={extra.topping_id} className="admin-ticket__extra">
                + {extra.quantity} × {extra.name}
                {extra.allergens.length > 0 && <span className="admin-ticket__codes"> ({codes(extra.allergens)})</span>}
              </div>
            ))}
          </li>
        ))}
      </ul>
      {order.note && (
        <>
          <hr />
          <p className="admin-ticket__note">
            <strong>
              {t('orders.ticket.note')}: {order.note}
            </strong>
          </p>
        </>
      )}
      <hr />
      <TicketRow label={t('orders.detail.subtotal')} value={formatPrice(order.subtotal)} />
      {order.discount > 0 && (
        <TicketRow
          label={t('orders.detail.discount', { percent: formatDecimalInput(order.discount_percentage) })}
          value={formatPrice(-order.discount)}
        />
      )}
      {order.coupon !== undefined && order.coupon > 0 && (
        <TicketRow label={t('orders.detail.coupon', { code: order.coupon_code ?? '' })} value={formatPrice(-order.coupon)} />
      )}
      {order.order_type === 'delivery' && (
        <TicketRow label={t('orders.detail.delivery_fee')} value={formatPrice(order.delivery_fee)} />
      )}
      {order.deposit > 0 && <TicketRow label={t('orders.detail.deposit')} value={formatPrice(order.deposit)} />}
      {order.tip !== undefined && order.tip > 0 && (
        <TicketRow label={t('orders.detail.tip')} value={formatPrice(order.tip)} />
      )}
      <TicketRow label={t('orders.detail.total')} value={formatPrice(order.total)} strong />
      <hr />
      <p className="admin-ticket__strong">{t(paymentKey(order))}</p>
      {cash !== null && (
        <p className="admin-ticket__strong" data-testid="ticket-cash-given">
          {t('orders.cash_given', cash)}
        </p>
      )}
    </div>
  );
}

function TicketRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`admin-ticket__row${strong ? ' admin-ticket__strong' : ''}`}>
      <span>{label}</span>
      <span>{value}</span>
    </div>
  );
}
