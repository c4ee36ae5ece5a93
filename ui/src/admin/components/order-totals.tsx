import { formatPrice } from '../../lib/format-price';
import type { Order } from '../../lib/order-types';
import { formatDecimalInput } from '../lib/price';
import { useAdminTranslation } from '../lib/use-admin-translation';

/**
 * Subtotal, discount, coupon, delivery fee, deposit, tip and total, then the VAT per rate (net,
 * VAT, gross); the tip is outside the VAT base, so no rate counts it.
 */
export function OrderTotals({ order }: { order: Order }) {
  const { t } = useAdminTranslation();
  return (
    <>
      <dl className="admin-order-totals">
        <div>
          <dt>{t('orders.detail.subtotal')}</dt>
          <dd className="admin-num">{formatPrice(order.subtotal)}</dd>
        </div>
        {order.discount > 0 && (
          <div>
            <dt>{t('orders.detail.discount', { percent: formatDecimalInput(order.discount_percentage) })}</dt>
            <dd className="admin-num">{formatPrice(-order.discount)}</dd>
          </div>
        )}
        {order.coupon !== undefined && order.coupon > 0 && (
          <div>
            <dt>{t('orders.detail.coupon', { code: order.coupon_code ?? '' })}</dt>
            <dd className="admin-num" data-testid="order-coupon">
              {formatPrice(-order.coupon)}
            </dd>
          </div>
        )}
        {order.order_type === 'delivery' && (
          <div>
            <dt>{t('orders.detail.delivery_fee')}</dt>
            <dd className="admin-num">{formatPrice(order.delivery_fee)}</dd>
          </div>
        )}
        {order.deposit > 0 && (
          <div>
            <dt>{t('orders.detail.deposit')}</dt>
            <dd className="admin-num" data-testid="order-deposit">
              {formatPrice(order.deposit)}
            </dd>
          </div>
        )}
        {order.tip !== undefined && order.tip > 0 && (
          <div>
            <dt>{t('orders.detail.tip')}</dt>
            <dd className="admin-num" data-testid="order-tip">
              {formatPrice(order.tip)}
            </dd>
          </div>
        )}
        <div className="admin-order-totals__total">
          <dt>{t('orders.detail.total')}</dt>
          <dd className="admin-num" data-testid="order-total">
            {formatPrice(order.total)}
          </dd>
        </div>
      </dl>
      {order.vat.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-order-vat">
            <caption>{t('orders.detail.vat_title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('orders.detail.vat_rate')}</th>
                <th scope="col" className="admin-num">
                  {t('orders.detail.net')}
                </th>
                <th scope="col" className="admin-num">
                  {t('orders.detail.vat')}
                </th>
                <th scope="col" className="admin-num">
                  {t('orders.detail.gross')}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.vat.map((line) => (
                <tr key={line.percentage} data-testid={`vat-${line.percentage}`}>
                  <td data-label={t('orders.detail.vat_rate')}>{formatDecimalInput(line.percentage)} %</td>
                  <td data-label={t('orders.detail.net')} className="admin-num">
                    {formatPrice(line.net)}
                  </td>
                  <td data-label={t('orders.detail.vat')} className="admin-num">
                    {formatPrice(line.vat)}
                  </td>
                  <td data-label={t('orders.detail.gross')} className="admin-num">
                    {formatPrice(line.gross)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
