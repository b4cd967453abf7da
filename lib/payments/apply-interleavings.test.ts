/**
 * The one writer of payment state under random interleavings (fast-check): two processes, each
 * an instance of the app (test/payments/apply-worker.ts), apply their own random lists of
 * provider reads — pending, paid, expired, refunded, duplicates, in any order — to the same
 * orders at the same moment. Whatever the interleaving:
 * - the final state is the one the reads imply, in any order (refunded over paid over expired
 *   over pending): paid never goes back;
 * - each state entered is logged once, in a chain from pending to the final state, with one late
 *   payment event exactly when paid came after expired;
 * - stock: each order holds its units exactly when its state keeps them, and every variant's
 *   stock plus what the orders hold is what it was;
 * - the coupon's uses are the orders that count it;
 * - money: order and payment agree on state, paid time and refunded amount (a refund is whole).
 * Both drivers: the libSQL project runs this file again (vitest.config.mts).
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { database } from '@/db';
import { coupons, orders, paymentEvents, payments, productVariants, stockMovements, type OrderStatus } from '@/db/schema';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { productIdBySlug } from '@/test/payments/db';
import { placeTestOrder } from '@/test/payments/place';
import { raceWorkers } from '@/test/worker-process';

withFakeProvider();

const ORDERS = 3;
const READS = ['active', 'completed', 'canceled', 'refunded'] as const;

/** The state a set of reads leaves, in any order (state.ts). */
function finalOf(reads: Set<string>): OrderStatus {
  if (reads.has('refunded')) return 'refunded';
  if (reads.has('completed')) return 'paid';
  if (reads.has('canceled')) return 'expired';
  return 'pending';
}

const plan = fc.array(fc.tuple(fc.integer({ min: 0, max: ORDERS - 1 }), fc.constantFrom(...READS)), { minLength: 1, maxLength: 8 });

async function stockOf(productId: number): Promise<number> {
  const [v] = await database().db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.productId, productId));
  return Number(v.stock);
}

/** The checks of one case (its orders and the reads both processes applied to them). */
async function expectInvariants(placed: Awaited<ReturnType<typeof placeTestOrder>>[], first: [number, string][], second: [number, string][]): Promise<number> {
  const { db } = database();
  let held = 0;
  for (let i = 0; i < ORDERS; i++) {
    const { order, payment } = placed[i];
    const reads = new Set([...first, ...second].filter(([o]) => o === i).map(([, s]) => s));
    const final = finalOf(reads);
    const [o] = await db.select().from(orders).where(eq(orders.id, order.id));
    const [p] = await db.select().from(payments).where(eq(payments.id, payment.id));
    expect([o.status, p.status]).toEqual([final, final]);

    // Each state entered once, chained from pending to the final state.
    const events = await db.select().from(paymentEvents).where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.type, 'status_changed'))).orderBy(paymentEvents.id);
    let at: string = 'pending';
    for (const e of events) {
      expect(e.fromStatus).toBe(at);
      at = e.toStatus!;
    }
    expect(at).toBe(final);
    expect(new Set(events.map((e) => e.toStatus)).size).toBe(events.length);
    const entered = events.map((e) => e.toStatus);
    const late = await db.select().from(paymentEvents).where(and(eq(paymentEvents.paymentId, payment.id), eq(paymentEvents.type, 'late_payment')));
    expect(late.length).toBe(entered.includes('expired') && entered.includes('paid') ? 1 : 0);
    expect(o.latePayment).toBe(late.length === 1);

    // Stock: an expired order holds nothing; a pending, paid or refunded one holds its units (none short here).
    const [net] = await db.select({ units: sql<number>`-coalesce(sum(${stockMovements.delta}), 0)` }).from(stockMovements).where(eq(stockMovements.orderId, order.id));
    const units = Number(net.units);
    expect(units).toBe(final === 'expired' ? 0 : 1 + i);
    held += units;

    // Money: order and payment agree; a refund is whole; the coupon counts unless the order ended unpaid.
    expect(o.paidAt).toBe(p.paidAt);
    expect(!!p.paidAt).toBe(final === 'paid' || final === 'refunded');
    expect([o.refundedCents, p.refundedCents]).toEqual(final === 'refunded' ? [p.amountCents, p.amountCents] : [0, 0]);
    expect(o.couponReleasedAt === null).toBe(final !== 'expired');
  }
  return held;
}

describe('applyObservation under two processes and random interleavings', () => {
  it('keeps its invariants', { timeout: 120_000 }, async () => {
    const { db } = database();
    const productId = await productIdBySlug('cafe-especial-250g');
    await db.update(productVariants).set({ stock: 1000 }).where(eq(productVariants.productId, productId));
    const couponId = 'cupom-intercalado';
    await db.insert(coupons).values({ id: couponId, code: 'INTERCALADO', kind: 'percent', value: 10 });

    // Random cases (fast-check), all raced by the same two processes: starting a process costs
    // more than a case, so each applies its list for every case in turn. The seed is printed on
    // a failure (fc.sample with it gives the same cases back).
    const seed = Date.now();
    const cases = fc.sample(fc.tuple(plan, plan), { numRuns: 4, seed });
    const placed: Awaited<ReturnType<typeof placeTestOrder>>[][] = [];
    for (const _ of cases) {
      const mine = [];
      for (let i = 0; i < ORDERS; i++) mine.push(await placeTestOrder('pix', 1 + i));
      placed.push(mine);
    }
    const all = placed.flat();
    // Every order counts one use of the coupon, as the checkout's claim does.
    await db.update(orders).set({ couponId }).where(inArray(orders.id, all.map((p) => p.order.id)));
    await db.update(coupons).set({ usesCount: all.length }).where(eq(coupons.id, couponId));
    // The stock once every order took its units.
    const stockAfterOrders = await stockOf(productId);

    const listOf = (side: 0 | 1) => JSON.stringify(cases.flatMap((c, k) => c[side].map(([i, s]) => [placed[k][i].payment.id, s])));
    const answers = await raceWorkers<{ ok: boolean; changed: number }>('test/payments/apply-worker.ts', [[listOf(0)], [listOf(1)]]);
    expect(answers.every((a) => a.ok), `seed ${seed}: ${JSON.stringify(answers)}`).toBe(true);

    let held = 0;
    for (const [k, [first, second]] of cases.entries()) {
      try {
        held += await expectInvariants(placed[k], first, second);
      } catch (e) {
        throw new Error(`seed ${seed}, case ${k}: ${JSON.stringify({ first, second })}: ${String(e)}`);
      }
    }
    // Every unit the orders took and still hold is out of the stock; every other one is back.
    const taken = placed.flat().reduce((n, _p, j) => n + 1 + (j % ORDERS), 0);
    expect(await stockOf(productId)).toBe(stockAfterOrders + taken - held);
    const counting = await db.select({ n: sql<number>`count(*)` }).from(orders).where(and(eq(orders.couponId, couponId), sql`${orders.couponReleasedAt} is null`));
    const [coupon] = await db.select({ uses: coupons.usesCount }).from(coupons).where(eq(coupons.id, couponId));
    expect(coupon.uses).toBe(Number(counting[0].n));
  });
});
