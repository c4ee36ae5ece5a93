export { CartButton } from './components/cart-button';
export { CartProvider, useCart, type CartApi, type OrderTime } from './components/cart-provider';
