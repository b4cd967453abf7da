import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { coupons, orders } from '@/db/schema';
import { startProcessContext } from '@/lib/process/context';
import { api } from '@/lib/payments/api';
import { placeOrder } from '@/lib/checkout/place-order';
import { createLink } from '@/lib/links/links';
import type { NewLink } from '@/lib/links/link-form';
import { prepareDatabase } from '@/test/payments/db';
import { raceWorkers } from '@/test/worker-process';
import { FakePaymentApi } from '@/test/payments/fake-payment-api';
import { createCoupon, previewCoupon } from './coupons';
import type { NewCoupon } from './coupon-form';

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

/** A valid CPF from 9 digits (its two check digits computed). */
function cpf(n: number): string {
  const base = String(100000000 + n).slice(-9).split('').map(Number);
  const check = (digits: number[]) => {
    const sum = digits.reduce((s, d, i) => s + d * (digits.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = check(base);
  const d2 = check([...base, d1]);
  return [...base, d1, d2].join('');
}

beforeAll(async () => {
  await prepareDatabase();
});
beforeEach(() => {
  startProcessContext([api.provide(new FakePaymentApi())]);
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
    expect(again).toMatchObject({ ok: false, fieldErrors: { coupon: expect.stringContaining('um por CPF') } });
    expect(await previewCoupon(code, { itemsCents: 10000, document: cpf(4) })).toMatchObject({ ok: false, reason: 'used_by_document' });
    expect(await previewCoupon(code.toLowerCase(), { itemsCents: 10000, document: cpf(5) })).toEqual({ ok: true, code, discountCents: 1000 });
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
