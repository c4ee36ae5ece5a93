import type { RefObject } from 'react';
import { useCartPanel } from './cart-panel';

/** The basket column's contents: the cart dialog's body and footer, always open. */
export function BasketPanel({ titleRef }: { titleRef: RefObject<HTMLHeadingElement | null> }) {
  const { body, footer } = useCartPanel({ open: true, emptyFocusRef: titleRef });
  return (
    <>
      <div className="basket-column__body">{body}</div>
      {footer && <div className="basket-column__footer">{footer}</div>}
    </>
  );
}
