/**
 * Photos that lack a format, and the seed's illustrations as photos.
 *
 * `backfillPhotoFormats`: a photo stored when only WebP was derived gets its AVIF and JPEG files
 * from its largest WebP, at the widths it already has (its URLs keep their widths; a page lists
 * only the formats a photo has, so it is drawn correctly before and after). Idempotent: a file
 * already there is left alone, so two processes or a pass cut short do no harm.
 *
 * `seedDemoPhotos`: the seed's products are drawn as SVG illustrations, which feeds and shops
 * sharing a link do not take as a photo ("sem foto"). Each is rasterised here (sharp) and
 * stored through the same pipeline as an upload, so the demo shop shows real photos in every
 * width and format.
 */
import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import { and, asc, desc, eq, notExists, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { database } from '@/db';
import { productPhotoFiles, productPhotos, products } from '@/db/schema';
import { deriveFormats, PHOTO_FORMATS, processPhoto, type PhotoFormat } from './photo-processing';
import { addPhoto } from './photos';

/** The photos with a WebP but without every format, oldest first. */
async function photosLackingFormats(limit: number): Promise<number[]> {
  const { db } = database();
  const formatsOf = db
    .select({ n: sql<number>`count(distinct ${productPhotoFiles.format})` })
    .from(productPhotoFiles)
    .where(eq(productPhotoFiles.photoId, productPhotos.id));
  const rows = await db
    .select({ id: productPhotos.id })
    .from(productPhotos)
    .where(sql`(${formatsOf}) < ${PHOTO_FORMATS.length}`)
    .orderBy(asc(productPhotos.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Derives the missing formats of one photo; the count of files added. */
export async function deriveMissingFormats(photoId: number): Promise<number> {
  const { db } = database();
  const stored = await db.select({ width: productPhotoFiles.width, format: productPhotoFiles.format }).from(productPhotoFiles).where(eq(productPhotoFiles.photoId, photoId));
  const webpWidths = stored.filter((f) => f.format === 'webp').map((f) => f.width);
  if (webpWidths.length === 0) return 0;
  const missing = PHOTO_FORMATS.filter((format) => format !== 'webp' && !stored.some((f) => f.format === format)) as PhotoFormat[];
  if (missing.length === 0) return 0;
  const [largest] = await db
    .select({ bytes: productPhotoFiles.bytes })
    .from(productPhotoFiles)
    .where(and(eq(productPhotoFiles.photoId, photoId), eq(productPhotoFiles.format, 'webp')))
    .orderBy(desc(productPhotoFiles.width))
    .limit(1);
  const files = await deriveFormats(largest.bytes, webpWidths, missing);
  if (files.length === 0) return 0;
  await db
    .insert(productPhotoFiles)
    .values(files.map((f) => ({ photoId, width: f.width, height: f.height, format: f.format, hash: f.hash, bytes: f.bytes })))
    .onConflictDoNothing();
  return files.length;
}

/** Every photo lacking a format gets it, a batch at a time; the count of photos done. */
export async function backfillPhotoFormats(batch = 20): Promise<number> {
  let done = 0;
  for (;;) {
    const ids = await photosLackingFormats(batch);
    let progressed = false;
    for (const id of ids) {
      if ((await deriveMissingFormats(id)) > 0) progressed = true;
      done++;
    }
    // A photo whose derivation adds nothing (an unreadable file) would be picked again forever.
    if (ids.length < batch || !progressed) return done;
  }
}

/** Width the illustrations are drawn at: the product page's column at 1x and a phone's card at 2x. */
const SEED_PHOTO_WIDTH = 640;

/**
 * Draws each product whose picture is one of the seed's SVG illustrations (public/products)
 * and that has no photo yet as its first photo; the count stored. A file that cannot be read
 * (a host that serves public/ apart) leaves that product with its illustration.
 */
export async function seedDemoPhotos(publicDir = path.join(process.cwd(), 'public')): Promise<number> {
  const { db } = database();
  const candidates = await db
    .select({ id: products.id, imagePath: products.imagePath })
    .from(products)
    .where(and(sql`${products.imagePath} like '/products/%.svg'`, notExists(db.select({ id: productPhotos.id }).from(productPhotos).where(eq(productPhotos.productId, products.id)))));
  let stored = 0;
  for (const p of candidates) {
    const file = path.join(publicDir, p.imagePath);
    if (!file.startsWith(path.join(publicDir, 'products') + path.sep) || !fs.existsSync(file)) continue;
    const png = await sharp(fs.readFileSync(file), { density: 300 }).resize({ width: SEED_PHOTO_WIDTH }).flatten({ background: '#f1ede6' }).png().toBuffer();
    const processed = await processPhoto(png);
    if (!processed.ok) continue;
    if ((await addPhoto(p.id, processed.photo)).ok) stored++;
  }
  return stored;
}
