import { useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { HeaderSlotsProvider } from '../components/header/header-slots';
import { lazyModal } from '../components/modal/lazy-modal';
import { ToastProvider } from '../components/toast';
import { CartButton, CartProvider, useCart } from '../features/cart';
import { OrderTypeSwitch, PostcodeSelector } from '../features/delivery';
import { MobileSearch, SearchProvider } from '../features/menu';
import { StoreStatusBadge } from '../features/store-status';
import { useBlockMobileZoom } from '../lib/block-mobile-zoom';
import { OrderSettingsProvider } from '../lib/order-settings';

const LoginModal = lazyModal(async () => (await import('../features/accounts')).LoginModal);

function isAdminPath(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/** Storefront header actions; the admin area has no cart, menu search or customer login. */
function StorefrontActions({
  cartHidden,
  loginOpen,
  onLoginClose,
}: {
  cartHidden: boolean;
  loginOpen: boolean;
  onLoginClose: () => void;
}) {
  const { pathname } = useLocation();
  if (isAdminPath(pathname)) return null;
  return (
    <>
      <MobileSearch />
      <CartButton hidden={cartHidden} />
      <LoginModal open={loginOpen} onClose={onLoginClose} />
    </>
  );
}

/** Store status, order type and (for delivery) the postcode selector. */
function StorefrontToolbar({
  postcodeOpen,
  onPostcodeOpenChange,
}: {
  postcodeOpen: boolean;
  onPostcodeOpenChange: (open: boolean) => void;
}) {
  const { pathname } = useLocation();
  if (isAdminPath(pathname)) return null;
  return (
    <>
      <StoreStatusBadge />
      <div className="site-header__toolbar-end">
        <OrderTypeSwitch />
        <PostcodeSelector open={postcodeOpen} onOpenChange={onPostcodeOpenChange} />
      </div>
    </>
  );
}

function HeaderWiring({ children }: { children: ReactNode }) {
  const { clearIfOrderPlaced } = useCart();
  // The cart button is hidden while the postcode modal is open (spec §4).
  const [postcodeOpen, setPostcodeOpen] = useState(false);
  const [loginOpen, setLoginOpen] = useState(false);
  const slots = useMemo(
    () => ({
      actions: (
        <StorefrontActions cartHidden={postcodeOpen} loginOpen={loginOpen} onLoginClose={() => setLoginOpen(false)} />
      ),
      toolbar: <StorefrontToolbar postcodeOpen={postcodeOpen} onPostcodeOpenChange={setPostcodeOpen} />,
      onLogoClick: clearIfOrderPlaced,
      onLoginClick: () => setLoginOpen(true),
    }),
    [clearIfOrderPlaced, postcodeOpen, loginOpen],
  );
  return <HeaderSlotsProvider value={slots}>{children}</HeaderSlotsProvider>;
}

/** Order settings, cart, menu search, toasts and the mobile zoom guard for the storefront. */
export function StorefrontProvider({ children }: { children: ReactNode }) {
  useBlockMobileZoom();
  return (
    <ToastProvider>
      <OrderSettingsProvider>
        <CartProvider>
          <SearchProvider>
            <HeaderWiring>{children}</HeaderWiring>
          </SearchProvider>
        </CartProvider>
      </OrderSettingsProvider>
    </ToastProvider>
  );
}
