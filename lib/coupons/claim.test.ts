import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { coupons, orders, payments } from '@/db/schema';
import { syncPayment } from '@/lib/payments/sync';
import { newPixAttempt } from '@/lib/payments/attempts';
import { reconcileAll, reconcileOrder } from '@/lib/payments/reconcile';
import { startProcessContext } from '@/lib/process/context';
import { paymentProvider } from '@/lib/payments/provider';
import { placeOrder } from '@/lib/checkout/place-order';
import { createLink } from '@/lib/links/links';
import type { NewLink } from '@/lib/links/link-form';
import { prepareDatabase } from '@/test/payments/db';
import { raceWorkers } from '@/test/worker-process';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { createCoupon, previewCoupon } from './coupons';
import type { NewCoupon } from './coupon-form';
import { validCpf } from '@/test/documents';

const WORKER = 'test/links/link-buyer-worker.ts';

const link: NewLink = { title: 'Aula', description: null, amountCents: 10000, minAmountCents: null, methods: 'both', pixDiscount: false, allowCoupons: true, expiresOn: null, maxPayments: null };
const coupon = (over: Partial<NewCoupon> = {}): NewCoupon => ({
  code: `C${randomUUID().slice(0, 8).toUpperCase()}`,
  kind: 'fixed',
  value: 1000,
  minSubtotalCents: 0,
  startsOn: null,
  endsOn: null,
  maxUses: null,
  onePerDocument: false,
  ...over,
});

const cpf = (n: number) => validCpf(100000000 + n);

beforeAll(async () => {
  await prepareDatabase();
});
beforeEach(() => {
  startProcessContext([paymentProvider.provide(new FakePaymentProvider())]);
});

const buyer = (document: string) => ({ name: 'Ana Souza', document, email: 'ana@example.com' });

describe('placeOrder with a coupon', () => {
  it('stores the coupon and its discount on the order, and counts the use', async () => {
    const l = await createLink(link, 'dono@example.com');
    const c = await createCoupon(coupon({ code: 'bemvindo', kind: 'percent', value: 1000 }), 'dono@example.com');
    expect(c.ok).toBe(true);
    const r = await placeOrder({ checkoutKey: randomUUID(), method: 'boleto', link: { id: l.id }, coupon: 'BemVindo', buyer: buyer(cpf(1)), address: { zip: '01310100', street: 'Av. Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' } });
    expect(r).toMatchObject({ ok: true });
    const [o] = await database().db.select().from(orders).where(eq(orders.paymentLinkId, l.id));
    expect(o).toMatchObject({ couponCode: 'BEMVINDO', couponDiscountCents: 1000, itemsCents: 10000, totalCents: 9000 });
    const [row] = await database().db.select().from(coupons).where(eq(coupons.code, 'BEMVINDO'));
    expect(row.usesCount).toBe(1);
  });

  it('refuses a bad code on the coupon field, and a link that does not take coupons', async () => {
    const l = await createLink(link, 'dono@example.com');
    const r = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', link: { id: l.id }, coupon: 'NAOEXISTE', buyer: buyer(cpf(2)) });
    expect(r).toEqual({ ok: false, error: 'Cupom inválido', fieldErrors: { coupon: 'Cupom inválido' } });
    const closed = await createLink({ ...link, allowCoupons: false }, 'dono@example.com');
    const c = await createCoupon(coupon(), 'dono@example.com');
    const code = c.ok ? c.coupon.code : '';
    const r2 = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', link: { id: closed.id }, coupon: code, buyer: buyer(cpf(3)) });
    expect(r2).toMatchObject({ ok: false, fieldErrors: { coupon: 'Este pagamento não aceita cupom' } });
  });

  it('"um por CPF": the same document cannot use it twice, another can', async () => {
    const l = await createLink(link, 'dono@example.com');
    const c = await createCoupon(coupon({ onePerDocument: true }), 'dono@example.com');
    const code = c.ok ? c.coupon.code : '';
    const first = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', link: { id: l.id }, coupon: code, buyer: buyer(cpf(4)) });
    expect(first.ok).toBe(true);
    const again = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', link: { id: l.id }, coupon: code, buyer: buyer(cpf(4)) });
    // The words of any refusal: the answer does not say that this CPF has used the coupon.
    expect(again).toEqual({ ok: false, error: 'Cupom inválido', fieldErrors: { coupon: 'Cupom inválido' } });
    expect((await placeOrder({ checkoutKey: randomUUID(), method: 'pix', link: { id: l.id }, coupon: code, buyer: buyer(cpf(5)) })).ok).toBe(true);
  });

  it('"Aplicar" never asks "um por CPF": it takes no document, and answers the same before and after a CPF used the coupon', async () => {
    const l = await createLink(link, 'dono@example.com');
    const c = await createCoupon(coupon({ onePerDocument: true }), 'dono@example.com');
    const code = c.ok ? c.coupon.code : '';
    const before = await previewCoupon(code, { itemsCents: 10000, document: cpf(8) } as { itemsCents: number });
    expect((await placeOrder({ checkoutKey: randomUUID(), method: 'pix', link: { id: l.id }, coupon: code, buyer: buyer(cpf(8)) })).ok).toBe(true);
    const after = await previewCoupon(code, { itemsCents: 10000, document: cpf(8) } as { itemsCents: number });
    expect(after).toEqual(before);
    expect(after).toEqual({ ok: true, code, discountCents: 1000 });
  });

  it('says "Cupom esgotado" once its uses are spent, and a duplicate code is refused', async () => {
    const l = await createLink(link, 'dono@example.com');
    const c = await createCoupon(coupon({ maxUses: 1 }), 'dono@example.com');
    const code = c.ok ? c.coupon.code : '';
    expect((await placeOrder({ checkoutKey: randomUUID(), method: 'pix', link: { id: l.id }, coupon: code, buyer: buyer(cpf(6)) })).ok).toBe(true);
    expect(await placeOrder({ checkoutKey: randomUUID(), method: 'pix', link: { id: l.id }, coupon: code, buyer: buyer(cpf(7)) })).toMatchObject({ ok: false, error: 'Cupom esgotado' });
    expect(await createCoupon(coupon({ code: code.toLowerCase() }), 'dono@example.com')).toMatchObject({ ok: false, field: 'code' });
  });
});

