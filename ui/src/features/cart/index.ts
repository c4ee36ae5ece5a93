export { CartButton } from './components/cart-button';
export { CartProvider, useCart, type CartApi } from './components/cart-provider';
