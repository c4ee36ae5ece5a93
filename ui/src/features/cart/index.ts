// What every storefront page needs; the checkout parts are in ./checkout, so the
// first page load does not download them.
export { CartButton } from './components/cart-button';
// The menu page's basket: the column beside the menu (wide screens), the bar under it (narrower ones).
export { BasketBar } from './components/basket-bar';
export { BasketColumn } from './components/basket-column';
export { CartProvider, useCart, type CartApi, type OrderTime } from './components/cart-provider';
export { PreorderNow } from './components/preorder-now';
