import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { database, db, ensureMigrated } from '@/db';
import { emailOutbox, orderItems, orders, paymentLinks, payments } from '@/db/schema';
import { seed } from '@/db/seed';
import { looksLikeToken } from '@/lib/security/tokens';
import { orderStatusByToken, orderTokenByCheckoutKey, orderViewByToken, reorderLinesByToken, toIso } from './queries';

const token = 'tok_' + 'a'.repeat(40);
const checkoutKey = randomUUID();
const orderId = randomUUID();

beforeAll(async () => {
  await ensureMigrated();
  await seed(database(), { demoMerchant: false });
  await db().insert(orders).values({
    id: orderId,
    token,
    checkoutKey,
    status: 'paid',
    method: 'pix',
    totalCents: 8470,
    buyerName: 'Ana Souza',
    buyerDocument: '52998224725',
    buyerEmail: 'ana@exemplo.com.br',
    paidAt: '2026-03-10T15:04:05.000Z',
    updatedAt: '2026-03-10T15:04:05.123Z',
  });
  await db().insert(orderItems).values([
    { orderId, productId: 1, name: 'Café especial em grãos 250 g', unitPriceCents: 3990, quantity: 1, lineTotalCents: 3990 },
    { orderId, productId: 3, name: 'Coador de pano com suporte', unitPriceCents: 2490, quantity: 2, lineTotalCents: 4980 },
  ]);
  await db().insert(payments).values({
    id: randomUUID(),
    orderId,
    method: 'pix',
    createState: 'created',
    idempotencyKey: randomUUID(),
    webhookToken: 'wh_' + 'b'.repeat(40),
    status: 'paid',
    amountCents: 8470,
    pixCode: '00020126...',
    pixImage: 'data:image/png;base64,AAAA',
    dueDate: '2026-03-11',
    payableUntil: '2026-03-12',
  });
});

describe('order queries', () => {
  it('answers the polled status snapshot in the route JSON shape', async () => {
    expect(await orderStatusByToken(token)).toEqual({
      status: 'paid',
      paid_at: '2026-03-10T15:04:05.000Z',
      refunded_cents: 0,
      updated_at: '2026-03-10T15:04:05.123Z',
      fulfillment: null,
    });
    // the prepared statement is reused
    expect((await orderStatusByToken(token))?.status).toBe('paid');
  });

  it('is null for unknown and malformed tokens', async () => {
    expect(await orderStatusByToken('x'.repeat(43))).toBeNull();
    expect(await orderStatusByToken("' or 1=1 --")).toBeNull();
    expect(await orderStatusByToken('')).toBeNull();
    expect(await orderViewByToken('y'.repeat(43))).toBeNull();
    expect(looksLikeToken('abc')).toBe(false);
    expect(looksLikeToken('Zx9_-'.repeat(8))).toBe(true);
  });

  it('gives the order page everything it shows', async () => {
    const view = await orderViewByToken(token);
    expect(view).toMatchObject({
      id: orderId,
      status: 'paid',
      method: 'pix',
      totalCents: 8470,
      buyerName: 'Ana Souza',
      payment: { createState: 'created', pixCode: '00020126...', payableUntil: '2026-03-12' },
    });
    expect(view?.items.map((i) => [i.name, i.quantity, i.lineTotalCents])).toEqual([
      ['Café especial em grãos 250 g', 1, 3990],
      ['Coador de pano com suporte', 2, 4980],
    ]);
  });

  it("names the payment link's code and the instructions e-mail's state (one batch on libSQL, prepared statements on better-sqlite3)", async () => {
    const linked = randomUUID();
    const linkedToken = 'tok_' + 'b'.repeat(40);
    const linkId = randomUUID();
    await db().insert(paymentLinks).values({ id: linkId, code: `q${linked.slice(0, 8)}`, title: 'Aula avulsa' });
    await db().insert(orders).values({ id: linked, token: linkedToken, checkoutKey: randomUUID(), status: 'pending', method: 'pix', totalCents: 5000, buyerName: 'Bia', buyerDocument: '52998224725', buyerEmail: 'bia@exemplo.com.br', paymentLinkId: linkId });
    expect(await orderViewByToken(linkedToken)).toMatchObject({ id: linked, linkCode: `q${linked.slice(0, 8)}`, instructionsEmail: null, items: [], payment: null });
    await db().insert(emailOutbox).values({ dedupeKey: `email:${linked}:instructions`, orderId: linked, kind: 'instructions', recipient: 'bia@exemplo.com.br', status: 'failed', lastError: 'caixa cheia' });
    // Another order's e-mail is not this one's.
    await db().insert(emailOutbox).values({ dedupeKey: `email:${orderId}:instructions`, orderId, kind: 'instructions', recipient: 'ana@exemplo.com.br', status: 'sent' });
    expect((await orderViewByToken(linkedToken))?.instructionsEmail).toEqual({ status: 'failed', lastError: 'caixa cheia' });
    expect(await orderViewByToken(token)).toMatchObject({ linkCode: null, instructionsEmail: { status: 'sent', lastError: null } });
  });

  it('finds the order of a checkout submit and the lines to buy again', async () => {
    expect(await orderTokenByCheckoutKey(checkoutKey)).toBe(token);
    expect(await orderTokenByCheckoutKey(randomUUID())).toBeNull();
    expect(await reorderLinesByToken(token)).toEqual([
      { productId: 1, quantity: 1 },
      { productId: 3, quantity: 2 },
    ]);
    expect(await reorderLinesByToken('z'.repeat(43))).toBeNull();
  });
});

