import type { OrderStatus } from '../../lib/order-types';
import { useAdminTranslation } from '../lib/use-admin-translation';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useAdminTranslation();
  return <span className={`admin-badge admin-order-status admin-order-status--${status}`}>{t(`orders.status.${status}`)}</span>;
}
