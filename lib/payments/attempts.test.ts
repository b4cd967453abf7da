/**
 * Payment attempts against the sandbox over HTTP (its webhooks to the real route): "Pagar com Pix
 * agora" on a boleto, "Gerar novo Pix" on an expired Pix, a boleto the bank settles after it was
 * canceled (before and after the Pix is paid), and a server SIGKILLed between the boleto's
 * cancellation and the Pix's create. Every order ends with exactly one counted paid attempt, or
 * flagged "Pago em duplicidade", and paid − refunded over every attempt is the provider's balance.
 */
import { setStock, stockOfProduct } from '@/test/catalog/products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { database } from '@/db';
import { orders, payments, type Order, type Payment } from '@/db/schema';
import { unitsHeldBy } from '@/lib/catalog/held-units';
import { DEFAULT_SETTINGS, updateSettings } from '@/lib/payment-settings/settings';
import { orderById, prepareDatabase, productIdBySlug } from '@/test/payments/db';
import { placeTestOrder } from '@/test/payments/place';
import { startSandboxHttp, type SandboxHttp } from '@/test/payments/sandbox-http';
import { runWorker } from '@/test/worker-process';
import { ATTEMPT_MESSAGES, newPixAttempt, switchToPix } from './attempts';
import { refundDoublePayment } from './merchant-actions';
import { reconcileAll } from './reconcile';

let sb: SandboxHttp;
let cafe: number;

beforeAll(async () => {
  sb = await startSandboxHttp();
  await prepareDatabase();
  cafe = await productIdBySlug('cafe-especial-250g');
}, 60_000);
afterAll(async () => {
  await sb?.close();
  await updateSettings({ ...DEFAULT_SETTINGS });
});
beforeEach(async () => {
  await updateSettings({ ...DEFAULT_SETTINGS, pixDiscountBps: 500 });
  await setStock(cafe, 100);
});

async function attemptsOf(orderId: string): Promise<Payment[]> {
  return database().db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.attempt);
}
async function stockOfCafe(): Promise<number | null> {
  return stockOfProduct(cafe);
}

/** Webhooks and reconciliation until nothing more happens. */
async function settle(): Promise<void> {
  for (let round = 0, quiet = 0; round < 20 && quiet < 2; round++) {
    const f = await sb.flush();
    const r = await reconcileAll();
    quiet = f.json.attempted === 0 && r.changed === 0 ? quiet + 1 : 0;
  }
}

/** A boleto order whose boleto is registered (its line shown) and still open. */
async function openBoletoOrder(quantity = 1): Promise<{ order: Order; boleto: Payment }> {
  const { order } = await placeTestOrder('boleto', quantity);
  await sb.sim('POST', 'clock', { advance_seconds: 5 });
  for (let i = 0; i < 10; i++) {
    await settle();
    const [p] = await attemptsOf(order.id);
    if (p.digitableLine) return { order: (await orderById(order.id))!, boleto: p };
  }
  throw new Error('boleto never registered');
}

/** The buyer pays the order's current Pix (activated a few sandbox seconds after its creation). */
async function payPixOf(orderId: string): Promise<void> {
  await sb.sim('POST', 'clock', { advance_seconds: 5 });
  const current = (await attemptsOf(orderId)).find((p) => !p.supersededAt)!;
  expect(current.pixCode).toBeTruthy();
  expect((await sb.sim('POST', 'pay', { code: current.pixCode })).status).toBe(200);
  await settle();
}

/** The money at the provider against the shop's: paid − refunded over every attempt. */
async function shopNetCents(orderIds: string[]): Promise<number> {
  let net = 0;
  for (const id of orderIds) for (const p of await attemptsOf(id)) if (p.paidAt && (p.status === 'paid' || p.status === 'refunded')) net += p.amountCents - p.refundedCents;
  return net;
}

/** One current attempt; the order paid by exactly one attempt, or flagged with two. */
async function expectCountedOnce(orderId: string): Promise<void> {
  const order = (await orderById(orderId))!;
  const all = await attemptsOf(orderId);
  expect(all.filter((p) => !p.supersededAt)).toHaveLength(1);
  const current = all.find((p) => !p.supersededAt)!;
  const paid = all.filter((p) => p.paidAt);
  expect(order.status).toBe(current.status);
  expect(order.totalCents).toBe(current.amountCents);
  expect(paid.length).toBe(order.doublePaidAt ? 2 : 1);
}

