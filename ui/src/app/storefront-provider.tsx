import { useMemo, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { HeaderSlotsProvider } from '../components/header/header-slots';
import { ToastProvider } from '../components/toast';
import { CartButton, CartProvider, useCart } from '../features/cart';
import { MobileSearch, SearchProvider } from '../features/menu';
import { useBlockMobileZoom } from '../lib/block-mobile-zoom';

/** Storefront header actions; the admin area has no cart or menu search. */
function StorefrontActions() {
  const { pathname } = useLocation();
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return null;
  return (
    <>
      <MobileSearch />
      <CartButton />
    </>
  );
}

function HeaderWiring({ children }: { children: ReactNode }) {
  const { clearIfOrderPlaced } = useCart();
  const slots = useMemo(
    () => ({ actions: <StorefrontActions />, onLogoClick: clearIfOrderPlaced }),
    [clearIfOrderPlaced],
  );
  return <HeaderSlotsProvider value={slots}>{children}</HeaderSlotsProvider>;
}

/** Cart, menu search, toasts and the mobile zoom guard for the storefront. */
export function StorefrontProvider({ children }: { children: ReactNode }) {
  useBlockMobileZoom();
  return (
    <ToastProvider>
      <CartProvider>
        <SearchProvider>
          <HeaderWiring>{children}</HeaderWiring>
        </SearchProvider>
      </CartProvider>
    </ToastProvider>
  );
}
