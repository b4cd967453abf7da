import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { emailOutbox, emailSettings, orderItems, orders, outboundEvents, payments, subscriptionCycles, subscriptionLog } from '@/db/schema';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase } from '@/test/payments/db';
import { at, cyclesOf, expireCycle, JAN_31, newSubscription, orderOf, payCycle, subscribableProduct, subscriptionRow } from '@/test/subscriptions/fixtures';
import { runCyclePass } from './cycles';
import { cancelSubscription, confirmPriceChange, pauseSubscription, resumeSubscription, skipNextCycle } from './manage';
import { merchantList, recurringRevenue, subscriberView } from './queries';
import { database as db2 } from '@/db';
import { products } from '@/db/schema';

let fake: FakePaymentProvider;
beforeAll(prepareDatabase);
beforeEach(async () => {
  fake = new FakePaymentProvider();
  startProcessContext([paymentProvider.provide(fake)]);
  await updateSettings({ ...DEFAULT_SETTINGS, pixDiscountBps: 0 });
});
afterAll(() => startProcessContext());

const emailsOf = async (subId: string) => (await database().db.select().from(emailOutbox).where(like(emailOutbox.dedupeKey, `sub:${subId}:%`))).map((e) => e.dedupeKey.split(':')[2]);
const itemsOf = async (orderId: string) => database().db.select().from(orderItems).where(eq(orderItems.orderId, orderId));

/** A subscription whose first cycle (31/01/2027) is paid: "Ativa". */
async function activeSubscription(o: Parameters<typeof subscribableProduct>[0] = {}, method: 'pix' | 'boleto' = 'pix') {
  const product = await subscribableProduct(o);
  const s = await newSubscription(product, { method });
  await payCycle(fake, s.id, 0);
  await runCyclePass({ now: JAN_31 });
  return { s: await subscriptionRow(s.id), product };
}

