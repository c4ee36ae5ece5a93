import { useTranslation } from 'react-i18next';
import { lazyModal } from '../../../components/modal/lazy-modal';
import { BASKET_COLUMN_ID } from './basket-layout';
import { useCart } from './cart-provider';
import { useCartView } from './cart-view';
import './cart.css';

// The first render waits for the discounts as well, fetched alongside the code, so
// the first total shown already has the discount (a pickup discount, say).
const CartModal = lazyModal(async () => {
  const [module] = await Promise.all([
    import('./cart-modal'),
    import('./store-discounts').then((discounts) => discounts.discountsReady()),
  ]);
  return module.CartModal;
});

function BasketIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM2 3a1 1 0 0 1 1-1h1.7a1.5 1.5 0 0 1 1.46 1.15L6.5 5H20a1 1 0 0 1 .97 1.24l-1.6 6.4A2 2 0 0 1 17.43 14H8.1l.4 1.6a.5.5 0 0 0 .48.4H19a1 1 0 1 1 0 2H8.98a2.5 2.5 0 0 1-2.42-1.89L4.3 4H3a1 1 0 0 1-1-1Z"
      />
    </svg>
  );
}

/**
 * Header button showing the number of items; opens the cart, or where the page shows
 * the basket column beside the menu (a wide screen), takes the focus there.
 */
export function CartButton({ hidden = false }: { hidden?: boolean }) {
  const { t } = useTranslation();
  const cart = useCart();
  const view = useCartView();
  const toColumn = view.columnShown;

  return (
    <>
      {!hidden && (
        <button
          type="button"
          className="cart-button"
          onClick={view.openCart}
          aria-label={t('cart.button', { count: cart.count })}
          aria-haspopup={toColumn ? undefined : 'dialog'}
          aria-controls={toColumn ? BASKET_COLUMN_ID : undefined}
        >
          <BasketIcon />
          <span className="cart-button__label" aria-hidden="true">
            {t('cart.title')}
          </span>
          <span className={`cart-button__count${cart.count === 0 ? ' cart-button__count--empty' : ''}`} aria-hidden="true">
            {cart.count}
          </span>
        </button>
      )}
      <CartModal open={view.dialogOpen} onClose={view.closeDialog} />
    </>
  );
}
