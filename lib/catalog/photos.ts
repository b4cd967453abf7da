/**
 * A product's photos in the database: up to five per product, position 0 is the cover; each
 * photo is stored once per width and format (AVIF, WebP, JPEG: photo-processing.ts) and served
 * by /images/products/<photo>-<width>-<hash>.<avif|webp|jpg>. A photo's bytes never change
 * after they are stored (only its position does), so its URLs can be cached forever.
 */
import 'server-only';
import { and, asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { database } from '@/db';
import { all, get, run } from '@/db/driver';
import { productPhotoFiles, productPhotos, products } from '@/db/schema';
import type { PhotoFormat, ProcessedPhoto } from './photo-processing';

export const MAX_PHOTOS = 5;

export type PhotoSource = { url: string; width: number; height: number };
/**
 * One photo as pages draw it: every stored width, smallest first — `sources` in WebP (every
 * photo has them), `avif` and `jpeg` once derived (empty for a photo stored before them until
 * photo-backfill.ts has run).
 */
export type PhotoView = { id: number; position: number; width: number; height: number; sources: PhotoSource[]; avif: PhotoSource[]; jpeg: PhotoSource[] };

const EXTENSION: Record<PhotoFormat, string> = { avif: 'avif', webp: 'webp', jpeg: 'jpg' };
export const CONTENT_TYPE: Record<PhotoFormat, string> = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg' };

export function photoUrl(photoId: number, width: number, hash: string, format: PhotoFormat = 'webp'): string {
  return `/images/products/${photoId}-${width}-${hash}.${EXTENSION[format]}`;
}

/** "12-640-<hash>.webp" (or .avif, .jpg) → its parts, or null. */
export function parsePhotoFileName(name: string): { photoId: number; width: number; hash: string; format: PhotoFormat } | null {
  const m = /^([1-9]\d{0,9})-([1-9]\d{0,4})-([0-9a-f]{20})\.(webp|avif|jpg)$/.exec(name);
  if (!m) return null;
  const format: PhotoFormat = m[4] === 'jpg' ? 'jpeg' : (m[4] as PhotoFormat);
  return { photoId: Number(m[1]), width: Number(m[2]), hash: m[3], format };
}

/** The `srcset` of a list of sources (a photo's WebP ones by default): every stored width. */
export function srcSet(photo: Pick<PhotoView, 'sources'> | PhotoSource[]): string {
  const list = Array.isArray(photo) ? photo : photo.sources;
  return list.map((s) => `${s.url} ${s.width}w`).join(', ');
}

/** The smallest stored width at least `min` pixels wide (else the largest). */
export function sourceAtLeast(photo: Pick<PhotoView, 'sources'>, min: number): PhotoSource {
  return photo.sources.find((s) => s.width >= min) ?? photo.sources[photo.sources.length - 1];
}

type FileRow = { photoId: number; productId: number; position: number; photoWidth: number; photoHeight: number; width: number; height: number; format: PhotoFormat; hash: string };

function group(rows: FileRow[]): Map<number, PhotoView[]> {
  const byProduct = new Map<number, Map<number, PhotoView>>();
  for (const r of rows) {
    let photos = byProduct.get(r.productId);
    if (!photos) byProduct.set(r.productId, (photos = new Map()));
    let p = photos.get(r.photoId);
    if (!p) photos.set(r.photoId, (p = { id: r.photoId, position: r.position, width: r.photoWidth, height: r.photoHeight, sources: [], avif: [], jpeg: [] }));
    const list = r.format === 'avif' ? p.avif : r.format === 'jpeg' ? p.jpeg : p.sources;
    list.push({ url: photoUrl(r.photoId, r.width, r.hash, r.format), width: r.width, height: r.height });
  }
  const out = new Map<number, PhotoView[]>();
  for (const [productId, photos] of byProduct) {
    const list = [...photos.values()].sort((a, b) => a.position - b.position);
    for (const p of list) for (const l of [p.sources, p.avif, p.jpeg]) l.sort((a, b) => a.width - b.width);
    out.set(productId, list);
  }
  return out;
}

const fileColumns = {
  photoId: productPhotos.id,
  productId: productPhotos.productId,
  position: productPhotos.position,
  photoWidth: productPhotos.width,
  photoHeight: productPhotos.height,
  width: productPhotoFiles.width,
  height: productPhotoFiles.height,
  format: productPhotoFiles.format,
  hash: productPhotoFiles.hash,
};

/** Every photo of each product (the bytes are not read). */
/** The stored widths of the photos of the products `where` picks (a batch's part; `photosByProduct` groups them). */
export function photoRowsWhere(where: SQL) {
  return database().db.select(fileColumns).from(productPhotos).innerJoin(productPhotoFiles, eq(productPhotoFiles.photoId, productPhotos.id)).where(where);
}

/** `photoRowsWhere`'s rows as each product's photos, in order. */
export const photosByProduct = (rows: FileRow[]) => group(rows);

export async function photosOf(productIds: readonly number[]): Promise<Map<number, PhotoView[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await database()
    .db.select(fileColumns)
    .from(productPhotos)
    .innerJoin(productPhotoFiles, eq(productPhotoFiles.photoId, productPhotos.id))
    .where(inArray(productPhotos.productId, [...productIds]));
  return group(rows);
}

/** The cover (first photo) of each product that has one. */
export async function coversOf(productIds: readonly number[]): Promise<Map<number, PhotoView>> {
  if (productIds.length === 0) return new Map();
  const rows = await database()
    .db.select(fileColumns)
    .from(productPhotos)
    .innerJoin(productPhotoFiles, eq(productPhotoFiles.photoId, productPhotos.id))
    .where(and(inArray(productPhotos.productId, [...productIds]), eq(productPhotos.position, 0)));
  return new Map([...group(rows)].map(([id, photos]) => [id, photos[0]]));
}

/** The bytes of one stored width in one format (the route checks the URL's hash against it). */
export async function photoFile(photoId: number, width: number, format: PhotoFormat = 'webp'): Promise<{ hash: string; bytes: Buffer } | null> {
  const [row] = await database()
    .db.select({ hash: productPhotoFiles.hash, bytes: productPhotoFiles.bytes })
    .from(productPhotoFiles)
    .where(and(eq(productPhotoFiles.photoId, photoId), eq(productPhotoFiles.width, width), eq(productPhotoFiles.format, format)));
  return row ?? null;
}

export type AddPhotoResult = { ok: true; photoId: number } | { ok: false; reason: 'no_product' | 'full' };

/** Stores a processed photo as the product's last one (the cover when it is the first). */
export async function addPhoto(productId: number, photo: ProcessedPhoto): Promise<AddPhotoResult> {
  return database().transaction(function* (tx) {
    const product = yield* get(tx.select({ id: products.id }).from(products).where(eq(products.id, productId)));
    if (!product) return { ok: false, reason: 'no_product' } as const;
    const n = (yield* get(tx.select({ n: count() }).from(productPhotos).where(eq(productPhotos.productId, productId))))?.n ?? 0;
    if (n >= MAX_PHOTOS) return { ok: false, reason: 'full' } as const;
    const inserted = yield* get(tx.insert(productPhotos).values({ productId, position: n, width: photo.width, height: photo.height }).returning({ id: productPhotos.id }));
    const photoId = inserted!.id;
    for (const f of photo.files) {
      yield* run(tx.insert(productPhotoFiles).values({ photoId, width: f.width, height: f.height, format: f.format, hash: f.hash, bytes: f.bytes }));
    }
    return { ok: true, photoId } as const;
  });
}

/** Removes a photo; the ones after it move up (the next becomes the cover). */
export async function removePhoto(productId: number, photoId: number): Promise<boolean> {
  return database().transaction(function* (tx) {
    const photo = yield* get(tx.select().from(productPhotos).where(and(eq(productPhotos.id, photoId), eq(productPhotos.productId, productId))));
    if (!photo) return false;
    yield* run(tx.delete(productPhotos).where(eq(productPhotos.id, photoId)));
    yield* run(
      tx
        .update(productPhotos)
        .set({ position: sql`${productPhotos.position} - 1` })
        .where(and(eq(productPhotos.productId, productId), sql`${productPhotos.position} > ${photo.position}`)),
    );
    return true;
  });
}

/** Moves a photo one place earlier or later, or to the front (the cover). */
export async function movePhoto(productId: number, photoId: number, to: 'earlier' | 'later' | 'cover'): Promise<boolean> {
  return database().transaction(function* (tx) {
    const list = yield* all(tx.select({ id: productPhotos.id }).from(productPhotos).where(eq(productPhotos.productId, productId)).orderBy(asc(productPhotos.position), asc(productPhotos.id)));
    const from = list.findIndex((p) => p.id === photoId);
    if (from === -1) return false;
    const target = to === 'cover' ? 0 : to === 'earlier' ? from - 1 : from + 1;
    if (target < 0 || target >= list.length || target === from) return false;
    const [moved] = list.splice(from, 1);
    list.splice(target, 0, moved);
    for (let i = 0; i < list.length; i++) yield* run(tx.update(productPhotos).set({ position: i }).where(eq(productPhotos.id, list[i].id)));
    return true;
  });
}
