// What every storefront page needs; the checkout parts are in ./checkout, so the
// first page load does not download them.
export { CartButton } from './components/cart-button';
export { CartProvider, useCart, type CartApi, type OrderTime } from './components/cart-provider';
