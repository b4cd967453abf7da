/**
 * The cycle job: one time-boxed, resumable pass, in three steps, each safe with any number of
 * processes and the cron running it at once.
 *
 * 1. settle — a cycle's order that was paid makes the cycle "paid" (and a pending subscription
 *    "Ativa"); one that expired or was canceled makes it "unpaid", and "Tentativas" unpaid in a
 *    row make the subscription "Suspensa". Compare-and-set on the cycle's status: once each.
 * 2. claim — for each subscription whose next cycle's creation day has come (the shop's clock),
 *    ONE transaction writes the cycle's row (unique per subscription and cycle) and moves the
 *    subscription's `next_cycle` on, compare-and-set on its old value: whoever commits first
 *    claims it, the others change nothing. A paused subscription's cycle is written "paused"
 *    (no order); a canceled or suspended one is never claimed.
 * 3. place — each claimed cycle ("creating") is placed under a lease (a crashed process's lease
 *    runs out and another resumes it) through lib/checkout's placeCycleOrder, whose checkout key
 *    is derived from the cycle: the order exists once, and a charge created but never stored is
 *    found again with the same Idempotency-Key. Then the cycle stores its order.
 *
 * Time: cycle dates and creation days follow the shop's clock (the sandbox's under the embedded
 * sandbox); leases follow real time (they are about processes, not the calendar).
 */
