import { preload } from 'react-dom';
import { sourceAtLeast, srcSet, type PhotoView } from '@/lib/catalog/photos';

/** Shown for a product with no photo and no illustration. */
export const NO_PHOTO = '/products/sem-foto.svg';

/**
 * A product's picture: its cover photo (WebP in every stored width, `srcset` + `sizes` so the
 * browser picks the smallest that fills the box) or, without photos, its SVG illustration.
 * width/height give the box its 4:3 shape before anything loads: no layout jump.
 *
 * `priority` is for the picture that is the page's largest paint (the first catalog row, a
 * product's main photo): it is preloaded from the <head>, ahead of the framework's scripts,
 * fetched at high priority and decoded with the frame that shows it, so it paints in the
 * first frames rather than after the scripts (Lighthouse's LCP).
 */
export function ProductImage({
  src,
  cover,
  alt,
  sizes = '100vw',
  priority = false,
  className,
}: {
  src: string;
  cover?: PhotoView | null;
  alt: string;
  sizes?: string;
  priority?: boolean;
  className?: string;
}) {
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : undefined;
  const decoding = priority ? 'sync' : 'async';
  if (cover) {
    const fallback = sourceAtLeast(cover, 640);
    if (priority) preload(fallback.url, { as: 'image', fetchPriority: 'high', imageSrcSet: srcSet(cover), imageSizes: sizes });
    return (
      // eslint-disable-next-line @next/next/no-img-element -- our own WebP widths, already optimised and cached forever
      <img
        src={fallback.url}
        srcSet={srcSet(cover)}
        sizes={sizes}
        alt={alt}
        width={400}
        height={300}
        loading={loading}
        decoding={decoding}
        fetchPriority={fetchPriority}
        className={className}
        style={{ objectFit: 'cover' }}
      />
    );
  }
  if (priority) preload(src || NO_PHOTO, { as: 'image', fetchPriority: 'high' });
  return (
    // eslint-disable-next-line @next/next/no-img-element -- static SVGs need no optimisation; a plain img works offline
    <img src={src || NO_PHOTO} alt={alt} width={400} height={300} loading={loading} decoding={decoding} fetchPriority={fetchPriority} className={className} />
  );
}
