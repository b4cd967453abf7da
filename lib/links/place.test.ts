import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { reservationCutoff } from '@/lib/payment-settings/reservation';
import { run } from '@/db/driver';
import { orders, paymentLinks, payments } from '@/db/schema';
import { addDays, saoPauloDate } from '@balcao/br/dates';
import { newId, randomToken } from '@/lib/security/tokens';
import { prepareDatabase } from '@/test/payments/db';
import { raceWorkers } from '@/test/worker-process';
import { createLink } from './links';
import type { NewLink } from './link-form';
import { claimLinkPlace, REFUSAL_MESSAGES, type LinkPlace } from './place';

const WORKER = 'test/links/link-buyer-worker.ts';
const TODAY = saoPauloDate();

const base: NewLink = { title: 'Bolo', description: null, amountCents: 15000, minAmountCents: null, methods: 'both', pixDiscount: true, expiresOn: null, maxPayments: null };

beforeAll(async () => {
  await prepareDatabase();
});

/** Claims a place and writes an order for it in one transaction, as placeOrder does. */
async function claimAndOrder(linkId: string, today = TODAY): Promise<LinkPlace & { orderId?: string }> {
  const orderId = newId();
  return database().transaction(function* (tx) {
    // Every pending order placed in the last hour holds its place (the default reservation).
    const place = yield* claimLinkPlace(tx, linkId, today, reservationCutoff(60));
    if (!place.ok) return place;
    yield* run(
      tx.insert(orders).values({ id: orderId, token: randomToken(), checkoutKey: newId(), method: 'pix', totalCents: 15000, buyerName: 'Ana Souza', buyerDocument: '52998224725', buyerEmail: 'ana@example.com', paymentLinkId: linkId }),
    );
    return { ...place, orderId };
  });
}

async function ordersOf(linkId: string) {
  return database().db.select().from(orders).where(eq(orders.paymentLinkId, linkId));
}

describe('claimLinkPlace', () => {
  it('lets an unlimited link take any number of orders', async () => {
    const link = await createLink(base, 'demo@balcao.dev');
    for (let i = 0; i < 5; i++) expect((await claimAndOrder(link.id)).ok).toBe(true);
  });

  it('holds a one-off link while its order is pending or paid, and frees it when the order expires or is canceled', async () => {
    const link = await createLink({ ...base, maxPayments: 1 }, 'demo@balcao.dev');
    const first = await claimAndOrder(link.id);
    expect(first.ok).toBe(true);
    expect(await claimAndOrder(link.id)).toEqual({ ok: false, reason: 'sold_out' });
    const { db } = database();
    for (const status of ['paid', 'refunded'] as const) {
      await db.update(orders).set({ status }).where(eq(orders.id, first.orderId!));
      expect(await claimAndOrder(link.id)).toEqual({ ok: false, reason: 'sold_out' });
    }
    for (const status of ['expired', 'canceled'] as const) {
      await db.update(orders).set({ status }).where(eq(orders.id, first.orderId!));
      const again = await claimAndOrder(link.id);
      expect(again.ok).toBe(true);
      await db.update(orders).set({ status: 'expired' }).where(eq(orders.id, again.orderId!));
    }
    expect(await ordersOf(link.id)).toHaveLength(3);
  });

  it('refuses a disabled link, an expired link (the day after its last day) and an unknown one', async () => {
    const link = await createLink({ ...base, expiresOn: TODAY }, 'demo@balcao.dev');
    expect((await claimAndOrder(link.id)).ok).toBe(true);
    expect(await claimAndOrder(link.id, addDays(TODAY, 1))).toEqual({ ok: false, reason: 'expired' });
    await database().db.update(paymentLinks).set({ disabledAt: new Date().toISOString() }).where(eq(paymentLinks.id, link.id));
    expect(await claimAndOrder(link.id)).toEqual({ ok: false, reason: 'disabled' });
    expect(await claimAndOrder(newId())).toEqual({ ok: false, reason: 'not_found' });
  });
});

type WorkerOutcome = { ok: boolean; orderToken?: string; error?: string; message?: string };

/** `buyers` processes, each with its own connection to the same SQLite file, paying `linkId` at the same instant. */
const race = (linkId: string, buyers: number) => raceWorkers<WorkerOutcome>(WORKER, Array.from({ length: buyers }, () => [linkId, '52998224725']));

describe('placeOrder on a limited link under concurrency (separate processes, one SQLite file)', () => {
  it('makes exactly one order when 6 buyers pay a one-off link at the same instant', async () => {
    const link = await createLink({ ...base, maxPayments: 1 }, 'demo@balcao.dev');
    const outcomes = await race(link.id, 6);
    expect(outcomes.filter((o) => o.error === 'crash')).toEqual([]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => o.error)).toEqual(Array(5).fill(REFUSAL_MESSAGES.sold_out));
    const rows = await ordersOf(link.id);
    expect(rows.map((r) => r.token)).toEqual([outcomes.find((o) => o.ok)!.orderToken]);
    expect(await database().db.select().from(payments).where(eq(payments.orderId, rows[0].id))).toHaveLength(1);
  }, 60_000);

  it('with the reservation window: a lapsed unpaid order frees its place, and 8 buyers racing for a link of 2 still make exactly 2', async () => {
    const link = await createLink({ ...base, maxPayments: 2 }, 'demo@balcao.dev');
    // An unpaid order placed 2 hours ago: past the 60-minute reservation, it holds no place.
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    await database().db.insert(orders).values({ id: newId(), token: randomToken(), checkoutKey: newId(), method: 'boleto', totalCents: 15000, buyerName: 'Ana Souza', buyerDocument: '52998224725', buyerEmail: 'ana@example.com', paymentLinkId: link.id, createdAt: twoHoursAgo });
    const outcomes = await race(link.id, 8);
    expect(outcomes.filter((o) => o.error === 'crash')).toEqual([]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(2);
    expect(outcomes.filter((o) => !o.ok).map((o) => o.error)).toEqual(Array(6).fill(REFUSAL_MESSAGES.sold_out));
    expect((await ordersOf(link.id)).filter((o) => o.status === 'pending')).toHaveLength(3);
  }, 60_000);

  it('makes exactly 3 orders when 8 buyers race for a link limited to 3 payments', async () => {
    const link = await createLink({ ...base, maxPayments: 3 }, 'demo@balcao.dev');
    const outcomes = await race(link.id, 8);
    expect(outcomes.filter((o) => o.error === 'crash')).toEqual([]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(3);
    expect(await ordersOf(link.id)).toHaveLength(3);
  }, 60_000);
});
