/**
 * The buyer's side: /avaliar/<token>. The token is signed to one order (lib/security/tokens.ts);
 * the order must be paid and delivered, picked up, or digital (eligibility.ts); each of its
 * lines with a product takes one review (the unique index on order_item_id is the rule, so two
 * tabs or a double submit make one). A review keeps the rating, the comment as text, and, only
 * if the buyer ticks it, the first name and initial. It is written with its `review.created`
 * event in one transaction; it is published at once only when the merchant switched on
 * "Publicar automaticamente notas 4 e 5" and the rating is 4 or 5.
 */
import 'server-only';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { database, db } from '@/db';
import { get, run } from '@/db/driver';
import { orderItems, orders, outboundEvents, reviews } from '@/db/schema';
import { env } from '@/lib/config/env';
import { newEventId } from '@/lib/outbound-events/record';
import { hit, orderIdOfReviewToken } from '@/lib/security';
import { noteOutboxRow } from '@/lib/server/after-pass';
import { isReviewable } from './eligibility';
import { readReviewSettings } from './settings';
import { cleanComment, COMMENT_MAX, shownNameOf } from './words';

export type ReviewLine = { itemId: number; name: string; reviewed: { rating: number } | null };
export type ReviewPage =
  | { state: 'unknown' }
  | { state: 'not_yet'; order: { id: string; number: number | null } }
  | { state: 'open'; order: { id: string; number: number | null }; shownName: string; lines: ReviewLine[] };

const orderOf = (token: string) => orderIdOfReviewToken(token, env().authSecret);

export async function reviewPage(token: string): Promise<ReviewPage> {
  const orderId = orderOf(token);
  if (!orderId) return { state: 'unknown' };
  const [order] = await db()
    .select({ id: orders.id, number: orders.number, buyerName: orders.buyerName, reviewable: isReviewable.mapWith(Boolean) })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!order) return { state: 'unknown' };
  if (!order.reviewable) return { state: 'not_yet', order: { id: order.id, number: order.number } };
  const lines = await db()
    .select({ itemId: orderItems.id, name: orderItems.name, rating: reviews.rating })
    .from(orderItems)
    .leftJoin(reviews, eq(reviews.orderItemId, orderItems.id))
    .where(and(eq(orderItems.orderId, orderId), isNotNull(orderItems.productId)))
    .orderBy(asc(orderItems.id));
  return {
    state: 'open',
    order: { id: order.id, number: order.number },
    shownName: shownNameOf(order.buyerName),
    lines: lines.map((l) => ({ itemId: l.itemId, name: l.name, reviewed: l.rating === null ? null : { rating: l.rating } })),
  };
}

export const reviewFormSchema = z.object({
  item: z.coerce.number().int().positive(),
  nota: z.coerce.number({ error: 'Escolha uma nota de 1 a 5 estrelas.' }).int('Escolha uma nota de 1 a 5 estrelas.').min(1, 'Escolha uma nota de 1 a 5 estrelas.').max(5, 'Escolha uma nota de 1 a 5 estrelas.'),
  comentario: z.string().max(COMMENT_MAX * 2, `O comentário pode ter até ${COMMENT_MAX} caracteres.`).default(''),
  mostrarNome: z.boolean().default(false),
});
export type ReviewForm = z.infer<typeof reviewFormSchema>;

export type SubmitResult = { ok: true; published: boolean } | { ok: false; error: string; fieldErrors?: Record<string, string> };

export const ALREADY_REVIEWED = 'Você já avaliou este produto. Obrigado!';
export const NOT_YET = 'Este pedido ainda não pode ser avaliado: a avaliação abre depois da entrega.';
export const TOO_MANY = 'Muitas tentativas em pouco tempo. Espere um minuto e tente de novo.';

/** Reads the form (FormData-like): the line, "Nota", "Comentário", "Mostrar meu nome". */
export function parseReviewForm(form: { get(name: string): FormDataEntryValue | null }) {
  return reviewFormSchema.safeParse({
    item: form.get('item'),
    nota: form.get('nota') ?? undefined,
    comentario: typeof form.get('comentario') === 'string' ? form.get('comentario') : '',
    mostrarNome: form.get('mostrarNome') === 'on',
  });
}

export async function submitReview(token: string, form: ReviewForm, clientKey: string): Promise<SubmitResult> {
  const limit = await hit('review', clientKey);
  if (!limit.ok) return { ok: false, error: TOO_MANY };
  const orderId = orderOf(token);
  if (!orderId) return { ok: false, error: 'Link de avaliação inválido.' };
  const comment = cleanComment(form.comentario);
  if (comment.length > COMMENT_MAX) return { ok: false, error: 'Confira o comentário.', fieldErrors: { comentario: `O comentário pode ter até ${COMMENT_MAX} caracteres.` } };
  const { autoPublishHigh } = await readReviewSettings();
  const publish = autoPublishHigh && form.nota >= 4;
  const eventKey = `review.created:${form.item}`;
  const result = await database().transaction(function* (tx) {
    const order = yield* get(tx.select({ id: orders.id, buyerName: orders.buyerName }).from(orders).where(and(eq(orders.id, orderId), isReviewable)));
    if (!order) return { ok: false as const, error: NOT_YET };
    const line = yield* get(
      tx
        .select({ productId: orderItems.productId })
        .from(orderItems)
        .where(and(eq(orderItems.id, form.item), eq(orderItems.orderId, orderId), isNotNull(orderItems.productId))),
    );
    if (!line?.productId) return { ok: false as const, error: 'Este produto não está neste pedido.' };
    const now = new Date().toISOString();
    const written = yield* run(
      tx
        .insert(reviews)
        .values({
          orderId,
          orderItemId: form.item,
          productId: line.productId,
          rating: form.nota,
          comment,
          authorName: form.mostrarNome ? shownNameOf(order.buyerName) : '',
          status: publish ? 'published' : 'pending',
          publishedAt: publish ? now : null,
          createdAt: now,
        })
        .onConflictDoNothing(),
    );
    if (written === 0) return { ok: false as const, error: ALREADY_REVIEWED };
    yield* run(tx.insert(outboundEvents).values({ id: newEventId(), type: 'review.created', orderId, dedupeKey: eventKey, createdAt: now }).onConflictDoNothing());
    return { ok: true as const, published: publish };
  });
  // The merchant's webhook goes right after the response (lib/server/after-pass.ts).
  if (result.ok) noteOutboxRow('event', eventKey);
  return result;
}
