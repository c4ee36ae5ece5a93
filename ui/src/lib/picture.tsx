import type { ImageInfo } from './menu-api';

/**
 * A photo's renditions as a `<picture>`: WebP with a JPEG fallback, both with `srcset`,
 * so the browser fetches the width `sizes` asks for at the screen's density; width and
 * height give the aspect ratio so nothing shifts when it arrives. Lazy unless `eager`;
 * `high` marks the page's largest image (fetched first).
 */
export function Picture({
  image,
  src,
  sizes,
  alt = '',
  className,
  eager,
  high,
}: {
  image: ImageInfo;
  src: string;
  sizes: string;
  alt?: string;
  className?: string;
  eager?: boolean;
  high?: boolean;
}) {
  const set = (type: string) => image.widths.map((w) => `${image.url}/${w}.${type} ${w}w`).join();
  return (
    <picture>
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