import 'server-only';
import { and, asc, eq, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { database, type Tx } from '@/db';
import { get, run, type Step } from '@/db/driver';
import { orders, outboundEvents, subscriptionCycles, subscriptions, type SubscriptionCycleRow, type SubscriptionRow } from '@/db/schema';
import { saoPauloDate } from '@balcao/br/dates';
import { placeCycleOrder } from '@/lib/checkout';
import { shopNow } from '@/lib/embedded-provider/clock';
import { newEventId } from '@/lib/outbound-events/record';
import { intervalLoop } from '@/lib/server/interval-loop';
import { logger } from '@/lib/server/log';
import { cycleCheckoutKey } from './keys';
import { logChange } from './log';
import { queueNotice } from './notices';
import { afterUnpaid, createOn, cycleDate, cycleIsPaused, unitPriceForCycle, type LeadDays } from './schedule';
import { subscriptionSettingsStep } from './settings';

/** How long a process may take to place one cycle before another may resume it. */
const LEASE_MS = 60_000;
const BATCH = 200;
/** Claims per transaction: short enough for another writer's wait (busy timeout) to stay small. */
const CLAIM_BATCH = 100;
/** Cycles placed at once by one pass. */
const PLACE_CONCURRENCY = 4;

export type CyclePassOptions = {
  /** Stop starting new work after this many ms (0: no limit). */
  deadlineMs?: number;
  /** The shop's clock, in ms (tests and the bench pass their own). */
  now?: number;
  /** A test's crash point: runs after the cycle's order and charge exist, before the cycle stores them. */
  afterPlaced?: (cycle: SubscriptionCycleRow) => void | Promise<void>;
};

export type CyclePassResult = { settled: number; claimed: number; placed: number; left: number };

export async function runCyclePass(o: CyclePassOptions = {}): Promise<CyclePassResult> {
  const started = Date.now();
  const timeLeft = () => !o.deadlineMs || Date.now() - started < o.deadlineMs;
  const today = saoPauloDate(new Date(o.now ?? shopNow()));
  const result: CyclePassResult = { settled: 0, claimed: 0, placed: 0, left: 0 };
  result.settled = await settleCycles(timeLeft);
  while (timeLeft()) {
    const due = await dueSubscriptions(today, CLAIM_BATCH);
    if (due.length === 0) break;
    const progress = await claimCycles(due, today);
    result.claimed += progress;
    if (progress === 0) break;
  }
  while (timeLeft()) {
    const open = await cyclesToPlace(BATCH);
    if (open.length === 0) break;
    // A few at once: each waits on the provider's answer (over the network with a real provider).
    let progress = 0;
    let next = 0;
    const worker = async () => {
      while (next < open.length && timeLeft()) {
        const c = open[next++];
        if (await placeCycle(c, today, o.afterPlaced)) progress++;
      }
    };
    await Promise.all(Array.from({ length: PLACE_CONCURRENCY }, worker));
    result.placed += progress;
    if (progress === 0) break;
  }
  result.left = await cycleWorkLeft(today);
  return result;
}

/** Subscriptions due (the cron reports them) plus cycles waiting for their order. */
export async function cycleWorkLeft(today = saoPauloDate(new Date(shopNow()))): Promise<number> {
  const { db } = database();
  const [due] = await db.select({ n: sql<number>`count(*)` }).from(subscriptions).where(dueWhere(today));
  const [creating] = await db.select({ n: sql<number>`count(*)` }).from(subscriptionCycles).where(eq(subscriptionCycles.status, 'creating'));
  return Number(due?.n ?? 0) + Number(creating?.n ?? 0);
}

const dueWhere = (today: string) => and(inArray(subscriptions.status, ['active', 'paused']), lte(subscriptions.nextCreateOn, today));

async function dueSubscriptions(today: string, limit: number): Promise<string[]> {
  const rows = await database().db.select({ id: subscriptions.id }).from(subscriptions).where(dueWhere(today)).orderBy(asc(subscriptions.nextCreateOn)).limit(limit);
  return rows.map((r) => r.id);
}

/** Step 2 for a batch of subscriptions, in one transaction (one commit for many claims): how many this call claimed. */
export async function claimCycles(subscriptionIds: readonly string[], today: string): Promise<number> {
  return database().transaction(function* (tx) {
    let claimed = 0;
    const { leadDays } = yield* subscriptionSettingsStep(tx);
    for (const id of subscriptionIds) if (yield* claimStep(tx, id, today, leadDays)) claimed++;
    return claimed;
  });
}

function* claimStep(tx: Tx, subscriptionId: string, today: string, leadDays: LeadDays): Generator<Step, boolean, unknown> {
  const s = yield* get(tx.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)));
  if (!s || (s.status !== 'active' && s.status !== 'paused') || s.nextCreateOn > today) return false;
  const n = s.nextCycle;
  const date = cycleDate(s.startDate, s.anchorDay, s.intervalMonths, n);
  const paused = cycleIsPaused(s, n);
  // A cycle whose date went by with no pass at all (the shop was down) is not charged late.
  const status = paused ? 'paused' : date < today ? 'skipped' : 'creating';
  const unit = unitPriceForCycle(s, n);
  const moved = yield* run(
    tx
      .update(subscriptions)
      .set({
        nextCycle: n + 1,
        nextCreateOn: createOn(cycleDate(s.startDate, s.anchorDay, s.intervalMonths, n + 1), s.method, leadDays),
        // The pause ends with its last cycle: the next one is charged again.
        status: s.status === 'paused' && !cycleIsPaused(s, n + 1) ? 'active' : s.status,
        // A new price in force from this cycle becomes the price.
        ...(s.newPriceFromCycle !== null && n >= s.newPriceFromCycle ? { unitPriceCents: unit, newUnitPriceCents: null, newPriceFromCycle: null } : {}),
        updatedAt: new Date().toISOString(),
      })
      .where(and(eq(subscriptions.id, s.id), eq(subscriptions.nextCycle, n))),
  );
  if (moved !== 1) return false;
  yield* run(
    tx
      .insert(subscriptionCycles)
      .values({ subscriptionId: s.id, cycle: n, cycleDate: date, status, checkoutKey: cycleCheckoutKey(s.id, n), amountCents: unit * s.quantity, note: status === 'skipped' ? 'Data passou sem cobrança' : null })
      .onConflictDoNothing(),
  );
  if (status === 'paused') yield* logChange(tx, s.id, 'system', 'cycle_paused', String(n));
  if (s.status === 'paused' && !cycleIsPaused(s, n + 1)) yield* logChange(tx, s.id, 'system', 'resumed', 'Fim da pausa');
  return true;
}

async function cyclesToPlace(limit: number): Promise<SubscriptionCycleRow[]> {
  const nowIso = new Date().toISOString();
  return database()
    .db.select()
    .from(subscriptionCycles)
    .where(and(eq(subscriptionCycles.status, 'creating'), or(isNull(subscriptionCycles.leaseUntil), lt(subscriptionCycles.leaseUntil, nowIso))))
    .orderBy(asc(subscriptionCycles.id))
    .limit(limit);
}

