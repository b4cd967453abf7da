/**
 * An order's later payment attempts: "Pagar com Pix agora" on an unpaid boleto, and "Gerar novo
 * Pix" on an expired Pix. The order keeps its number, items and stock; each attempt is its own
 * payments row (payments.attempt), and only the current one (superseded_at null) moves the order.
 *
 * Written to survive a crash at any point: the intent is ONE transaction (the old attempt
 * superseded with its cancellation requested, the new one in createState 'creating' with its
 * terms stored, the order's method and money), and only then the provider is called: the
 * boleto's DELETE, then the Pix's create with the new attempt's own Idempotency-Key. A process
 * killed between the two leaves rows that say what is left to do, and either the next click
 * (`switchToPix` again resumes) or reconciliation (sync.ts cancels a superseded open attempt;
 * a create in 'creating' is re-sent with the same key) finishes it. A boleto the bank settles
 * after all is recorded and counted (attempts-apply.ts), never lost.
 */
import 'server-only';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { database, type Tx } from '@/db';
import { get, run, type Step } from '@/db/driver';
import { orders, payments, type Order, type Payment, type PaymentMethod } from '@/db/schema';
import { saoPauloDate } from '@balcao/br/dates';
import { shopToday } from '@/lib/embedded-provider/clock';
import { OutOfStock, retakeForNewAttempt } from '@/lib/catalog';
import { linkRefusesAttempt, REFUSAL_MESSAGES as LINK_REFUSAL_MESSAGES } from '@/lib/links/place';
import { reservationCutoffIn } from '@/lib/payment-settings/reservation';
import { retakeCouponUse } from './coupon-uses';
import { MIN_ORDER_CENTS, orderMoney, PIX_MINIMUM_MESSAGE, chargeCents } from '@/lib/orders/pricing';
import { newId } from '@/lib/security';
import { logger, redactSecrets } from '@/lib/server/log';
import { getSettings } from '@/lib/payment-settings/settings';
import { getShopIdentity } from '@/lib/shop';
import { pixAttemptTerms } from './attempt-terms';
import { chargeTerms } from './charge-request';
import { openAttempt, submitCreate } from './create-charge';
import { insertEvent } from './events';
import { syncPayment } from './sync';

export type AttemptResult = { ok: true } | { ok: false; error: string };

export const ATTEMPT_MESSAGES = {
  notFound: 'Pedido não encontrado.',
  notSwitchable: 'Este pedido não tem um boleto em aberto para trocar por Pix.',
  stillCreating: 'O boleto ainda está sendo gerado. Tente de novo em instantes.',
  notRenewable: 'Só um pedido com Pix expirado pode gerar um novo Pix.',
  soldOut: (name: string) => `${name} está esgotado: não dá para gerar um novo Pix para este pedido.`,
  failed: 'Não foi possível gerar o Pix agora. Tente de novo em instantes.',
} as const;

class Refused extends Error {
  constructor(readonly userMessage: string) {
    super(userMessage);
  }
}

async function orderByToken(token: string): Promise<Order | undefined> {
  const [order] = await database().db.select().from(orders).where(eq(orders.token, token));
  return order;
}

async function currentAttempt(orderId: string): Promise<Payment | undefined> {
  const [p] = await database().db.select().from(payments).where(and(eq(payments.orderId, orderId), isNull(payments.supersededAt)));
  return p;
}

/** The order's replaced attempts whose cancellation was asked and that are still open here. */
async function openSuperseded(orderId: string): Promise<Payment[]> {
  return database()
    .db.select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), isNotNull(payments.supersededAt), isNotNull(payments.cancelRequestedAt), eq(payments.status, 'pending')));
}

/**
 * What is left of a switch: cancel the replaced attempts still open (and read them back: a
 * boleto paid meanwhile pays the order), then create the current attempt's charge.
 */
