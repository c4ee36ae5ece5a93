import type { TFunction } from 'i18next';
import { ERRORS_NAMESPACE } from '../../../lib/i18n';
import type { Order } from '../../../lib/order-types';

/**
 * Why the order was rejected, in the reader's language: the staff's reason as they
 * wrote it, or, when nobody answered in time, that sentence in the UI language
 * instead of the server's fixed English one. Null when there is no reason to show.
 */
export function rejectionText(order: Pick<Order, 'rejection_reason' | 'rejected_by'>, t: TFunction): string | null {
  if (order.rejected_by === 'no_one') return t('order_not_answered', { ns: ERRORS_NAMESPACE });
  return order.rejection_reason || null;
}
