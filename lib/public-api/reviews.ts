/**
 * GET /api/v1/reviews and the `review.created` event's `data.review`: the buyers' reviews as
 * the API shows them, newest first with a cursor. No personal data beyond the name the buyer
 * chose to show ("Maria S.", or null).
 */
import 'server-only';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import { database } from '@/db';
import { reviews, type ReviewRow } from '@/db/schema';
import type { ApiReview } from './schemas';

export function apiReview(r: ReviewRow): ApiReview {
  return {
    id: `rev_${r.id}`,
    product_id: r.productId,
    order_id: r.orderId,
    rating: r.rating,
    comment: r.comment,
    author: r.authorName || null,
    status: r.status,
    reply: r.reply,
    created_at: r.createdAt,
    published_at: r.publishedAt,
  };
}

const encodeCursor = (r: Pick<ReviewRow, 'createdAt' | 'id'>) => Buffer.from(`${r.createdAt}|${r.id}`, 'utf8').toString('base64url');
function decodeCursor(cursor: string): { createdAt: string; id: number } | null {
  const m = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)\|(\d{1,12})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? { createdAt: m[1], id: Number(m[2]) } : null;
}

/** A page, newest first; `null` when the cursor is not one this API gave. */
export async function listApiReviews(limit: number, cursor?: string): Promise<{ data: ApiReview[]; next_cursor: string | null } | null> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (after === null) return null;
  const where = after ? or(lt(reviews.createdAt, after.createdAt), and(eq(reviews.createdAt, after.createdAt), lt(reviews.id, after.id))) : undefined;
  const rows = await database().db.select().from(reviews).where(where).orderBy(desc(reviews.createdAt), desc(reviews.id)).limit(limit + 1);
  const page = rows.slice(0, limit);
  return { data: page.map(apiReview), next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null };
}

/** The review a `review.created` event names (its dedupe key `review.created:<order line>`). */
export async function reviewOfEvent(dedupeKey: string): Promise<ApiReview | null> {
  const m = /^review\.created:(\d+)$/.exec(dedupeKey);
  if (!m) return null;
  const [r] = await database().db.select().from(reviews).where(eq(reviews.orderItemId, Number(m[1])));
  return r ? apiReview(r) : null;
}
