import { useTranslation } from 'react-i18next';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { RestaurantInfoButton } from './restaurant-info-button';

export function MenuHero() {
  const { t } = useTranslation();
  const { brand } = getRuntimeConfig();
  return (
    <section className="menu-hero">
      <div className="container">
        <div className="menu-hero__title-row">
          <h1 className="menu-hero__title">{brand}</h1>
          <RestaurantInfoButton />
        </div>
        <p className="menu-hero__welcome">{t('menu.welcome', { brand })}</p>
        <p className="menu-hero__tagline">{t('menu.tagline')}</p>
      </div>
    </section>
  );
}
