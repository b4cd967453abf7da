import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { database } from '@/db';
import { orders, payments } from '@/db/schema';
import { reconcileAll, reconcileCandidates, reconcileOrder, startReconcileScheduler, stopReconcileScheduler } from './reconcile';
import { apiError, type FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { backdatePayment, eventsOf, orderById, paymentById, productIdBySlug, statusEventsOf } from '@/test/payments/db';
import { checkoutInput, placeTestOrder } from '@/test/payments/place';
import { ORDER_FAILED, placeOrder } from '@/lib/checkout/place-order';
import { paymentProvider } from '@/lib/payments/provider';
import { processSlot, startProcessContext } from '@/lib/process/context';

/** True while the in-process scheduler is on: its state, read from the process context by its name. */
const reconcileSchedulerRunning = () => !!processSlot<{ timer?: unknown }>('reconcile.scheduler').get()?.timer;

let fake: FakePaymentProvider;
withFakeProvider((f) => (fake = f));

const DAY = 24 * 60 * 60 * 1000;

describe('reconcileAll', () => {
  it('reads every pending payment and applies what the provider says (lost webhooks healed)', async () => {
    const a = await placeTestOrder('pix');
    const b = await placeTestOrder('boleto');
    const c = await placeTestOrder('pix');
    fake.pay(a.payment.providerId!);
    fake.pay(b.payment.providerId!);
    fake.calls.length = 0;

    expect(await reconcileAll()).toEqual({ checked: 3, changed: 2, left: 0 });
    expect((await orderById(a.order.id))!.status).toBe('paid');
    expect((await orderById(b.order.id))!.status).toBe('paid');
    expect((await orderById(c.order.id))!.status).toBe('pending');
    const [ev] = await statusEventsOf(a.payment.id);
    expect(ev).toMatchObject({ source: 'reconcile', toStatus: 'paid' });
    expect((await paymentById(b.payment.id))!.barcode).toMatch(/^\d{44}$/); // registration seen too

    // Quiet now: the paid ones are still re-read (refunds elsewhere), nothing changes, no new events.
    expect(await reconcileAll()).toEqual({ checked: 3, changed: 0, left: 0 });
    expect(await statusEventsOf(a.payment.id)).toHaveLength(1);
  });

  it('expires an order only by reading the provider once its window passed (canceled → expired)', async () => {
    const { order, payment } = await placeTestOrder('pix');
    await reconcileAll();
    expect((await orderById(order.id))!.status).toBe('pending'); // our clock alone never expires it
    fake.expire(payment.providerId!);
    expect(await reconcileAll()).toEqual({ checked: 1, changed: 1, left: 0 });
    expect((await orderById(order.id))!.status).toBe('expired');
  });

  it('catches a refund made elsewhere on a recently paid order, not on one paid long ago', async () => {
    const recent = await placeTestOrder('boleto');
    const old = await placeTestOrder('boleto');
    for (const o of [recent, old]) fake.pay(o.payment.providerId!);
    await reconcileAll();
    await database().db.update(payments).set({ updatedAt: new Date(Date.now() - 8 * DAY).toISOString() }).where(eq(payments.id, old.payment.id));
    fake.refundBoleto(recent.payment.providerId!);
    fake.refundBoleto(old.payment.providerId!);
    expect(await reconcileAll()).toEqual({ checked: 1, changed: 1, left: 0 });
    expect(await orderById(recent.order.id)).toMatchObject({ status: 'refunded', refundedCents: 3990 });
    expect((await orderById(old.order.id))!.status).toBe('paid');
  });

  it('re-reads canceled/expired orders changed in the last 24 h: a late payment wins', async () => {
    const { order, payment } = await placeTestOrder('pix');
    fake.expire(payment.providerId!);
    await reconcileAll();
    fake.force(payment.providerId!, 'completed');
    expect(await reconcileAll()).toEqual({ checked: 1, changed: 1, left: 0 });
    expect(await orderById(order.id)).toMatchObject({ status: 'paid', latePayment: true });
    expect((await eventsOf(payment.id)).some((e) => e.type === 'late_payment')).toBe(true);
  });

  it('keeps reading a boleto canceled for a switch to Pix for 7 days, other canceled ones for 24 h', async () => {
    const { payment: switched } = await placeTestOrder('boleto');
    const { payment: plain } = await placeTestOrder('boleto');
    const threeDaysAgo = new Date(Date.now() - 3 * DAY).toISOString();
    await database().db.update(payments).set({ status: 'canceled', updatedAt: threeDaysAgo, supersededAt: threeDaysAgo }).where(eq(payments.id, switched.id));
    await database().db.update(payments).set({ status: 'canceled', updatedAt: threeDaysAgo }).where(eq(payments.id, plain.id));
    const ids = (await reconcileCandidates(100)).map((p) => p.id);
    expect(ids).toContain(switched.id);
    expect(ids).not.toContain(plain.id);
    const eightDaysAgo = new Date(Date.now() - 8 * DAY).toISOString();
    await database().db.update(payments).set({ updatedAt: eightDaysAgo }).where(eq(payments.id, switched.id));
    expect((await reconcileCandidates(100)).map((p) => p.id)).not.toContain(switched.id);
  });

  it('resumes a create stuck for more than 30 s with the same key and body; leaves younger ones alone', async () => {
    fake.failNext('createPix', apiError('unavailable'), { after: true }); // the charge exists, the answer was lost
    await expect(placeTestOrder('pix')).rejects.toThrow();
    const [stuck] = await database().db.select().from(payments);
    expect(stuck.createState).toBe('creating');

    expect(await reconcileAll()).toEqual({ checked: 0, changed: 0, left: 0 }); // too young: the create may still be in flight
    await backdatePayment(stuck.id, 31_000);
    expect(await reconcileAll()).toEqual({ checked: 1, changed: 1, left: 0 });
    const p = await paymentById(stuck.id);
    expect(p).toMatchObject({ createState: 'created', providerId: [...fake.pix.keys()][0] });
    expect(fake.pix.size).toBe(1);
    const creates = fake.calls.filter((c) => c.op === 'createPix');
    expect(creates).toHaveLength(2);
    expect(creates[1].args).toEqual(creates[0].args);
  });

  it('gives up a create after 24 h: payment failed, order expired', async () => {
    fake.failNext('createBoleto', apiError('unavailable'));
    await expect(placeTestOrder('boleto')).rejects.toThrow();
    const [stuck] = await database().db.select().from(payments);
    await backdatePayment(stuck.id, DAY + 60_000);
    expect((await reconcileAll()).changed).toBe(1);
    expect(await paymentById(stuck.id)).toMatchObject({ createState: 'failed', status: 'expired' });
    expect((await orderById(stuck.orderId))!.status).toBe('expired');
    expect(fake.count('createBoleto')).toBe(1); // not re-sent
    // The buyer submitting the same form again is told to start over.
    const [order] = await database().db.select().from(orders).where(eq(orders.id, stuck.orderId));
    const again = await placeOrder({ ...checkoutInput('boleto', await productIdBySlug('cafe-especial-250g')), checkoutKey: order.checkoutKey });
    expect(again).toEqual({ ok: false, error: ORDER_FAILED });
  });

  it('marks a resumed create refused by the provider as failed (no user is there to correct it)', async () => {
    fake.failNext('createPix', apiError('unavailable'));
    await expect(placeTestOrder('pix')).rejects.toThrow();
    const [stuck] = await database().db.select().from(payments);
    await backdatePayment(stuck.id, 60_000);
    fake.failNext('createPix', apiError('validation', { field: 'due_date' }));
    await reconcileAll();
    expect(await paymentById(stuck.id)).toMatchObject({ createState: 'failed', status: 'expired' });
    expect(await orderById(stuck.orderId)).toBeDefined();
  });

  it('survives read failures (counted as checked, nothing changes) and keeps going', async () => {
    const a = await placeTestOrder('pix');
    const b = await placeTestOrder('pix');
    fake.pay(b.payment.providerId!);
    fake.failNext('getPix', apiError('unavailable'));
    const r = await reconcileAll();
    expect(r.checked).toBe(2);
    expect(r.changed).toBe(1);
    expect((await orderById(a.order.id))!.status).toBe('pending');
  });

  it('reads with bounded concurrency (at most 4 at once) and honours the limit', async () => {
    for (let i = 0; i < 10; i++) await placeTestOrder('pix');
    fake.latencyMs = 15;
    fake.maxInFlight = 0;
    expect((await reconcileAll()).checked).toBe(10);
    expect(fake.maxInFlight).toBeLessThanOrEqual(4);
    expect(fake.maxInFlight).toBeGreaterThan(1);
    expect((await reconcileAll({ limit: 3 })).checked).toBe(3);
  });
});

describe('reconcileOrder', () => {
  it('syncs one order and says when the provider could not be read', async () => {
    const { order, payment } = await placeTestOrder('pix');
    fake.pay(payment.providerId!);
    expect(await reconcileOrder(order.id)).toEqual({ changed: true });
    expect(await reconcileOrder(order.id)).toEqual({ changed: false });
    fake.failNext('getPix', apiError('unavailable'));
    expect(await reconcileOrder(order.id)).toEqual({ changed: false, error: expect.stringContaining('não respondeu') });
    expect(await reconcileOrder('nope')).toEqual({ changed: false, error: 'Pedido não encontrado.' });
  });
});

describe('startReconcileScheduler', () => {
  afterEach(async () => {
    await stopReconcileScheduler();
    vi.useRealTimers();
    delete process.env.RECONCILE_INTERVAL_SECONDS;
    startProcessContext([paymentProvider.provide(fake)]);
  });

  it('runs every interval, never two passes at once, and is idempotent to start', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    process.env.RECONCILE_INTERVAL_SECONDS = '2';
    startProcessContext([paymentProvider.provide(fake)]);
    const { payment, order } = await placeTestOrder('pix');
    fake.pay(payment.providerId!);
    fake.latencyMs = 50;
    startReconcileScheduler();
    startReconcileScheduler();
    expect(reconcileSchedulerRunning()).toBe(true);
    vi.advanceTimersByTime(2000);
    vi.advanceTimersByTime(2000); // the first pass is still running: skipped
    await vi.waitFor(async () => expect((await orderById(order.id))!.status).toBe('paid'));
    expect(fake.count('getPix')).toBe(1);
    await stopReconcileScheduler();
    expect(reconcileSchedulerRunning()).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(fake.count('getPix')).toBe(1);
  });

  it('stays off with RECONCILE_INTERVAL_SECONDS=0', () => {
    process.env.RECONCILE_INTERVAL_SECONDS = '0';
    startProcessContext([paymentProvider.provide(fake)]);
    startReconcileScheduler();
    expect(reconcileSchedulerRunning()).toBe(false);
  });
});
