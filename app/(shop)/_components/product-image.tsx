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
 * `priority`: the first row's pictures — fetched at once (not lazy), at high priority. Only the
 * largest paint is decoded with the frame that shows it (`decoding="sync"`): a frame that waited
 * for every picture in the row would show the largest one later.
 * `lcp`: the one picture that is the page's largest paint (the first card, a product's main
 * photo). Its file in the width `inlineWidth` the page needs on a phone is written into the HTML
 * when small enough (photo-inline.ts: no round trip after the HTML); otherwise it alone is
 * preloaded from the <head>, ahead of the framework's scripts. The file written in is the WebP
 * when it fits: the frame that shows this picture waits for its decode (`decoding="sync"`), and
 * AVIF's software decoder takes two to three times as long as WebP's. The AVIF is written in only
 * when the WebP is over the budget.
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
  const decoding = lcp ? 'sync' : 'async';
  if (cover) {
    const fallbackSet = cover.jpeg.length > 0 ? cover.jpeg : cover.sources;
    const fallback = sourceAtLeast({ sources: fallbackSet }, 640);
    const inlined = lcp ? await inlineForLargestPaint(cover, inlineWidth) : null;
    const avifSet = inlined?.format === 'avif' ? inlined.set : srcSet(cover.avif);
    const webpSet = inlined?.format === 'webp' ? inlined.set : srcSet(cover.sources);
    // The browser takes the first <source> whose type it decodes: an inlined WebP goes first.
    const withAvif = cover.avif.length > 0 && inlined?.format !== 'webp';
    if (lcp && !inlined) {
      if (cover.avif.length > 0) preload(sourceAtLeast({ sources: cover.avif }, 640).url, { as: 'image', type: 'image/avif', fetchPriority: 'high', imageSrcSet: avifSet, imageSizes: sizes });
      else preload(fallback.url, { as: 'image', fetchPriority: 'high', imageSrcSet: srcSet(fallbackSet), imageSizes: sizes });
    }
    return (
      <picture style={{ display: 'contents' }}>
        {withAvif ? <source type="image/avif" srcSet={avifSet} sizes={sizes} /> : null}
        {cover.jpeg.length > 0 ? <source type="image/webp" srcSet={webpSet} sizes={sizes} /> : null}
        <img
          src={fallback.url}
          srcSet={cover.jpeg.length > 0 ? srcSet(cover.jpeg) : webpSet}
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

/** The file of the largest paint written into the HTML: its WebP when small enough, else its AVIF; null when neither fits. */
async function inlineForLargestPaint(cover: PhotoView, width: number): Promise<{ format: 'webp' | 'avif'; set: string } | null> {
  const webp = cover.sources.length > 0 ? await inlineSet(cover.sources, width) : null;
  if (webp) return { format: 'webp', set: webp };
  const avif = cover.avif.length > 0 ? await inlineSet(cover.avif, width) : null;
  return avif ? { format: 'avif', set: avif } : null;
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
