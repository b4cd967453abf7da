/**
 * Sends (or re-sends) the create request of a payment still in createState 'creating', and
 * records the outcome. The request is rebuilt from the terms stored with the order and sent
 * with the payment's own Idempotency-Key, so a retry after a lost response finds the same
 * charge at a provider that honours the key (docs/payment-api-contract.md).
 *
 * - created: provider id and artifacts stored, a 'created' event;
 * - refused (validation, or a definite refusal): no charge exists, so the order is deleted
 *   (checkout: the buyer corrects the form) or marked failed and expired (background retry);
 * - in doubt (timeout, 5xx, 429, unreadable answer): kept in 'creating'; the charge may
 *   exist, so only a retry with the same key and body may follow.
 */
import 'server-only';
import { and, eq, inArray, not, sql } from 'drizzle-orm';
import { database, type Tx } from '@/db';
import { get, reads, run, write } from '@/db/driver';
import { orderItems, orders, paymentEvents, payments, type Order, type Payment, type PaymentMethod } from '@/db/schema';
import { env } from '@/lib/config/env';
import { isPaymentProviderError, type PaymentProviderError } from '@/lib/payment-provider/client';
import { kickOutbox } from '@/lib/email';
import { logger, redactSecrets } from '@/lib/server/log';
import { paymentProvider } from './provider';
import { dedupe, hasEvent, insertEvent, insertEventWhere, type EventSource } from './events';
import { boletoRequest, notificationUrlFor, parseTerms, payableUntilOf, pixRequest, type ChargeTerms } from './charge-request';
import { newId, randomToken, tokenHash } from '@/lib/security';
import { giveBack } from '@/lib/catalog';
import { chargeCreatedEffects, stateEffects } from './state-effects';

/**
 * A payment attempt about to be created at the provider, in the caller's transaction: its row in
 * createState 'creating' with its own Idempotency-Key and webhook token, and the terms its create
 * (or a retry of it) sends, kept so that a retry rebuilds exactly the same request. Placing an
 * order, "Pagar com Pix agora" and "Gerar novo Pix" all open their attempt here. Both rows are
 * held writes (nothing reads their answer): on libSQL they travel with the transaction's next step.
 */
export function* openAttempt(tx: Tx, a: { paymentId: string; orderId: string; attempt?: number; method: PaymentMethod; amountCents: number; terms: ChargeTerms }) {
  yield* write(
    tx.insert(payments).values({
      id: a.paymentId,
      orderId: a.orderId,
      ...(a.attempt === undefined ? {} : { attempt: a.attempt }),
      method: a.method,
      createState: 'creating',
      idempotencyKey: newId(),
      webhookToken: randomToken(),
      status: 'pending',
      amountCents: a.amountCents,
      dueDate: a.terms.dueDate,
      payableUntil: payableUntilOf(a.terms),
    }),
  );
  yield* write(insertEvent(tx, { paymentId: a.paymentId, orderId: a.orderId, type: 'create_requested', source: 'checkout', dedupeKey: dedupe.createRequested(a.paymentId), detail: a.terms }));
}

export type CreateOutcome =
  | { kind: 'created'; orderToken: string }
  /** The provider refused the request: no charge exists. */
  | { kind: 'refused'; error: PaymentProviderError; deleted: boolean }
  /** No definite answer: the charge may exist; retry later with the same key and body. */
  | { kind: 'in_doubt'; error: unknown }
  | { kind: 'failed' }
  | { kind: 'missing' };

/** A refusal that proves no charge was created. A 401 during checkout is one too (nothing was accepted). */
function isDefiniteRefusal(error: unknown, firstAttempt: boolean): error is PaymentProviderError {
  if (!isPaymentProviderError(error)) return false;
  if (error.kind === 'validation' || error.kind === 'rejected') return true;
  return firstAttempt && error.kind === 'auth';
}

function errorText(error: unknown): string {
  const text = isPaymentProviderError(error) ? `${error.kind}: ${error.message}` : error instanceof Error ? error.message : String(error);
  return redactSecrets(text).slice(0, 500);
}

/** What a create is sent from: the payment, its order and the terms stored with it. */
export type CreateInputs = { payment: Payment; order: Order; terms?: ChargeTerms };

/**
 * The three reads a create is sent from, found by the payment's id: one round trip on Turso.
 * `db` is the database or a transaction (placing an order reads them back
 * in its own transaction, with its held writes: `createInputsOf`).
 */
