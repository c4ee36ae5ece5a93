export { DiscountAdvert } from './components/discount-advert';
export { Menu, scrollToMenu } from './components/menu';
export { MenuBanners } from './components/menu-banners';
export { MenuHero } from './components/menu-hero';
export { MobileSearch } from './components/mobile-search';
export { SearchProvider } from './components/search-context';
