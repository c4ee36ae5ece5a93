import { MenuCategories, MenuHero } from '../../features/menu';
import { usePageTitle } from '../../lib/page-title';

export function HomeRoute() {
  usePageTitle();
  return (
    <>
      <MenuHero />
      <div className="container">
        <MenuCategories />
      </div>
    </>
  );
}
