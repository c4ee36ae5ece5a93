import { GuestForm } from '../../features/accounts';
import { useCart } from '../../features/cart';
import { usePageTitle } from '../../lib/page-title';
import { AccountPage } from './account-page';

/** /guest-login – a guest's shipping address before checkout. */
export function GuestLoginRoute() {
  usePageTitle('Guest Login');
  const cart = useCart();
  return (
    <AccountPage>
      <GuestForm cartIsEmpty={cart.items.length === 0} />
    </AccountPage>
  );
}

export { GuestLoginRoute as Component };
