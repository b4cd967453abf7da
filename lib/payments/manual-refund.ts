/**
 * "Registrar reembolso manual": a paid boleto paid back outside the app (the API cannot refund
 * a boleto, so the merchant makes a bank transfer). Nothing is asked of the provider: the
 * order and its payment become refunded by the amount the merchant says, in one transaction
 * with a timeline event (who, amount, reason), so revenue, the balance card's neighbours and
 * the CSV stop counting it as a sale. The amount is also kept apart (orders.manual_refund_cents)
 * because the provider's balance never saw it leave: paid − (refunded − manual) is what the
 * provider holds.
 *
 * The provider still reports the boleto as paid: a later read is "stale" for a refunded
 * payment (state.ts) and changes nothing, so the manual refund stays.
 */
import 'server-only';
import { and, eq } from 'drizzle-orm';
import { database } from '@/db';
import { get, run } from '@/db/driver';
import { orders, payments, currentPaymentOf } from '@/db/schema';
import { formatBRL } from '@balcao/br/money';
import { dedupe, insertEvent } from './events';

export type ManualRefundInput = { amountCents: number; reason: string };
export type ManualRefundResult = { ok: true; message: string } | { ok: false; error: string };

export const MANUAL_REFUND_MESSAGES = {
  notFound: 'Pedido não encontrado.',
  boletoOnly: 'O reembolso manual é para boletos pagos: um Pix é reembolsado pelo botão "Reembolsar".',
  onlyPaid: 'Só é possível registrar o reembolso de um pedido pago.',
  already: 'Este pedido já foi reembolsado.',
  amount: 'O valor deve ser maior que zero e no máximo o total pago.',
} as const;

export async function recordManualRefund(orderId: string, input: ManualRefundInput, actor: string): Promise<ManualRefundResult> {
  const now = new Date().toISOString();
  return database().transaction(function* (tx) {
    const order = yield* get(tx.select().from(orders).where(eq(orders.id, orderId)));
    const payment = order ? yield* get(tx.select().from(payments).where(currentPaymentOf(order.id))) : undefined;
    if (!order || !payment) return { ok: false as const, error: MANUAL_REFUND_MESSAGES.notFound };
    if (order.method !== 'boleto') return { ok: false as const, error: MANUAL_REFUND_MESSAGES.boletoOnly };
    if (order.status === 'refunded') return { ok: false as const, error: MANUAL_REFUND_MESSAGES.already };
    if (order.status !== 'paid' || payment.status !== 'paid') return { ok: false as const, error: MANUAL_REFUND_MESSAGES.onlyPaid };
    if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > order.totalCents) {
      return { ok: false as const, error: MANUAL_REFUND_MESSAGES.amount };
    }
    // The refunded state is entered once (its dedupe key): a double click or two tabs record one refund.
    const entered = yield* run(
      insertEvent(tx, {
        paymentId: payment.id,
        orderId: order.id,
        type: 'status_changed',
        source: 'merchant',
        fromStatus: 'paid',
        toStatus: 'refunded',
        dedupeKey: dedupe.status(payment.id, 'refunded'),
        detail: { actor, manual: true, amountCents: input.amountCents },
      }),
    );
    if (entered === 0) return { ok: false as const, error: MANUAL_REFUND_MESSAGES.already };
    yield* run(
      insertEvent(tx, {
        paymentId: payment.id,
        orderId: order.id,
        type: 'manual_refund',
        source: 'merchant',
        dedupeKey: `manual_refund:${payment.id}`,
        detail: { actor, amountCents: input.amountCents, reason: input.reason },
      }),
    );
    yield* run(
      tx
        .update(payments)
        .set({ status: 'refunded', refundedCents: input.amountCents, refundedAt: now, updatedAt: now, version: payment.version + 1 })
        .where(and(eq(payments.id, payment.id), eq(payments.version, payment.version))),
    );
    yield* run(
      tx
        .update(orders)
        .set({
          status: 'refunded',
          refundedCents: input.amountCents,
          manualRefundCents: input.amountCents,
          manualRefundReason: input.reason,
          manualRefundedAt: now,
          manualRefundedBy: actor,
          updatedAt: now,
        })
        .where(eq(orders.id, order.id)),
    );
    return { ok: true as const, message: `Reembolso manual de ${formatBRL(input.amountCents)} registrado.` };
  });
}
