import { BasketBar, BasketColumn, PreorderNow, useCart } from '../../features/cart';
import { DiscountAdvert, Menu, MenuBanners, MenuHero, scrollToMenu } from '../../features/menu';
import { ClosedBanner, type ClosedState } from '../../features/store-status';
import { usePageTitle } from '../../lib/page-title';
import './home.css';

/** The closed banner's pre-order button, asked again whenever the reason or the next opening changes. */
const preorderAction = (state: ClosedState) => (
  <PreorderNow key={`${state.reason}|${state.nextOpening ?? ''}`} onCartEmpty={scrollToMenu} />
);

export function HomeRoute() {
  usePageTitle();
  const cart = useCart();
  return (
    <>
      <MenuHero />
      <div className="container">
        <ClosedBanner action={preorderAction} />
        <DiscountAdvert />
      </div>
      <div className="container">
        <MenuBanners />
      </div>
      {/* Wide screens: the menu with the basket column beside it (home.css). */}
      <div className="menu-page">
        <div className="menu-page__menu">
          <Menu onAddProduct={cart.chooseProduct} />
        </div>
        <BasketColumn />
      </div>
      <BasketBar />
    </>
  );
}
