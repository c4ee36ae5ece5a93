// The cart's parts of the checkout page.
export { CheckoutLines } from './components/checkout-lines';
export { OrderNoteField } from './components/order-note-field';
export { OrderTimeChoice } from './components/order-time-choice';
export { TotalsList, type TotalsFigures } from './components/totals-list';
