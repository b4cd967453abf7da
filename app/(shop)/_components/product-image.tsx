import { preload } from 'react-dom';
import { sourceAtLeast, srcSet, type PhotoSource, type PhotoView, inlinePhoto } from '@/lib/catalog';

/** Shown for a product with no photo and no illustration. */
export const NO_PHOTO = '/products/sem-foto.svg';

/**
 * A product's picture: its cover photo — AVIF, then WebP, then JPEG (<picture>: the browser
 * takes the first type it decodes), each in every stored width with `srcset` + `sizes` so the
 * browser picks the smallest that fills the box — or, without photos, its SVG illustration.
 * width/height give the box its 4:3 shape before anything loads: no layout jump.
 *
 * `priority`: the first row's pictures — fetched at once (not lazy), at high priority, decoded
 * with the frame that shows them.
 * `lcp`: the one picture that is the page's largest paint (the first card, a product's main
 * photo). Its AVIF in the width `inlineWidth` the page needs on a phone is written into the HTML
 * when small enough (photo-inline.ts: no round trip after the HTML); otherwise it alone is
 * preloaded from the <head>, ahead of the framework's scripts.
 */
export async function ProductImage({
  src,
  cover,
  alt,
  sizes = '100vw',
  priority = false,
  lcp = false,
  inlineWidth = 480,
  className,
}: {
  src: string;
  cover?: PhotoView | null;
  alt: string;
  sizes?: string;
  priority?: boolean;
  lcp?: boolean;
  inlineWidth?: number;
  className?: string;
}) {
  const eager = priority || lcp;
  const loading = eager ? 'eager' : 'lazy';
  const fetchPriority = eager ? 'high' : undefined;
  const decoding = eager ? 'sync' : 'async';
  if (cover) {
    const fallbackSet = cover.jpeg.length > 0 ? cover.jpeg : cover.sources;
    const fallback = sourceAtLeast({ sources: fallbackSet }, 640);
    let avifSet = srcSet(cover.avif);
    if (lcp) {
      const inlined = cover.avif.length > 0 ? await inlineSet(cover.avif, inlineWidth) : null;
      if (inlined) avifSet = inlined;
      else if (cover.avif.length > 0) preload(sourceAtLeast({ sources: cover.avif }, 640).url, { as: 'image', type: 'image/avif', fetchPriority: 'high', imageSrcSet: avifSet, imageSizes: sizes });
      else preload(fallback.url, { as: 'image', fetchPriority: 'high', imageSrcSet: srcSet(fallbackSet), imageSizes: sizes });
    }
    return (
      <picture style={{ display: 'contents' }}>
        {cover.avif.length > 0 ? <source type="image/avif" srcSet={avifSet} sizes={sizes} /> : null}
        {cover.jpeg.length > 0 ? <source type="image/webp" srcSet={srcSet(cover.sources)} sizes={sizes} /> : null}
        <img
          src={fallback.url}
          srcSet={srcSet(fallbackSet)}
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
      </picture>
    );
  }
  if (lcp) preload(src || NO_PHOTO, { as: 'image', fetchPriority: 'high' });
  return (
    // eslint-disable-next-line @next/next/no-img-element -- static SVGs need no optimisation; a plain img works offline
    <img src={src || NO_PHOTO} alt={alt} width={400} height={300} loading={loading} decoding={decoding} fetchPriority={fetchPriority} className={className} />
  );
}

/**
 * The srcset with the width a phone needs written in (a data: URI) and the larger widths as
 * URLs (a wider screen or a denser one fetches those); null when that file is too large.
 */
async function inlineSet(sources: PhotoSource[], width: number): Promise<string | null> {
  const pick = sourceAtLeast({ sources }, width);
  const data = await inlinePhoto(pick.url);
  if (!data) return null;
  return [`${data} ${pick.width}w`, ...sources.filter((s) => s.width > pick.width).map((s) => `${s.url} ${s.width}w`)].join(', ');
}
