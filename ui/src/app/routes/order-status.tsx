import { useParams } from 'react-router-dom';
import { OrderStatusPage } from '../../features/orders';
import { usePageTitle } from '../../lib/page-title';

/** /orders/:token – the live status of one order; the token in the link is its only key. */
export function OrderStatusRoute() {
  usePageTitle('Order Status');
  const { token = '' } = useParams();
  return <OrderStatusPage key={token} token={token} />;
}

export { OrderStatusRoute as Component };