/** Step 3 for one cycle: true when it moved (placed, sold out or closed). */
export async function placeCycle(c: SubscriptionCycleRow, today: string, afterPlaced?: CyclePassOptions['afterPlaced']): Promise<boolean> {
  const { db } = database();
  const nowIso = new Date().toISOString();
  const leased = await db
    .update(subscriptionCycles)
    .set({ leaseUntil: new Date(Date.now() + LEASE_MS).toISOString() })
    .where(and(eq(subscriptionCycles.id, c.id), eq(subscriptionCycles.status, 'creating'), or(isNull(subscriptionCycles.leaseUntil), lt(subscriptionCycles.leaseUntil, nowIso))))
    .returning({ id: subscriptionCycles.id });
  if (leased.length === 0) return false;
  const [s] = await db.select().from(subscriptions).where(eq(subscriptions.id, c.subscriptionId));
  // Canceled (or suspended) after the claim, before the order: no order, no charge.
  if (!s || (s.status !== 'active' && s.status !== 'paused' && s.status !== 'pending')) {
    await db.update(subscriptionCycles).set({ status: 'skipped', note: 'Assinatura encerrada', leaseUntil: null }).where(and(eq(subscriptionCycles.id, c.id), eq(subscriptionCycles.status, 'creating')));
    return true;
  }
  const placed = await placeCycleOrder(cycleOrderOf(s, c, today));
  if (!placed.ok) {
    if (placed.reason === 'in_doubt') {
      logger().warn({ cycle: c.id, error: placed.error }, 'subscription cycle: no answer, the next pass retries with the same key');
      return false;
    }
    await database().transaction(function* (tx) {
      const changed = yield* run(
        tx
          .update(subscriptionCycles)
          .set({ status: placed.reason === 'sold_out' ? 'sold_out' : 'skipped', note: placed.error, leaseUntil: null, settledAt: new Date().toISOString() })
          .where(and(eq(subscriptionCycles.id, c.id), eq(subscriptionCycles.status, 'creating'))),
      );
      if (changed !== 1) return;
      yield* logChange(tx, s.id, 'system', placed.reason === 'sold_out' ? 'cycle_sold_out' : 'cycle_refused', placed.error);
      if (placed.reason === 'sold_out') {
        yield* queueNotice(tx, s, 'sold_out', c.cycle);
        yield* queueNotice(tx, s, 'sold_out_merchant', c.cycle);
      }
    });
    return true;
  }
  await afterPlaced?.(c);
  await database().transaction(function* (tx) {
    const stored = yield* run(
      tx
        .update(subscriptionCycles)
        .set({ status: 'open', orderId: placed.orderId, amountCents: placed.totalCents, leaseUntil: null })
        .where(and(eq(subscriptionCycles.id, c.id), eq(subscriptionCycles.status, 'creating'))),
    );
    if (stored !== 1) return;
    if (c.cycle === 0) yield* run(tx.update(subscriptions).set({ firstOrderId: placed.orderId }).where(eq(subscriptions.id, s.id)));
    yield* logChange(tx, s.id, 'system', 'cycle_created', String(c.cycle));
  });
  return true;
}

function cycleOrderOf(s: SubscriptionRow, c: SubscriptionCycleRow, today: string) {
  const address =
    s.zip && s.street && s.number && s.neighborhood && s.city && s.state
      ? { zip: s.zip, street: s.street, number: s.number, complement: s.complement ?? '', neighborhood: s.neighborhood, city: s.city, state: s.state }
      : null;
  return {
    checkoutKey: c.checkoutKey,
    method: s.method,
    productId: s.productId,
    variantId: s.variantId,
    quantity: s.quantity,
    unitPriceCents: (c.amountCents ?? s.unitPriceCents * s.quantity) / s.quantity,
    // The consent given at /assinar goes with every cycle: its charge is sent by WhatsApp too.
    buyer: { name: s.buyerName, document: s.buyerDocument, email: s.buyerEmail, ...(s.buyerPhone ? { phone: s.buyerPhone, whatsappConsent: s.whatsappConsent } : {}) },
    shipping: s.shippingMethod,
    freightId: s.freightServiceId,
    address,
    // Claimed on its creation day ("Dias de antecedência" before the cycle's date), the charge
    // counts its due date from today: on the cycle's date with the shop's default terms.
    today,
  };
}