async function finish(orderId: string): Promise<AttemptResult> {
  for (const old of await openSuperseded(orderId)) {
    // syncPayment sends the DELETE of a superseded open attempt, then reads it back.
    const r = await syncPayment(old, 'checkout');
    // On failure reconciliation cancels it later; the Pix can be created meanwhile: a late
    // settlement of this boleto is recorded and flagged, never lost.
    if (r.error) logger().warn({ paymentId: old.id, err: redactSecrets(String(r.error)) }, 'switch: cancel of the replaced attempt failed; left to reconciliation');
  }
  const current = await currentAttempt(orderId);
  if (!current) return { ok: false, error: ATTEMPT_MESSAGES.notFound };
  if (current.createState !== 'creating') return { ok: true };
  const outcome = await submitCreate(current.id, { source: 'checkout', onRefused: 'fail' });
  return outcome.kind === 'created' ? { ok: true } : { ok: false, error: ATTEMPT_MESSAGES.failed };
}

/**
 * Inside the attempt's transaction: the order's payment link (if any) still takes a payment —
 * checked again here, where no other order can take its last place meanwhile.
 */
function* refuseIfLinkClosed(tx: Tx, linkId: string | null, orderId: string): Generator<Step, void, unknown> {
  if (!linkId) return;
  const refusal = yield* linkRefusesAttempt(tx, linkId, orderId, saoPauloDate(), yield* reservationCutoffIn(tx));
  if (refusal) throw new Refused(LINK_REFUSAL_MESSAGES[refusal]);
}

/**
 * Inside the attempt's transaction: the order and its current attempt read again, still as the
 * click found them (the order's method, both in `status`), or the click is refused with `refusal`.
 */
function* orderAndCurrentAttempt(
  tx: Tx,
  orderId: string,
  expected: { method: PaymentMethod; status: 'pending' | 'expired' },
  refusal: string,
): Generator<Step, { o: Order; old: Payment }, unknown> {
  const o = yield* get(tx.select().from(orders).where(eq(orders.id, orderId)));
  if (!o || o.status !== expected.status || o.method !== expected.method) throw new Refused(refusal);
  const old = yield* get(tx.select().from(payments).where(and(eq(payments.orderId, o.id), isNull(payments.supersededAt))));
  if (!old || old.status !== expected.status) throw new Refused(refusal);
  return { o, old };
}

/** Runs the attempt's transaction; a refusal inside it (a closed link, units sold out) is the click's error. */
async function attemptTransaction(body: (tx: Tx) => Generator<Step, void, unknown>): Promise<AttemptResult> {
  try {
    await database().transaction(body);
    return { ok: true };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, error: error.userMessage };
    if (error instanceof OutOfStock) return { ok: false, error: ATTEMPT_MESSAGES.soldOut(error.productName) };
    throw error;
  }
}

