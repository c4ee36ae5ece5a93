// The cart's parts of the checkout page, and ordering a past order again.
export {
  AgeConfirmation,
  highestAge,
  useCartAgeRestriction,
  type MinimumAge,
} from './components/age-confirmation';
export { CheckoutLines, type QuotedLine } from './components/checkout-lines';
export { OrderNoteField } from './components/order-note-field';
export {
  closedReasonKey,
  OrderTimeChoice,
  orderTimeBlock,
  OrderTimeSelect,
  useOrderTimeOffer,
  type OrderTimeBlock,
  type OrderTimeOffer,
} from './components/order-time-choice';
export { TotalsList, type TotalsFigures } from './components/totals-list';
export { useReorder, type ReorderOutcome } from './components/use-reorder';
