import { useCart } from '../../features/cart';
import { Menu, MenuBanners, MenuHero } from '../../features/menu';
import { usePageTitle } from '../../lib/page-title';

export function HomeRoute() {
  usePageTitle();
  const cart = useCart();
  return (
    <>
      <MenuHero />
      <div className="container">
        <MenuBanners />
      </div>
      <Menu onAddProduct={cart.chooseProduct} />
    </>
  );
}
