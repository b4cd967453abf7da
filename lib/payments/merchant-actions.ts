/**
 * The merchant's actions on a payment: cancel a pending charge, refund a paid Pix.
 * Each records who asked (payment_events, source 'merchant', actor e-mail) before calling the
 * provider, then reads the payment back and applies what it says: the provider is the truth.
 */
import 'server-only';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { database } from '@/db';
import { get, run, type Step } from '@/db/driver';
import { orders, paymentEvents, payments, type Order, type Payment, currentPaymentOf } from '@/db/schema';
import { isPaymentProviderError, userMessage, type RefundInput } from '@/lib/payment-provider/client';
import { LIMITS } from '@balcao/payment-contract';
import { formatBRL } from '@balcao/br/money';
import { logger, redactSecrets } from '@/lib/server/log';
import { paymentProvider } from './provider';
import { applyObservation, type ApplyResult } from './apply';
import { dedupe, insertEvent, type PaymentEventType } from './events';
import type { Observation } from './observation';
import { readProvider } from './sync';

export type ActionResult = { ok: true; message?: string } | { ok: false; error: string };

export const MESSAGES = {
  notFound: 'Pedido não encontrado.',
  stillCreating: 'A cobrança deste pedido ainda está sendo criada. Tente novamente em instantes.',
  cancelOnlyPending: 'Só é possível cancelar pedidos aguardando pagamento.',
  canceled: 'Cobrança cancelada.',
  notActivePaid: 'Esta cobrança não está mais ativa: ela foi paga.',
  notActiveCanceled: 'Esta cobrança não está mais ativa: ela já foi cancelada ou expirou.',
  notYetActive: 'A cobrança ainda está sendo ativada pelo serviço de pagamentos. Tente novamente em alguns segundos.',
  cancelSentUnconfirmed: 'Cancelamento enviado. O status do pedido será atualizado em instantes.',
  refundPixOnly: 'Reembolso disponível apenas para Pix.',
  refundOnlyPaid: 'Só é possível reembolsar pedidos pagos.',
  alreadyRefunded: 'Este pedido já foi reembolsado.',
  refundInProgress: 'Um reembolso deste pedido já está em andamento. Aguarde alguns instantes e atualize a página.',
  refundNotDone: 'O serviço de pagamentos não respondeu e o reembolso não foi feito. Tente novamente.',
  refundUnconfirmed: 'O serviço de pagamentos não respondeu. O reembolso pode ter sido feito: atualize o pedido em instantes antes de tentar de novo.',
  reason: 'Escolha o motivo do reembolso.',
  description: `Descreva o reembolso (até ${LIMITS.description} caracteres).`,
} as const;

/** A refund lock older than this whose refund never reached the provider may be released. */
export const REFUND_LOCK_STALE_MS = 2 * 60_000;

/** Reads the provider and applies; undefined when the read failed. */
async function readBack(payment: Payment, actor: string, detail: Record<string, unknown>): Promise<{ obs: Observation; applied: ApplyResult } | undefined> {
  try {
    const obs = await readProvider(payment);
    const applied = await applyObservation(payment.id, obs, 'merchant', { actor, detail });
    return { obs, applied };
  } catch (error) {
    logger().warn({ paymentId: payment.id, err: redactSecrets(String(error)) }, 'merchant action: read-back failed');
    return undefined;
  }
}

async function recordEvent(payment: Payment, type: PaymentEventType, actor: string, detail: Record<string, unknown> = {}): Promise<void> {
  await database().db.insert(paymentEvents).values({ paymentId: payment.id, orderId: payment.orderId, type, source: 'merchant', detail: JSON.stringify({ actor, ...detail }) });
}

// ---------- cancel ----------