/** Step 1: the cycles whose order's payment state settled them. */
async function settleCycles(timeLeft: () => boolean): Promise<number> {
  let settled = 0;
  while (timeLeft()) {
    const rows = await database()
      .db.select({ id: subscriptionCycles.id, orderStatus: orders.status })
      .from(subscriptionCycles)
      .innerJoin(orders, eq(orders.id, subscriptionCycles.orderId))
      .where(
        or(
          and(eq(subscriptionCycles.status, 'open'), ne(orders.status, 'pending')),
          // A late payment (the provider's "paid" wins) of a cycle already counted unpaid.
          and(eq(subscriptionCycles.status, 'unpaid'), inArray(orders.status, ['paid', 'refunded'])),
        ),
      )
      .limit(BATCH);
    if (rows.length === 0) break;
    let moved = 0;
    for (const r of rows) if (await settleCycle(r.id, r.orderStatus === 'paid' || r.orderStatus === 'refunded')) moved++;
    settled += moved;
    if (rows.length < BATCH || moved === 0) break;
  }
  return settled;
}

export async function settleCycle(cycleId: number, paid: boolean): Promise<boolean> {
  return database().transaction(function* (tx) {
    const c = yield* get(tx.select().from(subscriptionCycles).where(eq(subscriptionCycles.id, cycleId)));
    if (!c || (c.status !== 'open' && !(paid && c.status === 'unpaid'))) return false;
    const s = yield* get(tx.select().from(subscriptions).where(eq(subscriptions.id, c.subscriptionId)));
    if (!s) return false;
    const at = new Date().toISOString();
    yield* run(tx.update(subscriptionCycles).set({ status: paid ? 'paid' : 'unpaid', settledAt: at }).where(and(eq(subscriptionCycles.id, c.id), eq(subscriptionCycles.status, c.status))));
    if (paid) {
      const activates = s.status === 'pending' || s.status === 'suspended';
      yield* run(tx.update(subscriptions).set({ unpaidInRow: 0, updatedAt: at, ...(activates ? { status: 'active', activatedAt: s.activatedAt ?? at, suspendedAt: null } : {}) }).where(eq(subscriptions.id, s.id)));
      yield* logChange(tx, s.id, 'system', 'cycle_paid', String(c.cycle));
      if (s.status === 'pending') yield* queueNotice(tx, s, 'activated', 0);
      yield* recordSubscriptionEvent(tx, c.cycle === 0 ? 'subscription.created' : 'subscription.renewed', s.id, c.cycle, c.orderId, at);
      return true;
    }
    if (c.cycle === 0 && s.status === 'pending') {
      // The first payment never came: the subscription never started.
      yield* run(tx.update(subscriptions).set({ status: 'canceled', canceledAt: at, updatedAt: at }).where(eq(subscriptions.id, s.id)));
      yield* logChange(tx, s.id, 'system', 'canceled', 'Primeiro pagamento não realizado');
      return true;
    }
    const next = afterUnpaid(s.unpaidInRow, (yield* subscriptionSettingsStep(tx)).maxUnpaidInRow);
    const suspend = next.suspend && (s.status === 'active' || s.status === 'paused');
    yield* run(tx.update(subscriptions).set({ unpaidInRow: next.unpaidInRow, updatedAt: at, ...(suspend ? { status: 'suspended', suspendedAt: at } : {}) }).where(eq(subscriptions.id, s.id)));
    yield* logChange(tx, s.id, 'system', 'cycle_unpaid', String(c.cycle));
    if (suspend) {
      yield* logChange(tx, s.id, 'system', 'suspended', `${next.unpaidInRow} cobranças seguidas sem pagamento`);
      yield* queueNotice(tx, s, 'suspended', c.cycle);
    }
    return true;
  });
}

/** The merchant's webhook events of a subscription (once per subscription and cycle, or per cancellation). */
export function* recordSubscriptionEvent(
  tx: Tx,
  type: 'subscription.created' | 'subscription.renewed' | 'subscription.canceled',
  subscriptionId: string,
  occasion: number | string,
  orderId: string | null,
  at = new Date().toISOString(),
): Generator<Step, void, unknown> {
  yield* run(tx.insert(outboundEvents).values({ id: newEventId(), type, orderId, dedupeKey: `${type}:${subscriptionId}:${occasion}`, createdAt: at }).onConflictDoNothing());
}

const cycleLoop = intervalLoop(
  'subscriptions.cycles',
  () => runCyclePass({ deadlineMs: 20_000 }),
  (error) => logger().error({ err: error instanceof Error ? error.message : String(error) }, 'subscription cycle pass failed'),
);

/** The in-process loop (Node host): a pass every 5 seconds, one at a time. */
export function startCycleLoop(intervalMs = 5_000): void {
  cycleLoop.start(intervalMs);
}

export function stopCycleLoop(): Promise<void> {
  return cycleLoop.stop();
}
