export { CartButton } from './components/cart-button';
export { CartProvider, useCart, type CartApi, type OrderTime } from './components/cart-provider';
export { CheckoutLines } from './components/checkout-lines';
export { OrderSummary } from './components/order-summary';
export { OrderTimeChoice } from './components/order-time-choice';
