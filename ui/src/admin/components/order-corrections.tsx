import { TseReceipt } from '../../components/tse-receipt/tse-receipt';
import { formatPrice } from '../../lib/format-price';
import type { AdminOrder } from '../../lib/order-types';
import { formatDateTime } from '../lib/order-format';
import { useAdminTranslation } from '../lib/use-admin-translation';
import { actorText } from './order-facts';

/**
 * What the restaurant corrected after accepting the order, oldest first: cancelled or
 * changed, when, by whom, why, the total before, what went back to the customer
 * (through PayPal, or in cash from the till), and the TSE data of the Storno receipt
 * (and of the new receipt after a change).
 */
export function OrderCorrections({ order, timezone }: { order: AdminOrder; timezone: string }) {
  const { t } = useAdminTranslation();
  const corrections = order.corrections ?? [];
  return (
    <ol className="admin-order-corrections" data-testid="order-corrections">
      {corrections.map((correction, index) => (
        <li key={`${correction.at}-${index}`} data-testid={`order-correction-${correction.kind}`}>
          <p>
            <strong>{t(`orders.corrections.${correction.kind}`)}</strong>{' '}
            <time dateTime={correction.at}>{formatDateTime(correction.at, timezone)}</time>
            {correction.by && <span className="admin-order-history__by"> · {actorText(correction.by, t)}</span>}
          </p>
          <p>{t('orders.corrections.reason', { reason: correction.reason })}</p>
          <p>{t('orders.corrections.previous_total', { total: formatPrice(correction.previous_total) })}</p>
          {correction.refunded > 0 && (
            <p data-testid="correction-refunded">
              {t(order.payment_method === 'online' ? 'orders.corrections.refunded' : 'orders.corrections.refunded_cash', {
                amount: formatPrice(correction.refunded),
              })}
            </p>
          )}
          {correction.storno_tse && (
            <div>
              <p className="admin-order-corrections__receipt">{t('orders.corrections.storno_receipt')}</p>
              <TseReceipt tse={correction.storno_tse} timezone={timezone} />
            </div>
          )}
          {correction.receipt_tse && (
            <div>
              <p className="admin-order-corrections__receipt">{t('orders.corrections.new_receipt')}</p>
              <TseReceipt tse={correction.receipt_tse} timezone={timezone} />
            </div>
          )}
        </li>
      ))}
    </ol>
  );
}