/** "Pagar com Pix agora": an unpaid boleto order becomes a Pix on the same order. */
export async function switchToPix(orderToken: string): Promise<AttemptResult> {
  const order = await orderByToken(orderToken);
  if (!order) return { ok: false, error: ATTEMPT_MESSAGES.notFound };
  // A second click (or one after a crash) resumes what the first one started.
  if (order.method === 'pix' && order.status === 'pending' && (await currentAttempt(order.id))?.attempt !== 1) return finish(order.id);
  if (order.method !== 'boleto' || order.status !== 'pending') return { ok: false, error: ATTEMPT_MESSAGES.notSwitchable };

  const settings = await getSettings();
  const shop = (await getShopIdentity()).name;
  // The order's terms: an API session's methods and final price, a link's methods, state and places.
  const allowed = await pixAttemptTerms(order, 'switch', settings.pixDiscountBps);
  if (!allowed.ok) return { ok: false, error: allowed.error };
  const { pixDiscountBps, linkId } = allowed;
  // The promotions' and the coupon's discounts stay as they were on the order; the Pix discount applies to what is left.
  const money = orderMoney(order.itemsCents, 'pix', pixDiscountBps, order.couponDiscountCents, order.promotionDiscountCents);
  const totalCents = chargeCents({
    itemsCents: money.itemsCents,
    promotionDiscountCents: money.promotionDiscountCents,
    couponDiscountCents: money.couponDiscountCents,
    pixDiscountCents: money.pixDiscountCents,
    shippingCents: order.shippingCents,
  });
  if (totalCents < MIN_ORDER_CENTS) return { ok: false, error: PIX_MINIMUM_MESSAGE };
  const terms = chargeTerms('pix', settings, shopToday(), order.number ?? 0, shop);
  const now = new Date().toISOString();

  const done = await attemptTransaction(function* (tx) {
    const { o, old } = yield* orderAndCurrentAttempt(tx, order.id, { method: 'boleto', status: 'pending' }, ATTEMPT_MESSAGES.notSwitchable);
    if (old.createState !== 'created') throw new Refused(old.createState === 'creating' ? ATTEMPT_MESSAGES.stillCreating : ATTEMPT_MESSAGES.notSwitchable);
    yield* refuseIfLinkClosed(tx, linkId, o.id);
    // The intent, first: the boleto is replaced and its cancellation asked for…
    yield* run(
      tx
        .update(payments)
        .set({ supersededAt: now, cancelRequestedAt: old.cancelRequestedAt ?? now, version: old.version + 1, updatedAt: now })
        .where(and(eq(payments.id, old.id), eq(payments.version, old.version))),
    );
    yield* run(insertEvent(tx, { paymentId: old.id, orderId: o.id, type: 'switched_to_pix', source: 'checkout', dedupeKey: `switch:${old.id}` }));
    // …and the Pix attempt is written with the terms its create (or a retry of it) sends.
    const paymentId = newId();
    yield* openAttempt(tx, { paymentId, orderId: o.id, attempt: old.attempt + 1, method: 'pix', amountCents: totalCents, terms });
    yield* run(
      tx
        .update(orders)
        .set({ method: 'pix', totalCents, pixDiscountCents: money.pixDiscountCents, pixDiscountBps: money.pixDiscountBps, updatedAt: now })
        .where(eq(orders.id, o.id)),
    );
  });
  if (!done.ok) return done;
  logger().info({ orderId: order.id, totalCents }, 'order switched from boleto to Pix');
  return finish(order.id);
}

/** "Gerar novo Pix": an expired Pix order gets a new Pix, taking its units again. */
export async function newPixAttempt(orderToken: string): Promise<AttemptResult> {
  const order = await orderByToken(orderToken);
  if (!order) return { ok: false, error: ATTEMPT_MESSAGES.notFound };
  if (order.method === 'pix' && order.status === 'pending' && (await currentAttempt(order.id))?.attempt !== 1) return finish(order.id);
  if (order.method !== 'pix' || order.status !== 'expired') return { ok: false, error: ATTEMPT_MESSAGES.notRenewable };

  const settings = await getSettings();
  const allowed = await pixAttemptTerms(order, 'renew', settings.pixDiscountBps);
  if (!allowed.ok) return { ok: false, error: allowed.error };
  const shop = (await getShopIdentity()).name;
  const terms = chargeTerms('pix', settings, shopToday(), order.number ?? 0, shop);
  const now = new Date().toISOString();
  const done = await attemptTransaction(function* (tx) {
    const { o, old } = yield* orderAndCurrentAttempt(tx, order.id, { method: 'pix', status: 'expired' }, ATTEMPT_MESSAGES.notRenewable);
    const round = old.attempt + 1;
    yield* refuseIfLinkClosed(tx, allowed.linkId, o.id);
    // The units went back when the Pix expired: take them again, or refuse (rolls back).
    yield* retakeForNewAttempt(tx, o.id, round);
    yield* retakeCouponUse(tx, o.id);
    yield* run(tx.update(payments).set({ supersededAt: now, version: old.version + 1, updatedAt: now }).where(and(eq(payments.id, old.id), eq(payments.version, old.version))));
    const paymentId = newId();
    yield* openAttempt(tx, { paymentId, orderId: o.id, attempt: round, method: 'pix', amountCents: o.totalCents, terms });
    yield* run(insertEvent(tx, { paymentId, orderId: o.id, type: 'new_attempt', source: 'checkout', fromStatus: 'expired', toStatus: 'pending', detail: { replaced: old.id } }));
    yield* run(tx.update(orders).set({ status: 'pending', updatedAt: now }).where(and(eq(orders.id, o.id), eq(orders.status, 'expired'))));
  });
  if (!done.ok) return done;
  logger().info({ orderId: order.id }, 'new Pix attempt for an expired order');
  return finish(order.id);
}