describe('a coupon use given back when its order ends unpaid', () => {
  async function couponOrder(code: string, document: string, l: { id: string }) {
    const r = await placeOrder({ checkoutKey: randomUUID(), method: 'pix', link: { id: l.id }, coupon: code, buyer: buyer(document) });
    if (!r.ok) throw new Error(JSON.stringify(r));
    const [o] = await database().db.select().from(orders).where(eq(orders.token, r.orderToken));
    const [p] = await database().db.select().from(payments).where(eq(payments.orderId, o.id));
    return { order: o, payment: p };
  }
  const usesOf = async (id: string) => (await database().db.select().from(coupons).where(eq(coupons.id, id)))[0].usesCount;

  it('gives it back exactly once when the webhook, reconciliation and a duplicate webhook all report the expiry at once; a late payment counts it again', async () => {
    const fake = new FakePaymentProvider();
    startProcessContext([paymentProvider.provide(fake)]);
    const l = await createLink(link, 'dono@example.com');
    const c = await createCoupon(coupon({ maxUses: 1, onePerDocument: true }), 'dono@example.com');
    if (!c.ok) throw new Error('coupon not created');
    const { order, payment } = await couponOrder(c.coupon.code, cpf(20), l);
    expect(await usesOf(c.coupon.id)).toBe(1);
    expect(await placeOrder({ checkoutKey: randomUUID(), method: 'pix', link: { id: l.id }, coupon: c.coupon.code, buyer: buyer(cpf(21)) })).toMatchObject({ ok: false, error: 'Cupom esgotado' });

    fake.expire(payment.providerId!);
    await Promise.all([syncPayment(payment, 'webhook'), reconcileOrder(order.id), syncPayment(payment, 'webhook'), reconcileAll()]);
    const [expired] = await database().db.select().from(orders).where(eq(orders.id, order.id));
    expect(expired.status).toBe('expired');
    expect(await usesOf(c.coupon.id)).toBe(0);
    await reconcileOrder(order.id);
    expect(await usesOf(c.coupon.id)).toBe(0);

    // The late payment wins, and its use counts again (once), even though another buyer took the freed one.
    const other = await couponOrder(c.coupon.code, cpf(22), l);
    expect(await usesOf(c.coupon.id)).toBe(1);
    fake.force(payment.providerId!, 'completed');
    await Promise.all([syncPayment(payment, 'webhook'), reconcileOrder(order.id)]);
    expect((await database().db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('paid');
    expect(await usesOf(c.coupon.id)).toBe(2);
    await reconcileOrder(order.id);
    expect(await usesOf(c.coupon.id)).toBe(2);
    expect(other.order.couponId).toBe(c.coupon.id);
  });

  it('gives it back exactly once when webhooks and reconciliations in six processes read the expiry at the same instant', async () => {
    const fake = new FakePaymentProvider();
    startProcessContext([paymentProvider.provide(fake)]);
    const l = await createLink(link, 'dono@example.com');
    const c = await createCoupon(coupon({ maxUses: 3 }), 'dono@example.com');
    if (!c.ok) throw new Error('coupon not created');
    const kept = await couponOrder(c.coupon.code, cpf(50), l);
    const { order, payment } = await couponOrder(c.coupon.code, cpf(51), l);
    expect(await usesOf(c.coupon.id)).toBe(2);
    fake.expire(payment.providerId!);
    const pix = JSON.stringify(fake.pix.get(payment.providerId!));
    const modes = ['webhook', 'webhook', 'order', 'order', 'sweep', 'sweep'];
    const outcomes = await raceWorkers<WorkerOutcome>('test/coupons/expiry-worker.ts', modes.map((m) => [m, order.id, pix]));
    expect(outcomes.filter((o) => !o.ok)).toEqual([]);
    expect((await database().db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('expired');
    expect(await usesOf(c.coupon.id)).toBe(1);
    expect(kept.order.couponReleasedAt).toBeNull();
  }, 90_000);

  it('"Gerar novo Pix" on the expired order counts its use again, once', async () => {
    const fake = new FakePaymentProvider();
    startProcessContext([paymentProvider.provide(fake)]);
    const l = await createLink(link, 'dono@example.com');
    const c = await createCoupon(coupon(), 'dono@example.com');
    if (!c.ok) throw new Error('coupon not created');
    const { order, payment } = await couponOrder(c.coupon.code, cpf(40), l);
    fake.expire(payment.providerId!);
    await reconcileOrder(order.id);
    expect(await usesOf(c.coupon.id)).toBe(0);
    expect(await newPixAttempt(order.token)).toEqual({ ok: true });
    expect(await usesOf(c.coupon.id)).toBe(1);
    expect((await database().db.select().from(orders).where(eq(orders.id, order.id)))[0].couponReleasedAt).toBeNull();
  });

  it('"um por CPF" no longer counts an order whose use was given back: the same CPF may use the coupon again', async () => {
    const fake = new FakePaymentProvider();
    startProcessContext([paymentProvider.provide(fake)]);
    const l = await createLink(link, 'dono@example.com');
    const c = await createCoupon(coupon({ onePerDocument: true }), 'dono@example.com');
    if (!c.ok) throw new Error('coupon not created');
    const { order, payment } = await couponOrder(c.coupon.code, cpf(30), l);
    fake.expire(payment.providerId!);
    await reconcileOrder(order.id);
    expect((await couponOrder(c.coupon.code, cpf(30), l)).order.couponId).toBe(c.coupon.id);
  });
});

type WorkerOutcome = { ok: boolean; orderToken?: string; error?: string; message?: string };

describe('a coupon limit under concurrency (separate processes, one SQLite file)', () => {
  it('makes exactly 2 orders with a coupon limited to 2 uses when 6 buyers use it at the same instant', async () => {
    const l = await createLink(link, 'dono@example.com');
    const c = await createCoupon(coupon({ maxUses: 2 }), 'dono@example.com');
    if (!c.ok) throw new Error('coupon not created');
    const outcomes = await raceWorkers<WorkerOutcome>(WORKER, Array.from({ length: 6 }, (_, i) => [l.id, cpf(100 + i), c.coupon.code]));
    expect(outcomes.filter((o) => o.error === 'crash')).toEqual([]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(2);
    expect(outcomes.filter((o) => !o.ok).map((o) => o.error)).toEqual(Array(4).fill('Cupom esgotado'));
    const placed = await database().db.select().from(orders).where(eq(orders.couponId, c.coupon.id));
    expect(placed).toHaveLength(2);
    const [row] = await database().db.select().from(coupons).where(eq(coupons.id, c.coupon.id));
    expect(row.usesCount).toBe(2);
  }, 60_000);
});
