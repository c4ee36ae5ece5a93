import { useTranslation } from 'react-i18next';
import { Carousel } from '../../../components/carousel';
import { bannersFromPage, getBanners } from '../../../lib/menu-api';
import { getRuntimeConfig } from '../../../lib/runtime-config';
import { useAsync } from '../../../lib/use-async';

/** The banner carousel; nothing at all while loading, on errors (logged) or without banners. */
export function MenuBanners() {
  const { t } = useTranslation();
  const { storeId } = getRuntimeConfig();
  const banners = useAsync(() => getBanners(storeId), `banners-${storeId}`, () => bannersFromPage(storeId));
  if (banners.status !== 'success' || banners.data.length === 0) return null;
  const slides = [...banners.data]
    .sort((a, b) => a.sort_order - b.sort_order)
    .map((banner) => ({ id: banner.id, src: banner.image_url, alt: banner.alt, image: banner.image }));
  return <Carousel slides={slides} label={t('carousel.label')} />;
}
