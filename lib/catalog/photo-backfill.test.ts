import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { productPhotoFiles, productPhotos } from '@/db/schema';
import { noisy } from '@/test/catalog/pictures';
import { prepareDatabase, productIdBySlug } from '@/test/payments/db';
import { saveProduct } from './admin';
import { backfillPhotoFormats, seedDemoPhotos } from './photo-backfill';
import { INLINE_MAX_BYTES, inlinePhoto } from './photo-inline';
import { processPhoto } from './photo-processing';
import { addPhoto, photoFile, photosOf } from './photos';

beforeAll(prepareDatabase);

async function newProduct(name: string): Promise<number> {
  const r = await saveProduct(null, {
    name,
    description: '',
    priceCents: 1000,
    slug: '',
    stock: null,
    displayOrder: 0,
    active: true,
    requiresShipping: true,
    weightGrams: 300,
    heightCm: 10,
    widthCm: 15,
    lengthCm: 20,
  });
  if (!r.ok) throw new Error('setup');
  return r.id;
}

describe('backfillPhotoFormats (photos stored when only WebP was derived)', () => {
  it('derives AVIF and JPEG at the widths the photo has, served by the same route names; a second pass does nothing', async () => {
    const productId = await newProduct('Foto antiga');
    const old = await processPhoto(await sharp({ create: { width: 700, height: 525, channels: 3, background: '#8a5a44' } }).png().toBuffer(), ['webp']);
    if (!old.ok) throw new Error(old.reason);
    const stored = await addPhoto(productId, old.photo);
    if (!stored.ok) throw new Error(stored.reason);
    const before = (await photosOf([productId])).get(productId)![0];
    expect(before.sources.map((s) => s.width)).toEqual([160, 320, 480, 640, 700]);
    expect([before.avif, before.jpeg]).toEqual([[], []]);

    expect(await backfillPhotoFormats()).toBeGreaterThanOrEqual(1);
    const after = (await photosOf([productId])).get(productId)![0];
    expect(after.sources).toEqual(before.sources);
    for (const [format, list, ext, decoded] of [
      ['avif', after.avif, 'avif', 'heif'],
      ['jpeg', after.jpeg, 'jpg', 'jpeg'],
    ] as const) {
      expect(list.map((s) => s.width)).toEqual([160, 320, 480, 640, 700]);
      for (const s of list) {
        const m = new RegExp(`/images/products/(\\d+)-(\\d+)-([0-9a-f]{20})\\.${ext}$`).exec(s.url)!;
        const file = (await photoFile(Number(m[1]), Number(m[2]), format))!;
        expect(file.hash).toBe(m[3]);
        const meta = await sharp(file.bytes).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual([decoded, s.width, s.height]);
      }
    }
    const count = async () => (await database().db.select().from(productPhotoFiles).where(eq(productPhotoFiles.photoId, stored.photoId))).length;
    expect(await count()).toBe(15);
    await backfillPhotoFormats();
    expect(await count()).toBe(15);
  }, 90_000);
});

describe('seedDemoPhotos (the seed illustrations as photos)', () => {
  it('stores a seeded product’s SVG as a raster photo in every format, once', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-public-'));
    fs.mkdirSync(path.join(dir, 'products'));
    fs.copyFileSync(path.join(process.cwd(), 'public/products/caneca-ceramica.svg'), path.join(dir, 'products/caneca-ceramica.svg'));
    const mug = await productIdBySlug('caneca-ceramica');
    expect((await photosOf([mug])).get(mug)).toBeUndefined();

    expect(await seedDemoPhotos(dir)).toBe(1);
    const [photo] = (await photosOf([mug])).get(mug)!;
    expect([photo.width, photo.height]).toEqual([640, 480]);
    for (const list of [photo.sources, photo.avif, photo.jpeg]) expect(list.map((s) => s.width)).toEqual([160, 320, 480, 640]);
    const jpeg = /(\d+)-640-([0-9a-f]{20})\.jpg$/.exec(photo.jpeg[3].url)!;
    expect((await sharp((await photoFile(Number(jpeg[1]), 640, 'jpeg'))!.bytes).metadata()).format).toBe('jpeg');

    expect(await seedDemoPhotos(dir)).toBe(0);
    expect(await database().db.select().from(productPhotos).where(eq(productPhotos.productId, mug))).toHaveLength(1);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 90_000);
});

describe('inlinePhoto (the largest paint written into the HTML)', () => {
  it('gives a small file as a data: URI of its own bytes, and nothing for one above the budget', async () => {
    const productId = await newProduct('Foto detalhada');
    const processed = await processPhoto(await noisy(800, 600));
    if (!processed.ok) throw new Error(processed.reason);
    await addPhoto(productId, processed.photo);
    const [photo] = (await photosOf([productId])).get(productId)!;
    const small = photo.avif[0];
    const uri = await inlinePhoto(small.url);
    const m = /^data:image\/avif;base64,(.+)$/.exec(uri!)!;
    const bytes = Buffer.from(m[1], 'base64');
    expect((await sharp(bytes).metadata()).width).toBe(small.width);
    const big = photo.avif[photo.avif.length - 1];
    const bigFile = /(\d+)-(\d+)-/.exec(big.url)!;
    expect((await photoFile(Number(bigFile[1]), Number(bigFile[2]), 'avif'))!.bytes.byteLength).toBeGreaterThan(INLINE_MAX_BYTES);
    expect(await inlinePhoto(big.url)).toBeNull();
    // A URL whose hash is not the stored file's is not read.
    expect(await inlinePhoto(small.url.replace(/-[0-9a-f]{20}\./, '-0123456789abcdef0123.'))).toBeNull();
  }, 90_000);
});