describe('a subscription’s life', () => {
  it('is pending until the first cycle is paid, then "Ativa" with its event and e-mail', async () => {
    const product = await subscribableProduct({ priceCents: 6000, discountPercent: 10 });
    const s = await newSubscription(product);
    expect(s.status).toBe('pending');
    expect(s.unitPriceCents).toBe(5400);
    const [c0] = await cyclesOf(s.id);
    const order = await orderOf(c0.orderId!);
    expect(order.itemsCents).toBe(5400);
    expect(order.totalCents).toBe(5400 + order.shippingCents);
    await payCycle(fake, s.id, 0);
    await runCyclePass({ now: JAN_31 });
    expect((await subscriptionRow(s.id)).status).toBe('active');
    expect(await emailsOf(s.id)).toEqual(['activated']);
    const events = await database().db.select().from(outboundEvents).where(like(outboundEvents.dedupeKey, `subscription.%:${s.id}:%`));
    expect(events.map((e) => e.type)).toEqual(['subscription.created']);
  });

  it('creates the next cycle once, on its creation day by the shop’s clock (the 31st falls on 28/02), with its own number and fresh freight', async () => {
    const { s } = await activeSubscription();
    expect(s.nextCreateOn).toBe('2027-02-27');
    await runCyclePass({ now: at('2027-02-26') });
    expect(await cyclesOf(s.id)).toHaveLength(1);
    await runCyclePass({ now: at('2027-02-27') });
    await runCyclePass({ now: at('2027-02-27') });
    const cycles = await cyclesOf(s.id);
    expect(cycles.map((c) => [c.cycle, c.cycleDate, c.status])).toEqual([
      [0, '2027-01-31', 'paid'],
      [1, '2027-02-28', 'open'],
    ]);
    const first = await orderOf(cycles[0].orderId!);
    const second = await orderOf(cycles[1].orderId!);
    expect(second.number).toBeGreaterThan(first.number!);
    expect(second.itemsCents).toBe(5990);
    expect(second.deliveryZip).toBe('01310100');
    expect(await itemsOf(second.id)).toMatchObject([{ unitPriceCents: 5990, quantity: 1 }]);
    // Its e-mail is the cycle's: the instructions row of the order, worded for the subscription (lib/email).
    const rows = await database().db.select().from(emailOutbox).where(and(eq(emailOutbox.orderId, second.id), eq(emailOutbox.kind, 'instructions')));
    expect(rows).toHaveLength(1);
    await payCycle(fake, s.id, 1);
    await runCyclePass({ now: at('2027-02-27') });
    expect((await cyclesOf(s.id))[1].status).toBe('paid');
    const renewed = await database().db.select().from(outboundEvents).where(eq(outboundEvents.dedupeKey, `subscription.renewed:${s.id}:1`));
    expect(renewed).toHaveLength(1);
  });

  it('a pause skips its cycles without orders and resumes by itself; the merchant’s skip leaves one cycle uncharged', async () => {
    const { s } = await activeSubscription();
    expect(await pauseSubscription(s.id, 2, 'subscriber')).toMatchObject({ ok: true });
    expect((await subscriptionRow(s.id)).status).toBe('paused');
    await runCyclePass({ now: at('2027-02-27') });
    await runCyclePass({ now: at('2027-03-30') });
    expect((await subscriptionRow(s.id)).status).toBe('active');
    await runCyclePass({ now: at('2027-04-29') });
    let cycles = await cyclesOf(s.id);
    expect(cycles.map((c) => [c.cycle, c.status, c.orderId === null])).toEqual([
      [0, 'paid', false],
      [1, 'paused', true],
      [2, 'paused', true],
      [3, 'open', false],
    ]);
    expect(await skipNextCycle(s.id, 'merchant:1')).toMatchObject({ ok: true });
    await runCyclePass({ now: at('2027-05-30') });
    cycles = await cyclesOf(s.id);
    expect(cycles[4]).toMatchObject({ cycle: 4, status: 'paused', orderId: null });
    const log = await database().db.select().from(subscriptionLog).where(eq(subscriptionLog.subscriptionId, s.id));
    expect(log.map((l) => `${l.actor}:${l.action}`)).toEqual(expect.arrayContaining(['subscriber:paused', 'merchant:1:skipped', 'system:resumed']));
    expect(await pauseSubscription(s.id, 4, 'subscriber')).toMatchObject({ ok: false });
  });

  it('is "Suspensa" after 3 unpaid cycles in a row, told how to resume; "Retomar" charges the next cycle again', async () => {
    const { s } = await activeSubscription();
    const days = ['2027-02-27', '2027-03-30', '2027-04-29'];
    for (const [i, day] of days.entries()) {
      await runCyclePass({ now: at(day) });
      await expireCycle(fake, s.id, i + 1);
      await runCyclePass({ now: at(day) });
    }
    const suspended = await subscriptionRow(s.id);
    expect(suspended.status).toBe('suspended');
    expect(suspended.unpaidInRow).toBe(3);
    expect(await emailsOf(s.id)).toContain('suspended');
    await runCyclePass({ now: at('2027-05-30') });
    expect(await cyclesOf(s.id)).toHaveLength(4);
    expect(await resumeSubscription(s.id, 'subscriber', at('2027-07-10'))).toMatchObject({ ok: true });
    const resumed = await subscriptionRow(s.id);
    expect(resumed).toMatchObject({ status: 'active', unpaidInRow: 0, nextCycle: 6, nextCreateOn: '2027-07-30' });
  });

  it('a cancellation creates no cycle after it and cancels a charged, unpaid one', async () => {
    const { s } = await activeSubscription();
    await runCyclePass({ now: at('2027-02-27') });
    const open = (await cyclesOf(s.id))[1];
    const [charge] = await database().db.select().from(payments).where(eq(payments.orderId, open.orderId!));
    fake.activate(charge.providerId!);
    expect(await cancelSubscription(s.id, 'subscriber')).toMatchObject({ ok: true });
    expect((await orderOf(open.orderId!)).status).toBe('canceled');
    await runCyclePass({ now: at('2027-03-30') });
    await runCyclePass({ now: at('2027-06-30') });
    expect(await cyclesOf(s.id)).toHaveLength(2);
    expect(await emailsOf(s.id)).toContain('canceled');
    expect(await cancelSubscription(s.id, 'subscriber')).toMatchObject({ ok: false });
    const view = await subscriberView(s.token);
    expect(view).toMatchObject({ statusLabel: 'Cancelada', next: null });
  });

  it('a sold-out variant makes the cycle say so to both sides instead of charging', async () => {
    await database().db.insert(emailSettings).values({ id: 1, notificationEmails: 'loja@example.com' }).onConflictDoUpdate({ target: emailSettings.id, set: { notificationEmails: 'loja@example.com' } });
    const { s, product } = await activeSubscription({ stock: 5 });
    await product.setStock(0);
    await runCyclePass({ now: at('2027-02-27') });
    const [, c1] = await cyclesOf(s.id);
    expect(c1).toMatchObject({ status: 'sold_out', orderId: null });
    expect(await emailsOf(s.id)).toEqual(expect.arrayContaining(['sold_out', 'sold_out_merchant']));
    expect((await subscriptionRow(s.id)).status).toBe('active');
  });

  it('a new price applies only from the next cycle after the merchant confirms, with notice', async () => {
    const { s, product } = await activeSubscription({ priceCents: 5990 });
    await db2().db.update(products).set({ priceCents: 6490 }).where(eq(products.id, product.productId));
    // Not confirmed: the next cycle keeps the subscription's price.
    await runCyclePass({ now: at('2027-02-27') });
    expect((await orderOf((await cyclesOf(s.id))[1].orderId!)).itemsCents).toBe(5990);
    expect(await confirmPriceChange(product.productId, 'merchant:1')).toBe(1);
    expect(await emailsOf(s.id)).toContain('price_change');
    expect((await subscriberView(s.token))?.newPrice).toEqual({ cents: 6490, from: '2027-03-31' });
    await runCyclePass({ now: at('2027-03-30') });
    expect((await orderOf((await cyclesOf(s.id))[2].orderId!)).itemsCents).toBe(6490);
    expect((await subscriptionRow(s.id)).unitPriceCents).toBe(6490);
  });

  it('a crash after the charge is created and before the cycle stores it: the next pass finds the same order and charge', async () => {
    const { s } = await activeSubscription();
    const before = fake.count('createPix');
    await expect(
      runCyclePass({
        now: at('2027-02-27'),
        afterPlaced: () => {
          throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    expect((await cyclesOf(s.id))[1]).toMatchObject({ status: 'creating', orderId: null });
    // The crashed process's lease runs out.
    await database().db.update(subscriptionCycles).set({ leaseUntil: '2000-01-01T00:00:00.000Z' }).where(eq(subscriptionCycles.subscriptionId, s.id));
    await runCyclePass({ now: at('2027-02-27') });
    const c1 = (await cyclesOf(s.id))[1];
    expect(c1.status).toBe('open');
    const placed = await database().db.select().from(orders).where(eq(orders.checkoutKey, c1.checkoutKey));
    expect(placed).toHaveLength(1);
    expect(placed[0].id).toBe(c1.orderId);
    expect(fake.count('createPix') - before).toBe(1);
  });

  it('a crash with the charge created at the provider but its answer lost: re-sent with the same key, one charge', async () => {
    const { s } = await activeSubscription();
    fake.failNext('createPix', new Error('socket hang up'), { after: true });
    await runCyclePass({ now: at('2027-02-27') });
    expect((await cyclesOf(s.id))[1].status).toBe('creating');
    await database().db.update(subscriptionCycles).set({ leaseUntil: '2000-01-01T00:00:00.000Z' }).where(eq(subscriptionCycles.subscriptionId, s.id));
    await runCyclePass({ now: at('2027-02-27') });
    const c1 = (await cyclesOf(s.id))[1];
    expect(c1.status).toBe('open');
    expect(fake.pix.size).toBe(2); // the first cycle's and this one's
  });

  it('the overview’s recurring revenue normalises each subscription to a month', async () => {
    const before = await recurringRevenue('2000-01-01', '2100-01-01');
    await activeSubscription({ priceCents: 9000, intervalMonths: 3 });
    const after = await recurringRevenue('2000-01-01', '2100-01-01');
    expect(after.mrrCents - before.mrrCents).toBe(3000);
    expect(after.created - before.created).toBe(1);
    const masked = await merchantList({ masked: true });
    expect(masked[0].subscriber).not.toBe('Maria da Silva');
  });
});
