/**
 * "Pagar com Pix agora" and "Gerar novo Pix" hold the order's terms: an API session's methods
 * and final price (no Pix discount), an expired session stays
 * expired, and a payment link disabled, past its date or out of places takes no new Pix. The
 * order page offers neither where the attempt would be refused (pixAttemptOffer).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { apiKeys, checkoutSessions, orders, paymentLinks, payments, type Order } from '@/db/schema';
import { startProcessContext } from '@/lib/process/context';
import { REFUSAL_MESSAGES } from '@/lib/links/place';
import { DEFAULT_SETTINGS, getSettings, updateSettings } from '@/lib/payment-settings/settings';
import { newId } from '@/lib/security/tokens';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { insertOrderWithPayment, orderById, prepareDatabase } from '@/test/payments/db';
import { raceWorkers } from '@/test/worker-process';
import { paymentProvider } from './provider';
import { newPixAttempt, switchToPix } from './attempts';
import { pixAttemptOffer, TERMS_MESSAGES } from './attempt-terms';

const { db } = { db: () => database().db };
let keyId: string;

beforeAll(async () => {
  await prepareDatabase();
  startProcessContext([paymentProvider.provide(new FakePaymentProvider())]);
  keyId = newId();
  await db().insert(apiKeys).values({ id: keyId, name: 'Loja externa', mode: 'test', keyHash: `hash-${keyId}`, hint: 'abcd' });
});
afterAll(async () => {
  await updateSettings({ ...DEFAULT_SETTINGS });
  startProcessContext();
});
beforeEach(async () => {
  await updateSettings({ ...DEFAULT_SETTINGS, pixDiscountBps: 1000 });
});

/**
 * An order of R$ 100,00: an open, registered boleto, or an expired Pix placed hours ago (its
 * reservation long lapsed: only a new attempt can hold its link's place again).
 */
async function order(kind: 'open boleto' | 'expired pix'): Promise<Order> {
  const hoursAgo = new Date(Date.now() - 3 * 3_600_000).toISOString();
  const placed = await insertOrderWithPayment(
    kind === 'open boleto' ? { method: 'boleto', totalCents: 10_000 } : { method: 'pix', status: 'expired', totalCents: 10_000, createdAt: hoursAgo, updatedAt: hoursAgo },
  );
  await db().update(orders).set({ itemsCents: 10_000 }).where(eq(orders.id, placed.order.id));
  if (kind === 'open boleto') await db().update(payments).set({ barcode: '1'.repeat(44) }).where(eq(payments.id, placed.payment.id));
  return (await orderById(placed.order.id))!;
}

async function fromSession(o: Order, methods: string): Promise<void> {
  const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
  await db()
    .insert(checkoutSessions)
    .values({ id: `cs_${newId().replace(/-/g, '')}`, apiKeyId: keyId, lines: '[]', amountTotalCents: 10_000, methods, successUrl: 'https://loja.example/ok', expiresAt, orderId: o.id });
}

async function onLink(o: Order, link: Partial<typeof paymentLinks.$inferInsert> = {}): Promise<string> {
  const id = newId();
  await db()
    .insert(paymentLinks)
    .values({ id, code: newId().replace(/-/g, '').slice(0, 12), title: 'Encomenda', amountCents: 10_000, methods: 'both', createdBy: 'dono@loja.example', ...link });
  await db().update(orders).set({ paymentLinkId: id }).where(eq(orders.id, o.id));
  return id;
}

const offer = async (o: Order, kind: 'switch' | 'renew') => pixAttemptOffer((await orderById(o.id))!, kind, await getSettings());

describe('an API checkout session', () => {
  it('boleto only: "Pagar com Pix agora" is neither offered nor done, and the order is as it was', async () => {
    const o = await order('open boleto');
    await fromSession(o, 'boleto');
    expect(await offer(o, 'switch')).toBeNull();
    expect(await switchToPix(o.token)).toEqual({ ok: false, error: TERMS_MESSAGES.sessionBoletoOnly });
    expect(await orderById(o.id)).toMatchObject({ method: 'boleto', totalCents: 10_000, pixDiscountCents: 0 });
  });

  it('Pix allowed: the switch keeps the store\'s price (no Pix discount)', async () => {
    const o = await order('open boleto');
    await fromSession(o, 'pix,boleto');
    expect(await offer(o, 'switch')).toEqual({ pixDiscountBps: 0 });
    expect(await switchToPix(o.token)).toEqual({ ok: true });
    expect(await orderById(o.id)).toMatchObject({ method: 'pix', totalCents: 10_000, pixDiscountCents: 0 });
  });

  it('an expired Pix of a session (the session is expired for the store) gets no new Pix', async () => {
    const o = await order('expired pix');
    await fromSession(o, 'pix');
    expect(await offer(o, 'renew')).toBeNull();
    expect(await newPixAttempt(o.token)).toEqual({ ok: false, error: TERMS_MESSAGES.sessionExpired });
    expect((await orderById(o.id))?.status).toBe('expired');
  });

  it('a shop order keeps the shop\'s Pix discount', async () => {
    const o = await order('open boleto');
    expect(await offer(o, 'switch')).toEqual({ pixDiscountBps: 1000 });
    expect(await switchToPix(o.token)).toEqual({ ok: true });
    expect(await orderById(o.id)).toMatchObject({ method: 'pix', totalCents: 9_000, pixDiscountCents: 1_000 });
  });
});