/** toIso as it was before the fast path: every value through Date.parse. */
function parsedIso(value: string | null): string | null {
  if (!value) return null;
  const t = Date.parse(value.includes('T') || value.endsWith('Z') ? value : `${value.replace(' ', 'T')}Z`);
  return Number.isNaN(t) ? value : new Date(t).toISOString();
}

describe('toIso', () => {
  it('answers exactly what parsing answers, for every day of leap and common years and odd times', () => {
    const times = ['00:00:00.000', '23:59:59.999', '12:34:56.789', '24:00:00.000', '23:60:00.000', '10:00:61.000'];
    let checked = 0;
    for (const year of ['0000', '1999', '2000', '2024', '2025', '2100', '9999']) {
      for (let month = 0; month <= 13; month++) {
        for (let day = 0; day <= 32; day++) {
          for (const time of times) {
            const value = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${time}Z`;
            expect(toIso(value), value).toBe(parsedIso(value));
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(10_000);
    // Impossible dates still roll over as before; stored ISO comes back untouched.
    expect(toIso('2025-02-30T00:00:00.000Z')).toBe('2025-03-02T00:00:00.000Z');
    expect(toIso('2024-02-29T12:00:00.000Z')).toBe('2024-02-29T12:00:00.000Z');
  });

  it('normalises what a provider may have written and keeps what it cannot read', () => {
    for (const value of ['2026-03-10 15:04:05', '2026-03-10T12:04:05-03:00', '2026-03-10T15:04:05Z', '2026-03-10T15:04:05.1Z', 'ontem', '', null]) {
      expect(toIso(value), String(value)).toBe(parsedIso(value));
    }
    expect(toIso('2026-03-10 15:04:05')).toBe('2026-03-10T15:04:05.000Z');
    expect(toIso('2026-03-10T12:04:05-03:00')).toBe('2026-03-10T15:04:05.000Z');
  });

  it('answers the status route with ISO times whatever form paid_at was stored in', async () => {
    const t = 'tok_' + 'c'.repeat(40);
    await db().insert(orders).values({
      id: randomUUID(),
      token: t,
      checkoutKey: randomUUID(),
      status: 'paid',
      method: 'boleto',
      totalCents: 100,
      buyerName: 'Bia',
      buyerDocument: '52998224725',
      buyerEmail: 'bia@exemplo.com.br',
      paidAt: '2026-03-10 15:04:05',
      updatedAt: '2026-03-10T12:04:05.500-03:00',
    });
    expect(await orderStatusByToken(t)).toEqual({ status: 'paid', paid_at: '2026-03-10T15:04:05.000Z', refunded_cents: 0, updated_at: '2026-03-10T15:04:05.500Z', fulfillment: null });
  });
});