export function createInputsQueries(db: Tx, paymentId: string) {
  return [
    db.select().from(payments).where(eq(payments.id, paymentId)),
    db
      .select()
      .from(orders)
      .where(inArray(orders.id, db.select({ id: payments.orderId }).from(payments).where(eq(payments.id, paymentId)))),
    db.select({ detail: paymentEvents.detail }).from(paymentEvents).where(eq(paymentEvents.dedupeKey, dedupe.createRequested(paymentId))),
  ] as const;
}

export function createInputsOf([[payment], [order], [requested]]: readonly [Payment[], Order[], { detail: string | null }[]]): CreateInputs | undefined {
  if (!payment || !order) return undefined;
  return { payment, order, terms: parseTerms(requested?.detail) };
}

async function load(paymentId: string): Promise<CreateInputs | undefined> {
  return createInputsOf(await database().batch(createInputsQueries(database().db, paymentId)));
}

export type SubmitOptions = {
  source: EventSource;
  /** checkout: delete the order so the buyer can correct the form; background: mark it failed. */
  onRefused: 'delete' | 'fail';
  /** True for the very first send from placeOrder. */
  firstAttempt?: boolean;
};

/** Sends the create of this payment's attempt, as stored. */
export async function submitCreate(paymentId: string, opts: SubmitOptions): Promise<CreateOutcome> {
  const loaded = await load(paymentId);
  return loaded ? sendCreate(loaded, opts) : { kind: 'missing' };
}

/**
 * The same from what the caller read back in the transaction that opened the attempt (committed
 * since): placing an order reads it with its held writes, not again here.
 */
export async function sendCreate(loaded: CreateInputs, opts: SubmitOptions): Promise<CreateOutcome> {
  const { payment, order, terms } = loaded;
  const paymentId = payment.id;
  if (payment.createState === 'created') return { kind: 'created', orderToken: order.token };
  if (payment.createState === 'failed') return { kind: 'failed' };
  if (payment.supersededAt) {
    // Replaced before its charge existed (another attempt of the order was paid): never create it.
    await markCreateFailed(paymentId, 'replaced by another attempt of the order before it was created', opts.source);
    return { kind: 'failed' };
  }
  if (!terms || terms.method !== payment.method) {
    await markCreateFailed(paymentId, 'create terms missing: cannot rebuild the request', opts.source);
    return { kind: 'failed' };
  }

  const cfg = env();
  const notificationUrl = notificationUrlFor(payment.webhookToken, cfg);
  const log = logger().child({ paymentId, orderId: order.id, method: payment.method, webhook: tokenHash(payment.webhookToken) });
  if (!notificationUrl) log.warn('APP_URL is not HTTPS: the provider gets no notification_url; the payment is followed by reconciliation');

  let created: { id: string; status?: string; pixCode?: string; pixImage?: string };
  try {
    const key = { idempotencyKey: payment.idempotencyKey };
    created = terms.method === 'pix' ? await paymentProvider().createPix(pixRequest(order, terms, notificationUrl), key) : await paymentProvider().createBoleto(boletoRequest(order, terms, notificationUrl), key);
  } catch (error) {
    if (isDefiniteRefusal(error, !!opts.firstAttempt)) {
      log.warn({ err: errorText(error), field: error.field }, 'payment create refused by the provider');
      if (opts.onRefused === 'delete') return { kind: 'refused', error, deleted: await deleteUncreatedOrder(paymentId) };
      await markCreateFailed(paymentId, errorText(error), opts.source);
      return { kind: 'refused', error, deleted: false };
    }
    log.warn({ err: errorText(error) }, 'payment create in doubt: kept for a retry with the same Idempotency-Key');
    await database().db.update(payments).set({ createError: errorText(error) }).where(and(eq(payments.id, paymentId), eq(payments.createState, 'creating')));
    return { kind: 'in_doubt', error };
  }

  const stored = await storeCreated(payment, order, created, opts.source);
  if (stored) kickOutbox();
  if (stored) log.info({ providerId: created.id }, 'payment created');
  return stored ? { kind: 'created', orderToken: order.token } : { kind: 'failed' };
}

/**
 * Stores the provider's answer: the payment 'creating' → 'created', its 'created' event and the
 * instructions e-mail, atomically and in ONE round trip on libSQL (db/driver.ts
 * `atomicBatch`). Nothing is read first, so every guard is in the SQL:
 * - the update changes the row only while it is still 'creating' (a concurrent retry, a
 *   give-up or a refusal's delete may have come first);
 * - the e-mail is written only when the row now holds THIS charge and its 'created' event does
 *   not exist yet: that event is written only here, in the same batch as the update that made
 *   the row 'created', so it exists exactly when some store already ran — the e-mail goes once,
 *   even after its outbox row was sent and cleared;
 * - the event is written only when the row holds this charge (its dedupe key keeps it single);
 * - the row as it ends tells the result: stored (by us or by a retry with the same charge), or
 *   a charge for a payment no longer waiting for it.
 * Exported for its tests (create-charge.test.ts); callers go through `submitCreate`.
 */
