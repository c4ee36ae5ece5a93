import { useEffect, useState } from 'react';
import { VIEWPORT } from './ui-constants';

export interface ViewportClasses {
  width: number;
  /** ≤ 340 px */
  isSmallest: boolean;
  /** ≤ 576 px */
  isSmall: boolean;
  /** 577–768 px */
  isMedium: boolean;
  /** < 768 px */
  isMobile: boolean;
  /** 768–1024 px */
  isTablet: boolean;
  /** > 1024 px */
  isDesktop: boolean;
}

/** The viewport classes of spec §3 for a window width. The ranges overlap on purpose (e.g. small is also mobile). */
export function viewportClasses(width: number): ViewportClasses {
  return {
    width,
    isSmallest: width <= VIEWPORT.smallestMax,
    isSmall: width <= VIEWPORT.smallMax,
    isMedium: width >= VIEWPORT.mediumMin && width <= VIEWPORT.mediumMax,
    isMobile: width < VIEWPORT.mobileBelow,
    isTablet: width >= VIEWPORT.tabletMin && width <= VIEWPORT.tabletMax,
    isDesktop: width > VIEWPORT.tabletMax,
  };
}

function currentWidth(): number {
  return typeof window === 'undefined' ? VIEWPORT.tabletMax + 1 : window.innerWidth;
}

/** The current viewport classes, updated on resize and orientation change. */
export function useViewport(): ViewportClasses {
  const [width, setWidth] = useState(currentWidth);
  useEffect(() => {
    const update = () => setWidth(currentWidth());
    update();
    window.addEventListener('resize', update);
    window.addEventListener('orientationchange', update);
    return () => {
      window.removeEventListener('resize', update);
      window.removeEventListener('orientationchange', update);
    };
  }, []);
  return viewportClasses(width);
}
