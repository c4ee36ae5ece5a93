import type { ImageInfo } from './menu-api';

/**
 * Phones (the media query) get no rendition wider than `PHONE_MAX_WIDTH` of a picture
 * that asks for it (the banner, a whole screen wide): at density 3 a 390 px phone would
 * otherwise take the 1280 px photo, a third more bytes than the 960 px one for a
 * difference nobody sees at 2.5 pixels per CSS pixel. The server's first screen and its
 * preload use the same (`src/http/first_screen/picture.rs`, `src/http/menu_snapshot.rs`).
 */
export const PHONE_SCREEN = '(max-width: 480px)';
export const PHONE_MAX_WIDTH = 960;

/**
 * A photo's renditions as a `<picture>`: WebP with a JPEG fallback, both with `srcset`,
 * so the browser fetches the width `sizes` asks for at the screen's density; width and
 * height give the aspect ratio so nothing shifts when it arrives. Lazy unless `eager`;
 * `high` marks the page's largest image (fetched first); `phoneCap` offers phones
 * nothing wider than `PHONE_MAX_WIDTH` (see there).
 */
export function Picture({
  image,
  src,
  sizes,
  alt = '',
  className,
  eager,
  high,
  phoneCap,
}: {
  image: ImageInfo;
  src: string;
  sizes: string;
  alt?: string;
  className?: string;
  eager?: boolean;
  high?: boolean;
  phoneCap?: boolean;
}) {
  const set = (type: string, widths = image.widths) => widths.map((w) => `${image.url}/${w}.${type} ${w}w`).join();
  const phoneWidths = image.widths.filter((w) => w <= PHONE_MAX_WIDTH);
  const capped = phoneCap === true && phoneWidths.length > 0 && phoneWidths.length < image.widths.length;
  return (
    <picture>
      {capped && <source type="image/webp" media={PHONE_SCREEN} srcSet={set('webp', phoneWidths)} sizes={sizes} />}
      <source type="image/webp" srcSet={set('webp')} sizes={sizes} />
      <img
        className={className}
        src={src}
        srcSet={set('jpg')}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={eager || high ? 'eager' : 'lazy'}
        fetchPriority={high ? 'high' : undefined}
      />
    </picture>
  );
}
