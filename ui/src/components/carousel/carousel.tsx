import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CAROUSEL_INTERVAL_MS, CAROUSEL_SWIPE_THRESHOLD_PX } from '../../lib/ui-constants';
import type { ImageInfo } from '../../lib/menu-api';
import { Picture } from '../../lib/picture';
import './carousel.css';

export interface CarouselSlide {
  id: number | string;
  src: string;
  alt: string;
  /** Renditions for `srcset`; without them `src` alone. */
  image?: ImageInfo | null;
}

export interface CarouselProps {
  slides: readonly CarouselSlide[];
  label: string;
  interval?: number;
  swipeThreshold?: number;
}

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Image carousel: advances on its own (not when the user prefers reduced
 * motion), pauses while hovered or focused, and has prev/next buttons, dots
 * and swipe. Renders nothing without slides.
 */
export function Carousel({
  slides,
  label,
  interval = CAROUSEL_INTERVAL_MS,
  swipeThreshold = CAROUSEL_SWIPE_THRESHOLD_PX,
}: CarouselProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [reducedMotion] = useState(prefersReducedMotion);
  const swipeStart = useRef<number | null>(null);
  const count = slides.length;
  const current = count === 0 ? 0 : Math.min(index, count - 1);
  const autoPlay = count > 1 && !hovered && !focused && !reducedMotion;

  // Restarting the timer on every slide change means a manual step gets a full interval too.
  useEffect(() => {
    if (!autoPlay) return;
    const timer = setTimeout(() => setIndex((i) => (i + 1) % count), interval);
    return () => clearTimeout(timer);
  }, [autoPlay, current, count, interval]);

  if (count === 0) return null;

  const go = (next: number) => setIndex(((next % count) + count) % count);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null) return;
    const delta = event.clientX - start;
    if (Math.abs(delta) < swipeThreshold) return;
    go(delta < 0 ? current + 1 : current - 1);
  };

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (!(next instanceof Node && event.currentTarget.contains(next))) setFocused(false);
      }}
    >
      <div
        className="carousel__viewport"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => {
          swipeStart.current = null;
        }}
        aria-live={autoPlay ? 'off' : 'polite'}
      >
        {/* The first slide needs no transform, so the menu page's server-rendered first
            screen has no style attribute (its policy refuses inline ones). */}
        <div className="carousel__track" style={current === 0 ? undefined : { transform: `translateX(-${current * 100}%)` }}>
          {slides.map((slide, i) => (
            <div
              key={slide.id}
              className="carousel__slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slide_of', { index: i + 1, count })}
              aria-hidden={i !== current}
            >
              {slide.image ? (
                <Picture image={slide.image} src={slide.src} sizes="100vw" alt={slide.alt} high={i === 0} phoneCap />
              ) : (
                <img src={slide.src} alt={slide.alt} draggable={false} loading={i === 0 ? 'eager' : 'lazy'} />
              )}
            </div>
          ))}
        </div>
      </div>
      {count > 1 && (
        <>
          <button
            type="button"
            className="carousel__arrow carousel__arrow--prev"
            onClick={() => go(current - 1)}
            aria-label={t('carousel.previous')}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="carousel__arrow carousel__arrow--next"
            onClick={() => go(current + 1)}
            aria-label={t('carousel.next')}
          >
            <span aria-hidden="true">›</span>
          </button>
          <div className="carousel__dots">
            {slides.map((slide, i) => (
              <button
                key={slide.id}
                type="button"
                className="carousel__dot"
                aria-label={t('carousel.go_to', { index: i + 1 })}
                aria-current={i === current ? 'true' : undefined}
                onClick={() => go(i)}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
}
