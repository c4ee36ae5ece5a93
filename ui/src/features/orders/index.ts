export { MyOrdersList } from './components/my-orders-list';
export { OrderStatusPage } from './components/order-status-page';
export { PlaceOrder, type PlaceOrderProps } from './components/place-order';
export type { OrderEssentialsProps } from './components/order-essentials';
import './components/orders.css';
