import { useEffect } from 'react';
import { VIEWPORT } from './ui-constants';

const ZOOM_KEYS = new Set(['+', '-', '=']);

function isMobileViewport(): boolean {
  return window.innerWidth < VIEWPORT.mobileBelow;
}

/** Ctrl with +, - or = zooms the page; on mobile viewports the layout must not be zoomed. */
export function handleZoomKey(event: KeyboardEvent): void {
  if (event.ctrlKey && ZOOM_KEYS.has(event.key) && isMobileViewport()) event.preventDefault();
}

/** Ctrl + wheel (also what a trackpad pinch sends) zooms the page. */
export function handleZoomWheel(event: WheelEvent): void {
  if (event.ctrlKey && isMobileViewport()) event.preventDefault();
}

/**
 * Blocks keyboard and wheel zoom on mobile viewports (spec §4). Install once,
 * near the root of the app. The viewport is checked per event, so resizing
 * across the breakpoint needs no re-install.
 */
export function useBlockMobileZoom(): void {
  useEffect(() => {
    // A wheel listener must be non-passive to be allowed to cancel the zoom.
    window.addEventListener('keydown', handleZoomKey);
    window.addEventListener('wheel', handleZoomWheel, { passive: false });
    return () => {
      window.removeEventListener('keydown', handleZoomKey);
      window.removeEventListener('wheel', handleZoomWheel);
    };
  }, []);
}
