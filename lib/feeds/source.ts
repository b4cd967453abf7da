/**
 * The feeds' source read from the database: the products on sale (active, not archived;
 * digital ones only when the merchant wants them), their active variants, their photos, the
 * Google category mapped to one of their categories, the shop's name, the feed settings and
 * the promotions live on the shop's clock (lib/embedded-provider/clock.ts), read once for the
 * whole feed. Seven reads in one batch: one round trip on Turso.
 */
import 'server-only';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { database, db } from '@/db';
import { categories, feedCategoryMap, productCategories, productPhotos, productVariants, products } from '@/db/schema';
import { env } from '@/lib/config/env';
import { photoRowsWhere, photosByProduct, sourceAtLeast } from '@/lib/catalog';
import { shopNow } from '@/lib/embedded-provider/clock';
import { livePromotionsQuery } from '@/lib/promotions/promotions';
import { parsePromotion, type LivePromotion } from '@/lib/promotions/rules';
import { identityOf, identityQuery } from '@/lib/shop';
import type { FeedSource } from './items';
import { feedSettingsOf, feedSettingsQuery, type FeedSettings } from './settings';

/** Both channels want at least 500 px (Google 100, apparel 250; Meta 500): the first width at or above 800. */
const FEED_PHOTO_WIDTH = 800;

export async function readFeedSource(): Promise<{ source: FeedSource; settings: FeedSettings }> {
  const onSale = and(eq(products.active, true), isNull(products.archivedAt));
  const [productRows, variantRows, photoRows, categoryRows, identityRows, settingsRows, promotionRows] = await database().batch([
    db()
      .select({
        id: products.id,
        slug: products.slug,
        name: products.name,
        description: products.description,
        priceCents: products.priceCents,
        imagePath: products.imagePath,
        requiresShipping: products.requiresShipping,
        options: products.options,
        gtin: products.gtin,
        weightGrams: products.weightGrams,
        heightCm: products.heightCm,
        widthCm: products.widthCm,
        lengthCm: products.lengthCm,
      })
      .from(products)
      .where(onSale)
      .orderBy(asc(products.displayOrder), asc(products.id)),
    db()
      .select({
        id: productVariants.id,
        productId: productVariants.productId,
        sku: productVariants.sku,
        option1: productVariants.option1,
        option2: productVariants.option2,
        option3: productVariants.option3,
        priceCents: productVariants.priceCents,
        stock: productVariants.stock,
        photoId: productVariants.photoId,
        gtin: productVariants.gtin,
        weightGrams: productVariants.weightGrams,
        heightCm: productVariants.heightCm,
        widthCm: productVariants.widthCm,
        lengthCm: productVariants.lengthCm,
      })
      .from(productVariants)
      .where(eq(productVariants.active, true))
      .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id)),
    photoRowsWhere(inArray(productPhotos.productId, db().select({ id: products.id }).from(products).where(onSale))),
    // Every category of every product (a promotion may be scoped to one), with its Google category when mapped.
    db()
      .select({ productId: productCategories.productId, categoryId: productCategories.categoryId, googleCategory: feedCategoryMap.googleCategory })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .leftJoin(feedCategoryMap, eq(feedCategoryMap.categoryId, productCategories.categoryId))
      .orderBy(asc(categories.position), asc(categories.name)),
    identityQuery(),
    feedSettingsQuery(),
    livePromotionsQuery(shopNow()),
  ]);
  const settings = feedSettingsOf(settingsRows);
  const photos = photosByProduct(photoRows);
  const googleCategory = new Map<number, string>();
  const categoryIds = new Map<number, number[]>();
  for (const c of categoryRows) {
    if (c.googleCategory !== null && !googleCategory.has(c.productId)) googleCategory.set(c.productId, c.googleCategory);
    const list = categoryIds.get(c.productId);
    if (list) list.push(c.categoryId);
    else categoryIds.set(c.productId, [c.categoryId]);
  }
  const wanted = productRows.filter((p) => p.requiresShipping || settings.includeDigital);
  return {
    settings,
    source: {
      appUrl: env().appUrl,
      shopName: identityOf(identityRows).name,
      brand: settings.brand,
      products: wanted.map((p) => ({
        ...p,
        photos: (photos.get(p.id) ?? []).map((ph) => ({ id: ph.id, url: sourceAtLeast(ph, FEED_PHOTO_WIDTH).url })),
        googleCategory: googleCategory.get(p.id) ?? null,
        categoryIds: categoryIds.get(p.id) ?? [],
      })),
      variants: variantRows,
      promotions: promotionRows.map(parsePromotion).filter((p): p is LivePromotion => p !== null),
    },
  };
}
