/**
 * What shoppers see of the reviews: a product's published reviews (newest first, a page at a
 * time) and their average, the stars of the catalog's cards, and the product's JSON-LD
 * `aggregateRating` and `review` items (only when at least one is published).
 */
import 'server-only';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { database, db } from '@/db';
import { reviews } from '@/db/schema';
import { ANONYMOUS_AUTHOR, roundAverage } from './words';

export const REVIEWS_PAGE_SIZE = 10;
/** The JSON-LD carries at most this many reviews (the newest). */
export const JSON_LD_REVIEWS = 10;

export type RatingSummary = { average: number; count: number };
export type PublicReview = { id: number; rating: number; comment: string; author: string; createdAt: string; reply: string | null };

const published = (productId: number) => and(eq(reviews.productId, productId), eq(reviews.status, 'published'));

const publicColumns = {
  id: reviews.id,
  rating: reviews.rating,
  comment: reviews.comment,
  author: reviews.authorName,
  createdAt: reviews.createdAt,
  reply: reviews.reply,
};

const asPublic = (r: PublicReview): PublicReview => ({ ...r, author: r.author || ANONYMOUS_AUTHOR });

export type ProductReviews = { summary: RatingSummary; reviews: PublicReview[]; page: number; pages: number };

/** A product page's "Avaliações": the summary and one page of published reviews, in one batch. */
export async function productReviews(productId: number, page = 1): Promise<ProductReviews> {
  const wanted = Number.isSafeInteger(page) && page > 0 ? page : 1;
  const [[totals], rows] = await database().batch([
    db().select({ n: count(), sum: sql<number>`coalesce(sum(${reviews.rating}), 0)` }).from(reviews).where(published(productId)),
    db()
      .select(publicColumns)
      .from(reviews)
      .where(published(productId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(REVIEWS_PAGE_SIZE)
      .offset((wanted - 1) * REVIEWS_PAGE_SIZE),
  ]);
  const pages = Math.max(1, Math.ceil(totals.n / REVIEWS_PAGE_SIZE));
  return { summary: { average: roundAverage(totals.sum, totals.n), count: totals.n }, reviews: rows.map(asPublic), page: Math.min(wanted, pages), pages };
}

/** The newest published reviews, for the JSON-LD (page 1 holds them when the page size is at least JSON_LD_REVIEWS). */
export async function newestReviews(productId: number, limit = JSON_LD_REVIEWS): Promise<PublicReview[]> {
  const rows = await db().select(publicColumns).from(reviews).where(published(productId)).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit);
  return rows.map(asPublic);
}

/** The catalog cards' stars: each product's published average and count (absent: none yet). */
export async function ratingsOf(productIds: readonly number[]): Promise<Map<number, RatingSummary>> {
  if (productIds.length === 0) return new Map();
  const rows = await db()
    .select({ productId: reviews.productId, n: count(), sum: sql<number>`sum(${reviews.rating})` })
    .from(reviews)
    .where(and(inArray(reviews.productId, [...productIds]), eq(reviews.status, 'published')))
    .groupBy(reviews.productId);
  return new Map(rows.map((r) => [r.productId, { average: roundAverage(r.sum, r.n), count: r.n }]));
}

/**
 * The product's JSON-LD with its ratings (schema.org Product: aggregateRating and review), or
 * the same object untouched when nothing is published: an empty rating is refused by Google.
 */
export function withReviewsJsonLd(product: Record<string, unknown>, summary: RatingSummary, newest: readonly PublicReview[]): Record<string, unknown> {
  if (summary.count === 0) return product;
  return {
    ...product,
    aggregateRating: { '@type': 'AggregateRating', ratingValue: summary.average, reviewCount: summary.count, bestRating: 5, worstRating: 1 },
    review: newest.slice(0, JSON_LD_REVIEWS).map((r) => ({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: r.author },
      datePublished: r.createdAt.slice(0, 10),
      ...(r.comment ? { reviewBody: r.comment } : {}),
    })),
  };
}
