import { useTranslation } from 'react-i18next';
import { TseReceipt } from '../../../components/tse-receipt/tse-receipt';
import type { Order, OrderTse } from '../../../lib/order-types';
import { isAcceptedOrLater } from '../lib/order-progress';

/**
 * The TSE data the customer's receipt carries, once there is a receipt: the order was
 * accepted and its transaction finished (signed) or the TSE failed. A transaction that
 * is still open, or cancelled with a rejection, is no receipt.
 */
export function receiptOf(order: Pick<Order, 'status' | 'tse'>): OrderTse | null {
  const { tse } = order;
  if (!tse || !isAcceptedOrLater(order.status)) return null;
  return tse.state === 'finished' || tse.state === 'failed' ? tse : null;
}

/** "Beleg": the order's receipt data from the cloud TSE with its QR code, when it has one. */
export function OrderReceipt({ order, timezone }: { order: Order; timezone: string }) {
  const { t } = useTranslation();
  const tse = receiptOf(order);
  if (tse === null) return null;
  return (
    <section className="order-card order-receipt" aria-labelledby="order-receipt-title" data-testid="order-receipt">
      <h2 id="order-receipt-title" className="order-card__title">
        {t('receipt.title')}
      </h2>
      <TseReceipt tse={tse} timezone={timezone} />
    </section>
  );
}
