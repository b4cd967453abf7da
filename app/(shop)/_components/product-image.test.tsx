import { renderToStaticMarkup } from 'react-dom/server';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { processPhoto } from '@/lib/catalog/photo-processing';
import { addPhoto, photosOf } from '@/lib/catalog/photos';
import { noisy } from '@/test/catalog/pictures';
import { insertProduct } from '@/test/catalog/products';
import { prepareDatabase } from '@/test/payments/db';
import { ProductImage } from './product-image';

beforeAll(prepareDatabase);

/** A smooth picture: every format of it is a few kilobytes. */
function smooth(width: number, height: number) {
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) data.set([120 + ((x * 100) / width) | 0, 70 + ((y * 60) / height) | 0, 40], (y * width + x) * 3);
  return sharp(data, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

async function coverOf(slug: string, picture: Buffer) {
  const productId = await insertProduct({ slug, name: slug, description: '', priceCents: 1000, imagePath: '' });
  const processed = await processPhoto(picture);
  if (!processed.ok) throw new Error(processed.reason);
  await addPhoto(productId, processed.photo);
  return (await photosOf([productId])).get(productId)![0];
}

const render = async (props: Parameters<typeof ProductImage>[0]) => renderToStaticMarkup(await ProductImage(props));

describe('ProductImage', () => {
  it('writes the largest paint into the HTML as WebP, decoded with its frame, and offers no AVIF ahead of it', async () => {
    const cover = await coverOf('foto-lisa', await smooth(800, 600));
    const html = await render({ src: '', cover, alt: 'Foto', lcp: true, inlineWidth: 480 });
    const sources = [...html.matchAll(/<source type="([^"]+)" srcSet="([^"]+)"/g)];
    expect(sources.map((s) => s[1])).toEqual(['image/webp']);
    expect(sources[0][2]).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]+ 480w, \/images\/products\/\d+-640-[0-9a-f]{20}\.webp 640w, \/images\/products\/\d+-800-[0-9a-f]{20}\.webp 800w$/);
    expect(html).toContain('decoding="sync"');
    expect(html).toContain('fetchPriority="high"');
  }, 60_000);

  it('keeps AVIF first and decodes off the frame for a first-row picture that is not the largest paint', async () => {
    const cover = await coverOf('foto-da-segunda', await smooth(800, 600));
    const html = await render({ src: '', cover, alt: 'Foto', priority: true });
    expect([...html.matchAll(/<source type="([^"]+)"/g)].map((s) => s[1])).toEqual(['image/avif', 'image/webp']);
    expect(html).not.toContain('data:');
    expect(html).toContain('decoding="async"');
    expect(html).toContain('loading="eager"');
  }, 60_000);

  it('writes nothing in when no file of the width fits, and keeps AVIF first', async () => {
    const cover = await coverOf('foto-detalhada', await noisy(800, 600));
    const html = await render({ src: '', cover, alt: 'Foto', lcp: true, inlineWidth: 640 });
    expect(html).not.toContain('data:');
    expect([...html.matchAll(/<source type="([^"]+)"/g)].map((s) => s[1])).toEqual(['image/avif', 'image/webp']);
    expect(html).toContain('decoding="sync"');
  }, 60_000);
});
