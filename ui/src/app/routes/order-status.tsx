import { useParams } from 'react-router-dom';
import { useReorder } from '../../features/cart/checkout';
import { OrderStatusPage } from '../../features/orders';
import { usePageTitle } from '../../lib/page-title';

/**
 * /orders/:token – the live status of one order; the token in the link is its only
 * key. A finished order can be ordered again from here.
 */
export function OrderStatusRoute() {
  usePageTitle('Order Status');
  const { token = '' } = useParams();
  const reorder = useReorder();
  return <OrderStatusPage key={token} token={token} reorder={reorder} />;
}

export { OrderStatusRoute as Component };
