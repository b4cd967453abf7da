/**
 * The money suite: a year of monthly cycles (a price change noticed midway, one cycle sold out,
 * two refunds: one partial, one whole) reconciles to the centavo with the provider's balance,
 * and every cycle's order adds up its own lines.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { orders, products, subscriptionCycles } from '@/db/schema';
import { refundOrderPayment } from '@/lib/payments/merchant-actions';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { addDays } from '@balcao/br/dates';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase } from '@/test/payments/db';
import { at, cyclesOf, JAN_31, newSubscription, payCycle, subscribableProduct, subscriptionRow } from '@/test/subscriptions/fixtures';
import { runCyclePass } from './cycles';
import { confirmPriceChange } from './manage';

const fake = new FakePaymentProvider();
beforeAll(async () => {
  await prepareDatabase();
  startProcessContext([paymentProvider.provide(fake)]);
  await updateSettings({ ...DEFAULT_SETTINGS });
});
afterAll(() => startProcessContext());

describe('a year of cycles', () => {
  it('reconciles with the provider’s balance to the centavo', async () => {
    const product = await subscribableProduct({ priceCents: 6655, discountPercent: 12.5, stock: 100 });
    const s = await newSubscription(product);
    await payCycle(fake, s.id, 0);
    await runCyclePass({ now: JAN_31 });
    for (let n = 1; n < 12; n++) {
      const sub = await subscriptionRow(s.id);
      if (n === 5) {
        await database().db.update(products).set({ priceCents: 7190 }).where(eq(products.id, product.productId));
        await confirmPriceChange(product.productId, 'merchant:1');
      }
      if (n === 8) await product.setStock(0);
      if (n === 9) await product.setStock(100);
      await runCyclePass({ now: at(sub.nextCreateOn) });
      const c = (await cyclesOf(s.id))[n];
      if (c.status === 'open') await payCycle(fake, s.id, n);
      await runCyclePass({ now: at(addDays(sub.nextCreateOn, 1)) });
    }
    const cycles = await cyclesOf(s.id);
    expect(cycles.map((c) => c.status)).toEqual(['paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'paid', 'sold_out', 'paid', 'paid', 'paid']);
    const ids = cycles.flatMap((c) => (c.orderId ? [c.orderId] : []));
    let rows = await database().db.select().from(orders).where(inArray(orders.id, ids));
    // 6655 less 12.5 % = 5823 (half up); 7190 less 12.5 % = 6291, from the cycle after the notice.
    const items = cycles.filter((c) => c.orderId).map((c) => rows.find((r) => r.id === c.orderId)!.itemsCents);
    expect(items).toEqual([5823, 5823, 5823, 5823, 5823, 6291, 6291, 6291, 6291, 6291, 6291]);
    for (const r of rows) expect(r.totalCents).toBe(r.itemsCents - r.pixDiscountCents - r.couponDiscountCents + r.shippingCents);

    const [partial, whole] = [cycles[3].orderId!, cycles[10].orderId!];
    expect(await refundOrderPayment(partial, { amountCents: 1234, reason: 1, description: 'Pacote avariado' }, 'merchant:1')).toMatchObject({ ok: true });
    const wholeTotal = rows.find((r) => r.id === whole)!.totalCents;
    expect(await refundOrderPayment(whole, { amountCents: wholeTotal, reason: 1, description: 'Não entregue' }, 'merchant:1')).toMatchObject({ ok: true });

    rows = await database().db.select().from(orders).where(inArray(orders.id, ids));
    const received = rows.reduce((sum, r) => sum + r.totalCents, 0);
    const refunded = rows.reduce((sum, r) => sum + r.refundedCents, 0);
    expect(refunded).toBe(1234 + wholeTotal);
    expect(fake.balanceCents).toBe(received - refunded);
    // Refunds do not move the cycles: a refunded cycle was paid.
    const after = await database().db.select().from(subscriptionCycles).where(inArray(subscriptionCycles.orderId, [partial, whole]));
    expect(after.map((c) => c.status)).toEqual(['paid', 'paid']);
  });
});