export async function storeCreated(
  payment: Payment,
  order: Order,
  created: { id: string; status?: string; pixCode?: string; pixImage?: string },
  source: EventSource,
): Promise<boolean> {
  const now = new Date().toISOString();
  const holdsThisCharge = and(eq(payments.createState, 'created'), eq(payments.providerId, created.id));
  const createdKey = dedupe.created(payment.id);
  const after = await database().atomicBatch(function* (tx) {
    yield* write(
      tx
        .update(payments)
        .set({
          providerId: created.id,
          providerStatus: created.status ?? null,
          pixCode: created.pixCode ?? null,
          pixImage: created.pixImage ?? null,
          createState: 'created',
          createError: null,
          updatedAt: now,
          version: payment.version + 1,
        })
        .where(and(eq(payments.id, payment.id), eq(payments.createState, 'creating'))),
    );
    // Before the event: its absence is what says this batch's update is the one that stored it.
    yield* chargeCreatedEffects(tx, {
      orderId: order.id,
      method: payment.method,
      hasBoletoLine: false,
      when: and(sql`exists (select 1 from ${payments} where ${payments.id} = ${payment.id} and ${holdsThisCharge})`, not(hasEvent(createdKey))),
    });
    yield* write(insertEventWhere(tx, { paymentId: payment.id, orderId: order.id, type: 'created', source, dedupeKey: createdKey, detail: { providerId: created.id } }, holdsThisCharge!));
    const [rows] = yield* reads([tx.select({ createState: payments.createState, providerId: payments.providerId }).from(payments).where(eq(payments.id, payment.id))]);
    return rows[0];
  });
  if (after?.createState === 'created' && after.providerId === created.id) return true;
  logger().error({ paymentId: payment.id, providerId: created.id, stored: after }, 'a charge was created for a payment no longer waiting for it (orphan at the provider)');
  return false;
}

/** Deletes an order whose charge was never created (the provider refused it). */
export async function deleteUncreatedOrder(paymentId: string): Promise<boolean> {
  return database().transaction(function* (tx) {
    const p = yield* get(tx.select().from(payments).where(eq(payments.id, paymentId)));
    if (!p || p.createState !== 'creating') return false;
    // No charge exists: the units the order took go back before it disappears.
    yield* giveBack(tx, p.orderId, 'refused');
    yield* run(tx.delete(paymentEvents).where(eq(paymentEvents.paymentId, paymentId)));
    yield* run(tx.delete(payments).where(eq(payments.id, paymentId)));
    yield* run(tx.delete(orderItems).where(eq(orderItems.orderId, p.orderId)));
    yield* run(tx.delete(orders).where(eq(orders.id, p.orderId)));
    return true;
  });
}

/** Gives up on a create: payment failed, order expired (pending → expired is a normal move). */
export async function markCreateFailed(paymentId: string, reason: string, source: EventSource): Promise<boolean> {
  const now = new Date().toISOString();
  return database().transaction(function* (tx) {
    const p = yield* get(tx.select().from(payments).where(eq(payments.id, paymentId)));
    if (!p || p.createState !== 'creating') return false;
    yield* run(
      tx
        .update(payments)
        .set({ createState: 'failed', createError: reason.slice(0, 500), status: 'expired', version: p.version + 1, updatedAt: now })
        .where(and(eq(payments.id, paymentId), eq(payments.version, p.version))),
    );
    // A replaced attempt (its order was paid by another) leaves the order as it is.
    if (p.supersededAt) return true;
    yield* run(tx.update(orders).set({ status: 'expired', updatedAt: now }).where(and(eq(orders.id, p.orderId), eq(orders.status, 'pending'))));
    yield* run(insertEvent(tx, { paymentId, orderId: p.orderId, type: 'create_failed', source, detail: { reason: reason.slice(0, 500) } }));
    const entered = yield* run(
      insertEvent(tx, { paymentId, orderId: p.orderId, type: 'status_changed', source, fromStatus: p.status, toStatus: 'expired', dedupeKey: dedupe.status(paymentId, 'expired'), detail: { reason: 'create failed' } }),
    );
    if (entered > 0) yield* stateEffects(tx, { orderId: p.orderId, method: p.method, steps: ['expired'], statusAfter: 'expired', registered: false, from: p.status });
    return true;
  });
}