export async function cancelOrderPayment(orderId: string, actor: string): Promise<ActionResult> {
  const now = new Date().toISOString();
  // 1. Record the request first, so that the provider's "canceled" then reads as canceled (not expired).
  const start = await database().transaction(function* (tx) {
    const o = yield* get(tx.select().from(orders).where(eq(orders.id, orderId)));
    const p = o ? yield* get(tx.select().from(payments).where(currentPaymentOf(o.id))) : undefined;
    if (!o || !p) return { ok: false as const, error: MESSAGES.notFound };
    if (p.createState !== 'created' || !p.providerId) return { ok: false as const, error: p.createState === 'creating' ? MESSAGES.stillCreating : MESSAGES.cancelOnlyPending };
    if (o.status !== 'pending' || p.status !== 'pending') return { ok: false as const, error: MESSAGES.cancelOnlyPending };
    const firstRequest = !p.cancelRequestedAt;
    if (firstRequest) yield* run(tx.update(payments).set({ cancelRequestedAt: now }).where(eq(payments.id, p.id)));
    yield* run(insertEvent(tx, { paymentId: p.id, orderId: o.id, type: 'cancel_requested', source: 'merchant', detail: { actor } }));
    return { ok: true as const, payment: { ...p, cancelRequestedAt: p.cancelRequestedAt ?? now }, firstRequest };
  });
  if (!start.ok) return start;
  const { payment, firstRequest } = start;

  // 2. Ask the provider.
  try {
    if (payment.method === 'pix') await paymentProvider().cancelPix(payment.providerId!);
    else await paymentProvider().cancelBoleto(payment.providerId!);
  } catch (error) {
    await recordEvent(payment, 'cancel_failed', actor, { error: isPaymentProviderError(error) ? error.kind : 'error' });
    const back = await readBack(payment, actor, { action: 'cancel' });
    if (!back) return { ok: false, error: userMessage(error) };
    const { observed } = back.obs;
    if (observed === 'paid' || observed === 'refunded') return { ok: false, error: MESSAGES.notActivePaid };
    if (observed === 'canceled') {
      // Our cancel may have gone through after all (the answer was lost): then it is done.
      const status = back.applied.status;
      return status === 'canceled' ? { ok: true, message: MESSAGES.canceled } : { ok: false, error: MESSAGES.notActiveCanceled };
    }
    if (isPaymentProviderError(error) && (error.kind === 'rejected' || error.kind === 'validation')) {
      // Still pending at the provider and the cancel was refused (not active yet): take the request back.
      if (firstRequest) await database().db.update(payments).set({ cancelRequestedAt: null }).where(and(eq(payments.id, payment.id), eq(payments.status, 'pending')));
      return { ok: false, error: MESSAGES.notYetActive };
    }
    return { ok: false, error: userMessage(error) };
  }

  // 3. Read back and apply.
  const back = await readBack(payment, actor, { action: 'cancel' });
  if (!back) return { ok: true, message: MESSAGES.cancelSentUnconfirmed };
  if (back.obs.observed === 'paid' || back.obs.observed === 'refunded') return { ok: false, error: MESSAGES.notActivePaid };
  return back.applied.status === 'canceled' ? { ok: true, message: MESSAGES.canceled } : { ok: true, message: MESSAGES.cancelSentUnconfirmed };
}

// ---------- refund ----------

function checkRefundInput(input: RefundInput, totalCents: number): string | undefined {
  const amount = input?.amountCents;
  if (!Number.isSafeInteger(amount) || amount < 1 || amount > totalCents) {
    return `Informe um valor de reembolso entre ${formatBRL(1)} e ${formatBRL(totalCents)}.`;
  }
  if (![1, 2, 3, 4].includes(input.reason)) return MESSAGES.reason;
  const description = typeof input.description === 'string' ? input.description.trim() : '';
  if (description.length < 1 || description.length > LIMITS.description) return MESSAGES.description;
  return undefined;
}

type RefundStart =
  | { kind: 'error'; error: string }
  | { kind: 'locked'; payment: Payment; lockedAt: string }
  | { kind: 'started'; payment: Payment; order: Order };

/** Checks the order and takes the payment's one refund slot (dedupe key "refund:<payment>"), atomically. */
async function startRefund(orderId: string, input: RefundInput, actor: string, target: RefundTarget): Promise<RefundStart> {
  return database().transaction(function* (tx): Generator<Step, RefundStart, unknown> {
    const o = yield* get(tx.select().from(orders).where(eq(orders.id, orderId)));
    // The double payment's refund is the Pix attempt the order does not count (lib/payments/attempts-apply.ts).
    const which =
      target === 'current'
        ? currentPaymentOf(orderId)
        : and(eq(payments.orderId, orderId), isNotNull(payments.supersededAt), eq(payments.method, 'pix'), inArray(payments.status, ['paid', 'refunded']));
    const p = o ? yield* get(tx.select().from(payments).where(which)) : undefined;
    if (!o || !p || (target === 'double' && !o.doublePaidAt)) return { kind: 'error', error: MESSAGES.notFound };
    if (p.method !== 'pix') return { kind: 'error', error: MESSAGES.refundPixOnly };
    if ((target === 'current' && o.status === 'refunded') || p.refundedCents > 0) return { kind: 'error', error: MESSAGES.alreadyRefunded };
    if ((target === 'current' && o.status !== 'paid') || p.status !== 'paid' || !p.providerId) return { kind: 'error', error: MESSAGES.refundOnlyPaid };
    const invalid = checkRefundInput(input, target === 'current' ? o.totalCents : p.amountCents);
    if (invalid) return { kind: 'error', error: invalid };
    const taken = yield* run(
      insertEvent(tx, {
        paymentId: p.id,
        orderId: o.id,
        type: 'refund_requested',
        source: 'merchant',
        dedupeKey: dedupe.refund(p.id),
        detail: { actor, amountCents: input.amountCents, reason: input.reason, description: input.description.trim() },
      }),
    );
    if (taken === 0) {
      const lock = yield* get(tx.select({ createdAt: paymentEvents.createdAt }).from(paymentEvents).where(eq(paymentEvents.dedupeKey, dedupe.refund(p.id))));
      return { kind: 'locked', payment: p, lockedAt: lock?.createdAt ?? new Date().toISOString() };
    }
    return { kind: 'started', payment: p, order: o };
  });
}

