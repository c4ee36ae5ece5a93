// The cart's parts of the checkout page.
export { CheckoutLines } from './components/checkout-lines';
export { OrderNoteField } from './components/order-note-field';
export { OrderSummary } from './components/order-summary';
export { OrderTimeChoice } from './components/order-time-choice';
export { useCartTotals, type CartTotals } from './components/use-cart-totals';
