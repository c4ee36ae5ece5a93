export { MyOrdersList } from './components/my-orders-list';
export { OrderStatusPage } from './components/order-status-page';
export { PlaceOrder, type PlaceOrderProps } from './components/place-order';
export type { TermsLinks } from './components/terms-notice';
export type { Reorder, ReorderOutcome } from './components/reorder-button';
export type { OrderEssentialsProps } from './components/order-essentials';
export { shownQuote, useCheckoutQuote, type CheckoutQuote, type QuoteState } from './components/use-checkout-quote';
export { orderErrorMessage } from './lib/order-errors';
import './components/orders.css';
