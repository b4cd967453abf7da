import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { database, db, ensureMigrated } from '@/db';
import { orderItems, orders, payments } from '@/db/schema';
import { seed } from '@/db/seed';
import { looksLikeToken, orderStatusByToken, orderTokenByCheckoutKey, orderViewByToken, reorderLinesByToken } from './queries';

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
