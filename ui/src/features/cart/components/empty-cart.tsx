import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What an empty cart says, in the dialog and in the basket column; `children` adds a way on. */
export function EmptyCart({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="cart-empty">
      <span className="cart-empty__icon" aria-hidden="true">
        🛒
      </span>
      <p className="cart-empty__title">{t('cart.empty')}</p>
      <p className="cart-empty__hint">{t('cart.empty_hint')}</p>
      {children}
    </div>
  );
}
