import { useNavigate } from 'react-router-dom';
import { useAuth } from '../../../lib/auth';
import { toCents } from '../../../lib/money';
import { useOnline } from '../../../lib/offline';
import { useOrderSettings } from '../../../lib/order-settings';
import { orderTotals, totalsLines } from '../lib/totals';
import { useCart } from './cart-provider';
import { useCheckedLines } from './use-checked-lines';

/** Why the cart cannot go to checkout yet, if it cannot. */
export type CheckoutBlock = 'empty' | 'offline' | 'unavailable' | 'postcode' | 'minimum';

/**
 * Whether the cart may go to checkout (spec §4/§6): no line may be sold out or gone
 * from the menu, a delivery needs a chosen postcode and the postcode's minimum
 * order amount (counting the orderable lines), and ordering needs a connection; signed-in customers continue to
 * /update-address, guests to /guest-login.
 */
export function useCheckoutGate(): { blockedBy: CheckoutBlock | null; go: () => void } {
  const cart = useCart();
  const { problems, orderable } = useCheckedLines();
  const { user } = useAuth();
  const { orderType, postcode } = useOrderSettings();
  const navigate = useNavigate();
  const online = useOnline();
  const totals = orderTotals({
    lines: totalsLines(orderable),
    orderType,
    discountPercent: null,
    deliveryFeeCents: toCents(postcode?.delivery_fee ?? 0),
    minimumOrderCents: toCents(postcode?.minimum_order_amount ?? 0),
  });
  let blockedBy: CheckoutBlock | null = null;
  if (cart.items.length === 0) blockedBy = 'empty';
  else if (!online) blockedBy = 'offline';
  else if (problems.size > 0) blockedBy = 'unavailable';
  else if (orderType === 'delivery' && !postcode) blockedBy = 'postcode';
  else if (totals.minimumMissingCents > 0) blockedBy = 'minimum';
  return {
    blockedBy,
    go: () => navigate(user ? '/update-address' : '/guest-login'),
  };
}
