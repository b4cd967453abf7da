/** Test fixtures for the feeds: a photo stored for a product (one 800 px file), and a catalog with only the test's products. */
import { database } from '@/db';
import { productPhotoFiles, productPhotos, products } from '@/db/schema';

let n = 0;

/** Stores a photo (its one width, 800 px) for a product; returns the photo's id. */
export async function addPhoto(productId: number, position: number): Promise<number> {
  const { db } = database();
  const [row] = await db.insert(productPhotos).values({ productId, position, width: 800, height: 800 }).returning({ id: productPhotos.id });
  const hash = (++n).toString(16).padStart(20, '0');
  await db.insert(productPhotoFiles).values({ photoId: row.id, width: 800, height: 800, hash, bytes: Buffer.from([1, 2, 3]) });
  return row.id;
}

/** Takes the seed's products off sale, so that a feed lists only what the test adds. */
export async function withoutSeedProducts(): Promise<void> {
  await database().db.update(products).set({ active: false });
}
