/**
 * Exactly once across processes: two server processes and an in-process "cron" run the cycle
 * pass at the same moment over the same due subscriptions. Each cycle has one row, one order and
 * one payment; a paused or canceled subscription gets no order.
 */
import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orders, payments, subscriptionCycles } from '@/db/schema';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase } from '@/test/payments/db';
import { at, JAN_31, newSubscription, payCycle, subscribableProduct } from '@/test/subscriptions/fixtures';
import { raceWorkers } from '@/test/worker-process';
import { runCyclePass } from './cycles';
import { cancelSubscription, pauseSubscription } from './manage';

const fake = new FakePaymentProvider();
beforeAll(async () => {
  await prepareDatabase();
  startProcessContext([paymentProvider.provide(fake)]);
  await updateSettings({ ...DEFAULT_SETTINGS });
});
afterAll(() => startProcessContext());

describe('cycles across processes', () => {
  it('two processes and the cron create each due cycle exactly once, and none for paused or canceled subscriptions', async () => {
    const product = await subscribableProduct();
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      const s = await newSubscription(product, { email: `assinante${i}@example.com` });
      await payCycle(fake, s.id, 0);
      ids.push(s.id);
    }
    await runCyclePass({ now: JAN_31 });
    await pauseSubscription(ids[0], 1, 'subscriber');
    await cancelSubscription(ids[1], 'subscriber');
    const day = at('2027-02-27');
    const [a, b, cron] = await Promise.all([raceWorkers<{ claimed: number; placed: number }>('test/subscriptions/cycle-worker.ts', [[day, 2], [day, 2]]), runCyclePass({ now: day })]).then(
      ([workers, c]) => [...workers, c],
    );
    expect(a.claimed + b.claimed + cron.claimed).toBe(11); // 10 active + the paused one's skipped cycle
    const cycles = await database().db.select().from(subscriptionCycles).where(eq(subscriptionCycles.cycle, 1));
    expect(cycles).toHaveLength(11);
    const byStatus = Object.fromEntries(['open', 'paused'].map((st) => [st, cycles.filter((c) => c.status === st).length]));
    expect(byStatus).toEqual({ open: 10, paused: 1 });
    expect(cycles.find((c) => c.subscriptionId === ids[1])).toBeUndefined();
    const orderIds = cycles.flatMap((c) => (c.orderId ? [c.orderId] : []));
    const keyed = await database().db.select({ n: count() }).from(orders).where(inArray(orders.checkoutKey, cycles.map((c) => c.checkoutKey)));
    expect(keyed[0].n).toBe(10);
    const charged = await database().db.select({ n: count() }).from(payments).where(inArray(payments.orderId, orderIds));
    expect(charged[0].n).toBe(10);
  }, 60_000);
});
