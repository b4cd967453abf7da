/**
 * The merchant's side (dashboard "Avaliações"): every review, newest first, with the product and
 * the order's number; "Publicar", "Ocultar" and "Responder" (the reply shows under the review on
 * the product page). The permission `reviews:moderate` is checked by the actions (merchantAction).
 */
import 'server-only';
import { count, desc, eq, sql } from 'drizzle-orm';
import { database, db } from '@/db';
import { orders, products, reviews, type ReviewStatus } from '@/db/schema';
import { cleanComment } from './words';

export const MODERATION_PAGE_SIZE = 20;
export const REPLY_MAX = 1000;

export const REVIEW_STATUS_LABELS: Record<ReviewStatus, string> = { pending: 'Aguardando moderação', published: 'Publicada', hidden: 'Oculta' };

export type ModerationRow = {
  id: number;
  rating: number;
  comment: string;
  author: string;
  status: ReviewStatus;
  reply: string | null;
  createdAt: string;
  productName: string;
  productSlug: string;
  orderId: string;
  orderNumber: number | null;
};

export async function moderationPage(page = 1): Promise<{ rows: ModerationRow[]; total: number; pending: number; page: number; pages: number }> {
  const wanted = Number.isSafeInteger(page) && page > 0 ? page : 1;
  const [[totals], rows] = await database().batch([
    db().select({ n: count(), pending: sql<number>`coalesce(sum(${reviews.status} = 'pending'), 0)` }).from(reviews),
    db()
      .select({
        id: reviews.id,
        rating: reviews.rating,
        comment: reviews.comment,
        author: reviews.authorName,
        status: reviews.status,
        reply: reviews.reply,
        createdAt: reviews.createdAt,
        productName: products.name,
        productSlug: products.slug,
        orderId: reviews.orderId,
        orderNumber: orders.number,
      })
      .from(reviews)
      .innerJoin(products, eq(products.id, reviews.productId))
      .innerJoin(orders, eq(orders.id, reviews.orderId))
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset((wanted - 1) * MODERATION_PAGE_SIZE),
  ]);
  const pages = Math.max(1, Math.ceil(totals.n / MODERATION_PAGE_SIZE));
  return { rows, total: totals.n, pending: totals.pending, page: Math.min(wanted, pages), pages };
}

/** "Publicar" / "Ocultar": true when the review exists. Publishing again keeps its first publication date. */
export async function setReviewStatus(id: number, status: Exclude<ReviewStatus, 'pending'>, now = new Date()): Promise<boolean> {
  const set = status === 'published' ? { status, publishedAt: sql`coalesce(${reviews.publishedAt}, ${now.toISOString()})` } : { status };
  const changed = await db().update(reviews).set(set).where(eq(reviews.id, id)).returning({ id: reviews.id });
  return changed.length === 1;
}

/** "Responder": the shop's reply under the review (empty text removes it). */
export async function replyToReview(id: number, text: string, now = new Date()): Promise<{ ok: true } | { ok: false; error: string }> {
  const reply = cleanComment(text);
  if (text.trim().length > REPLY_MAX) return { ok: false, error: `A resposta pode ter até ${REPLY_MAX} caracteres.` };
  const changed = await db()
    .update(reviews)
    .set({ reply: reply || null, repliedAt: reply ? now.toISOString() : null })
    .where(eq(reviews.id, id))
    .returning({ id: reviews.id });
  return changed.length === 1 ? { ok: true } : { ok: false, error: 'Avaliação não encontrada.' };
}
