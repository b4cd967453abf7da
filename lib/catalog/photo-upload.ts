/**
 * One photo sent by the merchant for a product: checked and re-encoded (photo-processing.ts),
 * then stored (photos.ts). Nothing is stored unless every step passed.
 */
import 'server-only';
import { count, eq } from 'drizzle-orm';
import { database } from '@/db';
import { productPhotos } from '@/db/schema';
import { logger } from '@/lib/server/log';
import { PHOTO_MESSAGES, processPhoto } from './photo-processing';
import { addPhoto, MAX_PHOTOS } from './photos';

export const PHOTOS_FULL = `Cada produto pode ter até ${MAX_PHOTOS} fotos. Remova uma para enviar outra.`;
export const NO_PRODUCT = 'Este produto não existe mais.';

export type UploadResult = { ok: true; photoId: number } | { ok: false; error: string; status: 400 | 404 | 409 | 413 };

export async function uploadProductPhoto(productId: number, bytes: Uint8Array): Promise<UploadResult> {
  // Cheap check first: a full product does not cost a decode.
  const [{ n }] = await database().db.select({ n: count() }).from(productPhotos).where(eq(productPhotos.productId, productId));
  if (n >= MAX_PHOTOS) return { ok: false, error: PHOTOS_FULL, status: 409 };
  const processed = await processPhoto(bytes);
  if (!processed.ok) {
    logger().info({ productId, reason: processed.reason, bytes: bytes.byteLength }, 'product photo refused');
    return { ok: false, error: PHOTO_MESSAGES[processed.reason], status: processed.reason === 'too_large' ? 413 : 400 };
  }
  const stored = await addPhoto(productId, processed.photo);
  if (!stored.ok) return stored.reason === 'full' ? { ok: false, error: PHOTOS_FULL, status: 409 } : { ok: false, error: NO_PRODUCT, status: 404 };
  return { ok: true, photoId: stored.photoId };
}
