export { MenuCategories } from './components/menu-categories';
export { MenuHero } from './components/menu-hero';
