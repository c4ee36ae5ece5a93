import { useEffect } from 'react';

/** The attribute on <html> while the page is scrolled: phones then show a slimmer header (header.css). */
export const COMPACT_HEADER_ATTRIBUTE = 'data-header-compact';

/**
 * Scrolled further than this (px), the header turns compact; it turns full again only
 * above RESTORE_ABOVE. The gap is wider than the height the header loses, so the page
 * moving up by that much as the header shrinks never flips it back.
 */
const COMPACT_BELOW = 64;
const RESTORE_ABOVE = 4;

/** Marks the document while it is scrolled down, so the sticky header can take less room. */
export function useCompactHeader(): void {
  useEffect(() => {
    const root = document.documentElement;
    let compact = false;
    let frame = 0;
    const update = () => {
      frame = 0;
      const next = compact ? window.scrollY > RESTORE_ABOVE : window.scrollY > COMPACT_BELOW;
      if (next === compact) return;
      compact = next;
      root.toggleAttribute(COMPACT_HEADER_ATTRIBUTE, compact);
    };
    const onScroll = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      root.removeAttribute(COMPACT_HEADER_ATTRIBUTE);
    };
  }, []);
}