describe('"Pagar com Pix agora" on an unpaid boleto', () => {
  it('cancels the boleto at the provider, creates a Pix with the Pix discount on the same order and keeps its number and stock; paid once', async () => {
    const balanceBefore = (await sb.client.getBalance()).balanceCents;
    const { order, boleto } = await openBoletoOrder(2);
    const stock = await stockOfCafe();
    expect(order.pixDiscountCents).toBe(0);

    expect(await switchToPix(order.token)).toEqual({ ok: true });

    const after = (await orderById(order.id))!;
    expect(after).toMatchObject({ number: order.number, method: 'pix', status: 'pending', itemsCents: order.itemsCents });
    expect(after.pixDiscountCents).toBe(Math.round(order.itemsCents * 0.05));
    expect(after.totalCents).toBe(order.itemsCents - after.pixDiscountCents + order.shippingCents);
    expect(await stockOfCafe()).toBe(stock);
    const [old, pix] = await attemptsOf(order.id);
    expect(old).toMatchObject({ id: boleto.id, attempt: 1, status: 'canceled' });
    expect(old.supersededAt).toBeTruthy();
    expect(pix).toMatchObject({ attempt: 2, method: 'pix', createState: 'created', status: 'pending', supersededAt: null, amountCents: after.totalCents });
    expect(pix.pixCode).toBeTruthy(); // shown at once
    expect((await sb.client.getBoleto(boleto.providerId!)).status).toBe(3);

    // A second click changes nothing.
    expect(await switchToPix(order.token)).toEqual({ ok: true });
    expect(await attemptsOf(order.id)).toHaveLength(2);

    await payPixOf(order.id);
    expect((await orderById(order.id))!.status).toBe('paid');
    await expectCountedOnce(order.id);
    expect((await orderById(order.id))!.doublePaidAt).toBeNull();
    expect((await sb.client.getBalance()).balanceCents - balanceBefore).toBe(await shopNetCents([order.id]));
  }, 60_000);

  it("keeps the order's coupon discount as it was and applies the Pix discount to the rest", async () => {
    const { order } = await openBoletoOrder(2);
    // The order as placeOrder writes it with a R$ 10,00 coupon.
    await database().db.update(orders).set({ couponCode: 'DEZ', couponDiscountCents: 1000, totalCents: order.itemsCents - 1000 + order.shippingCents }).where(eq(orders.id, order.id));
    expect(await switchToPix(order.token)).toEqual({ ok: true });
    const after = (await orderById(order.id))!;
    const rest = order.itemsCents - 1000;
    expect(after).toMatchObject({ couponCode: 'DEZ', couponDiscountCents: 1000, pixDiscountBps: 500 });
    expect(after.pixDiscountCents).toBe(rest - Math.floor((rest * 9500 + 5000) / 10000));
    expect(after.totalCents).toBe(rest - after.pixDiscountCents + order.shippingCents);
    const pix = (await attemptsOf(order.id)).find((p) => p.method === 'pix')!;
    expect(pix.amountCents).toBe(after.totalCents);
  }, 60_000);

  it('refuses an order that is not an open boleto', async () => {
    const { order } = await placeTestOrder('pix');
    expect(await switchToPix(order.token)).toEqual({ ok: false, error: ATTEMPT_MESSAGES.notSwitchable });
    expect(await switchToPix('x'.repeat(43))).toEqual({ ok: false, error: ATTEMPT_MESSAGES.notFound });
  });
});

describe('a boleto settled after it was canceled', () => {
  it('after the Pix was paid: recorded, flagged "Pago em duplicidade", the boleto counted and the Pix refund ready; revenue once', async () => {
    const balanceBefore = (await sb.client.getBalance()).balanceCents;
    const { order, boleto } = await openBoletoOrder();
    expect(await switchToPix(order.token)).toEqual({ ok: true });
    await payPixOf(order.id);

    expect((await sb.sim('POST', `charges/${boleto.providerId}/settle-late`)).status).toBe(200);
    await settle();

    const flagged = (await orderById(order.id))!;
    expect(flagged.status).toBe('paid');
    expect(flagged.doublePaidAt).toBeTruthy();
    // The boleto is the counted attempt (it cannot be refunded through the provider).
    const [b, pix] = await attemptsOf(order.id);
    expect(b).toMatchObject({ status: 'paid', supersededAt: null });
    expect(pix.status).toBe('paid');
    expect(pix.supersededAt).toBeTruthy();
    expect(flagged).toMatchObject({ method: 'boleto', totalCents: b.amountCents, pixDiscountCents: 0 });
    await expectCountedOnce(order.id);
    expect((await sb.client.getBalance()).balanceCents - balanceBefore).toBe(await shopNetCents([order.id]));

    // The merchant refunds the Pix attempt; the order stays paid by the boleto.
    const refunded = await refundDoublePayment(order.id, 'demo@balcao.dev');
    expect(refunded.ok).toBe(true);
    await settle();
    expect((await attemptsOf(order.id))[1]).toMatchObject({ status: 'refunded', refundedCents: pix.amountCents });
    expect((await orderById(order.id))!).toMatchObject({ status: 'paid', refundedCents: 0 });
    expect((await sb.client.getBalance()).balanceCents - balanceBefore).toBe(b.amountCents);
    expect(await shopNetCents([order.id])).toBe(b.amountCents);
  }, 60_000);

  it('before the Pix was paid: the order is paid by the boleto and the Pix is canceled at the provider', async () => {
    const { order, boleto } = await openBoletoOrder();
    expect(await switchToPix(order.token)).toEqual({ ok: true });
    await sb.sim('POST', 'clock', { advance_seconds: 5 }); // the Pix is active (cancelable) from here
    expect((await sb.sim('POST', `charges/${boleto.providerId}/settle-late`)).status).toBe(200);
    await settle();

    const paid = (await orderById(order.id))!;
    expect(paid).toMatchObject({ status: 'paid', method: 'boleto', doublePaidAt: null });
    const [, pix] = await attemptsOf(order.id);
    expect(pix.supersededAt).toBeTruthy();
    expect(pix.status).toBe('canceled');
    expect((await sb.client.getPix(pix.providerId!)).status).toBe('canceled');
    await expectCountedOnce(order.id);
  }, 60_000);
});

