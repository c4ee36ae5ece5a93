/** Timing and layout constants of the storefront (spec §9), in one place. */

/** Open/closed state is recomputed this often. */
export const STORE_STATUS_REFRESH_MS = 6000;

/** A dropdown closes this long after focus leaves it, so a click on an entry still lands. */
export const DROPDOWN_CLOSE_DELAY_MS = 150;

/** A toast disappears after this long unless told otherwise. */
export const TOAST_DEFAULT_DURATION_MS = 5000;

/** Modal dialog fade/slide; keep in sync with --modal-transition in modal.css. */
export const MODAL_TRANSITION_MS = 300;

/** Modal backdrop fade; keep in sync with --modal-backdrop-transition in modal.css. */
export const MODAL_BACKDROP_TRANSITION_MS = 150;

/** Banner carousel: time per slide and the horizontal swipe distance that changes slides. */
export const CAROUSEL_INTERVAL_MS = 5000;
export const CAROUSEL_SWIPE_THRESHOLD_PX = 40;

/** Viewport class boundaries in CSS pixels (spec §3). */
export const VIEWPORT = {
  smallestMax: 340,
  smallMax: 576,
  mediumMin: 577,
  mediumMax: 768,
  mobileBelow: 768,
  tabletMin: 768,
  tabletMax: 1024,
} as const;
