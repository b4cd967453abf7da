/**
 * "Reenviar e-mail": the merchant sends the last payment instructions again. A new keyed row
 * ("email:<order>:instructions:resend:<n>"), sent even when the instructions e-mail is
 * switched off (the merchant asked for it). While one resend waits to be sent another is
 * refused, so a double click (or two merchants at once) queues one e-mail. At most
 * RESENDS_PER_ORDER_PER_DAY (3) in 24 hours, counted inside the same transaction (so two
 * dashboards in two processes cannot pass it either): the button cannot turn the shop into a
 * relay for whatever address an order carries.
 */
import 'server-only';
import { and, count, eq, gt, inArray, like, sql } from 'drizzle-orm';
import { database } from '@/db';
import { get, run } from '@/db/driver';
import { emailOutbox, orders, payments, currentPaymentOf } from '@/db/schema';
import { RESENDS_PER_ORDER_PER_DAY, kickOutbox, emailKey, enqueueEmail } from '@/lib/email';
import { insertEvent } from './events';

export const RESEND_MESSAGES = {
  notFound: 'Pedido não encontrado.',
  onlyPending: 'Só é possível reenviar as instruções de pedidos aguardando pagamento.',
  notReady: 'As instruções de pagamento ainda não foram geradas (o boleto ainda não foi registrado). Tente em instantes.',
  queued: 'E-mail com as instruções de pagamento na fila de envio.',
  alreadyQueued: 'Este reenvio já está na fila.',
  dailyLimit: `Limite de ${RESENDS_PER_ORDER_PER_DAY} reenvios por dia para este pedido atingido. Tente novamente amanhã.`,
} as const;

export type ResendResult = { ok: true; message: string } | { ok: false; error: string };

export async function resendInstructions(orderId: string, actor: string): Promise<ResendResult> {
  const result = await database().transaction(function* (tx): Generator<import('@/db/driver').Step, ResendResult, unknown> {
    const o = yield* get(tx.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.id, orderId)));
    const p = o ? yield* get(tx.select({ id: payments.id }).from(payments).where(currentPaymentOf(orderId))) : undefined;
    if (!o || !p) return { ok: false, error: RESEND_MESSAGES.notFound };
    if (o.status !== 'pending') return { ok: false, error: RESEND_MESSAGES.onlyPending };
    const first = yield* get(tx.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.dedupeKey, emailKey.instructions(orderId))));
    if (!first) return { ok: false, error: RESEND_MESSAGES.notReady };
    const resends = and(eq(emailOutbox.orderId, orderId), like(emailOutbox.dedupeKey, `${emailKey.instructions(orderId)}:resend:%`));
    // One waiting resend at a time: a double click (or two merchants) queues one e-mail.
    const waiting = yield* get(tx.select({ id: emailOutbox.id }).from(emailOutbox).where(and(resends, inArray(emailOutbox.status, ['pending', 'sending']))));
    if (waiting) return { ok: false, error: RESEND_MESSAGES.alreadyQueued };
    const lastDay = yield* get(
      tx
        .select({ n: count() })
        .from(emailOutbox)
        .where(and(resends, gt(emailOutbox.createdAt, sql`strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')`))),
    );
    if ((lastDay?.n ?? 0) >= RESENDS_PER_ORDER_PER_DAY) return { ok: false, error: RESEND_MESSAGES.dailyLimit };
    const done = yield* get(tx.select({ n: count() }).from(emailOutbox).where(resends));
    const n = (done?.n ?? 0) + 1;
    const written = yield* enqueueEmail(tx, { key: emailKey.resend(orderId, n), orderId, kind: 'instructions', force: true });
    if (written === 0) return { ok: false, error: RESEND_MESSAGES.alreadyQueued };
    yield* run(insertEvent(tx, { paymentId: p.id, orderId, type: 'email_resend_requested', source: 'merchant', detail: { actor } }));
    return { ok: true, message: RESEND_MESSAGES.queued };
  });
  if (result.ok) kickOutbox();
  return result;
}
