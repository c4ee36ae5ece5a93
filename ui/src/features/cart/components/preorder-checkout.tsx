import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckoutGate } from './use-checkout-gate';

/**
 * Goes on to checkout once mounted, as the cart's checkout button does; when the cart
 * cannot go yet (no postcode, below the minimum, unavailable items) it says why instead.
 */
export function PreorderCheckout() {
  const { t } = useTranslation();
  const gate = useCheckoutGate();
  const started = useRef(false);
  const { blockedBy, go } = gate;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (blockedBy === null) go();
  }, [blockedBy, go]);

  if (blockedBy === null) return null;
  return (
    <p className="preorder-now__blocked" role="alert" data-testid="preorder-blocked">
      {t(`cart.checkout_blocked_${blockedBy}`)}
    </p>
  );
}