describe('a payment link', () => {
  it('disabled: no new Pix, no switch', async () => {
    const expired = await order('expired pix');
    await onLink(expired, { disabledAt: new Date().toISOString() });
    expect(await offer(expired, 'renew')).toBeNull();
    expect(await newPixAttempt(expired.token)).toEqual({ ok: false, error: REFUSAL_MESSAGES.disabled });
    const open = await order('open boleto');
    await onLink(open, { disabledAt: new Date().toISOString() });
    expect(await offer(open, 'switch')).toBeNull();
    expect(await switchToPix(open.token)).toEqual({ ok: false, error: REFUSAL_MESSAGES.disabled });
  });

  it('past its date: no new Pix', async () => {
    const o = await order('expired pix');
    await onLink(o, { expiresOn: '2020-01-01' });
    expect(await offer(o, 'renew')).toBeNull();
    expect(await newPixAttempt(o.token)).toEqual({ ok: false, error: REFUSAL_MESSAGES.expired });
  });

  it('out of places (another buyer paid the one-off link): no new Pix', async () => {
    const mine = await order('expired pix');
    const linkId = await onLink(mine, { maxPayments: 1 });
    const theirs = await insertOrderWithPayment({ status: 'paid' });
    await db().update(orders).set({ paymentLinkId: linkId }).where(eq(orders.id, theirs.order.id));
    expect(await offer(mine, 'renew')).toBeNull();
    expect(await newPixAttempt(mine.token)).toEqual({ ok: false, error: REFUSAL_MESSAGES.sold_out });
    expect((await orderById(mine.id))?.status).toBe('expired');
  });

  it('a one-off link with its place free: one expired order renews and holds the place, the next is refused', async () => {
    const first = await order('expired pix');
    const linkId = await onLink(first, { maxPayments: 1 });
    const second = await order('expired pix');
    await db().update(orders).set({ paymentLinkId: linkId }).where(eq(orders.id, second.id));
    expect(await offer(first, 'renew')).toEqual({ pixDiscountBps: 1000 });
    expect(await newPixAttempt(first.token)).toEqual({ ok: true });
    expect(await offer(second, 'renew')).toBeNull();
    expect(await newPixAttempt(second.token)).toEqual({ ok: false, error: REFUSAL_MESSAGES.sold_out });
  });

  it('4 expired orders of a one-off link ask "Gerar novo Pix" at the same instant, each in its own process: exactly one gets it', async () => {
    const expired = await Promise.all([1, 2, 3, 4].map(() => order('expired pix')));
    const linkId = await onLink(expired[0], { maxPayments: 1 });
    for (const o of expired) await db().update(orders).set({ paymentLinkId: linkId }).where(eq(orders.id, o.id));
    const outcomes = await raceWorkers<{ ok: boolean; error?: string }>('test/payments/renew-pix-worker.ts', expired.map((o) => [o.token]));
    expect(outcomes.filter((o) => o.error === 'crash')).toEqual([]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).map((o) => o.error)).toEqual(Array(3).fill(REFUSAL_MESSAGES.sold_out));
    const statuses = await Promise.all(expired.map(async (o) => (await orderById(o.id))!.status));
    expect(statuses.filter((s) => s === 'pending')).toHaveLength(1);
  }, 60_000);

  it('"só boleto": no switch', async () => {
    const o = await order('open boleto');
    await onLink(o, { methods: 'boleto' });
    expect(await offer(o, 'switch')).toBeNull();
    expect(await switchToPix(o.token)).toEqual({ ok: false, error: TERMS_MESSAGES.linkBoletoOnly });
  });
});