/** Frees the refund slot of a refund that provably did not happen. */
async function releaseRefundLock(payment: Payment, actor: string, why: string): Promise<void> {
  await database().transaction(function* (tx) {
    yield* run(tx.update(paymentEvents).set({ dedupeKey: null }).where(eq(paymentEvents.dedupeKey, dedupe.refund(payment.id))));
    yield* run(insertEvent(tx, { paymentId: payment.id, orderId: payment.orderId, type: 'refund_failed', source: 'merchant', detail: { actor, why } }));
  });
}

/** A double payment's refund: the bank error of a boleto settled after it was canceled. */
const DOUBLE_PAYMENT_REASON = 1;

/** The order's counted payment, or the Pix attempt paid twice over ("Pago em duplicidade"). */
export type RefundTarget = 'current' | 'double';

export async function refundOrderPayment(orderId: string, input: RefundInput, actor: string, target: RefundTarget = 'current'): Promise<ActionResult> {
  let start = await startRefund(orderId, input, actor, target);
  if (start.kind === 'locked') {
    // Another refund was asked for (a double click, or an earlier attempt whose answer was lost).
    const back = await readBack(start.payment, actor, { action: 'refund' });
    if (back?.obs.observed === 'refunded') return { ok: false, error: MESSAGES.alreadyRefunded };
    const stale = Date.now() - Date.parse(start.lockedAt) > REFUND_LOCK_STALE_MS;
    if (!back || back.obs.observed !== 'paid' || !stale) return { ok: false, error: MESSAGES.refundInProgress };
    await releaseRefundLock(start.payment, actor, 'earlier refund never reached the provider');
    start = await startRefund(orderId, input, actor, target);
    if (start.kind === 'locked') return { ok: false, error: MESSAGES.refundInProgress };
  }
  if (start.kind === 'error') return { ok: false, error: start.error };
  const { payment, order } = start;
  const amountCents = input.amountCents;
  const partial = amountCents < (target === 'current' ? order.totalCents : payment.amountCents);

  try {
    await paymentProvider().refundPix(payment.providerId!, { amountCents, reason: input.reason, description: input.description.trim() });
  } catch (error) {
    const back = await readBack(payment, actor, { action: 'refund' });
    if (back?.obs.observed === 'refunded') {
      return { ok: true, message: `Reembolso de ${formatBRL(amountCents)} registrado.` };
    }
    const definite = isPaymentProviderError(error) && (error.kind === 'validation' || error.kind === 'rejected' || error.kind === 'auth');
    if (definite) {
      await releaseRefundLock(payment, actor, isPaymentProviderError(error) ? `${error.kind}: ${redactSecrets(error.message)}` : 'refused');
      return { ok: false, error: back && back.obs.observed !== 'paid' ? MESSAGES.refundOnlyPaid : userMessage(error) };
    }
    if (back?.obs.observed === 'paid') {
      await releaseRefundLock(payment, actor, 'no answer, and the provider still reports it paid');
      return { ok: false, error: MESSAGES.refundNotDone };
    }
    return { ok: false, error: MESSAGES.refundUnconfirmed };
  }

  // The provider accepted it: record the amount before anything else reads "refunded".
  await database().db.update(payments).set({ refundedCents: amountCents }).where(and(eq(payments.id, payment.id), eq(payments.refundedCents, 0)));
  const back = await readBack(payment, actor, { action: 'refund' });
  const what = partial ? `Reembolso parcial de ${formatBRL(amountCents)}` : `Reembolso de ${formatBRL(amountCents)}`;
  if (back?.applied.status === 'refunded') return { ok: true, message: `${what} concluído.` };
  return { ok: true, message: `${what} solicitado. O status do pedido será atualizado em instantes.` };
}

/**
 * "Reembolsar Pix em duplicidade": the whole Pix attempt of an order paid twice (its boleto was
 * settled after the switch) goes back to the buyer; the order stays paid by the boleto.
 */
export async function refundDoublePayment(orderId: string, actor: string): Promise<ActionResult> {
  const [p] = await database()
    .db.select({ amountCents: payments.amountCents })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), isNotNull(payments.supersededAt), eq(payments.method, 'pix'), inArray(payments.status, ['paid', 'refunded'])));
  if (!p) return { ok: false, error: MESSAGES.notFound };
  return refundOrderPayment(orderId, { amountCents: p.amountCents, reason: DOUBLE_PAYMENT_REASON, description: 'Pagamento em duplicidade' }, actor, 'double');
}