describe('a server killed between the boleto\'s cancellation and the Pix', () => {
  it('leaves its intent written; the next click, or reconciliation, finishes the switch', async () => {
    for (const finisher of ['click', 'reconcile'] as const) {
      const { order, boleto } = await openBoletoOrder();
      await expect(runWorker('test/payments/switch-crash-worker.ts', [sb.url, order.token])).rejects.toThrow();

      // Died after the DELETE, before any Pix: the rows say what is left to do.
      expect((await sb.client.getBoleto(boleto.providerId!)).status).toBe(3);
      const [old, pix] = await attemptsOf(order.id);
      expect(old.supersededAt).toBeTruthy();
      expect(pix).toMatchObject({ method: 'pix', createState: 'creating', providerId: null });
      expect((await orderById(order.id))!).toMatchObject({ status: 'pending', method: 'pix' });

      if (finisher === 'click') expect(await switchToPix(order.token)).toEqual({ ok: true });
      else {
        // A create is retried once it is 30 s old (its answer may still be on its way).
        await database().db.update(payments).set({ createdAt: new Date(Date.now() - 60_000).toISOString() }).where(eq(payments.id, pix.id));
        await settle();
      }
      const [o2, p2] = await attemptsOf(order.id);
      expect(o2.status).toBe('canceled');
      expect(p2).toMatchObject({ createState: 'created', status: 'pending' });
      await payPixOf(order.id);
      await expectCountedOnce(order.id);
      expect((await orderById(order.id))!.status).toBe('paid');
    }
  }, 120_000);
});

/**
 * Expiry moves the sandbox's clock days ahead; the app's clock (faked, Date only) follows it, so
 * the new Pix's due date is tomorrow for both. Runs last in this file.
 */
async function expireEverything(): Promise<void> {
  const { json } = await sb.sim<{ now: string }>('POST', 'clock', { advance_seconds: 3 * 24 * 3600 });
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(json.now));
  await settle();
}

describe('"Gerar novo Pix" on an expired Pix', () => {
  afterAll(() => vi.useRealTimers());

  it('a new attempt on the same order takes the units again and is paid; "esgotado" when they are gone', async () => {
    const { order } = await placeTestOrder('pix', 2);
    const { order: soldOut } = await placeTestOrder('pix', 1);
    expect(await unitsHeldBy(order.id)).toBe(2);
    await expireEverything();
    expect((await orderById(order.id))!.status).toBe('expired');
    expect(await unitsHeldBy(order.id)).toBe(0);

    expect(await newPixAttempt(order.token)).toEqual({ ok: true });
    expect(await unitsHeldBy(order.id)).toBe(2);
    const renewed = (await orderById(order.id))!;
    expect(renewed).toMatchObject({ status: 'pending', number: order.number, totalCents: order.totalCents });
    const attempts = await attemptsOf(order.id);
    expect(attempts.map((p) => [p.attempt, p.status, !!p.supersededAt])).toEqual([
      [1, 'expired', true],
      [2, 'pending', false],
    ]);
    await payPixOf(order.id);
    expect((await orderById(order.id))!.status).toBe('paid');
    expect(await unitsHeldBy(order.id)).toBe(2);
    await expectCountedOnce(order.id);

    await setStock(cafe, 0);
    expect((await orderById(soldOut.id))!.status).toBe('expired');
    const r = await newPixAttempt(soldOut.token);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toContain('esgotado');
    expect(await attemptsOf(soldOut.id)).toHaveLength(1);
    expect((await orderById(soldOut.id))!.status).toBe('expired');
    expect(await unitsHeldBy(soldOut.id)).toBe(0);
  }, 60_000);
});
