import { asc, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { digitalAccess, orders, paymentEvents } from '@/db/schema';
import { EBOOK_FILE_NAME, ebookPdf } from '@/db/seed-ebook';
import { digitalOffersOf } from '@/lib/digital/access';
import { readWholeFile } from '@/lib/digital/files';
import { ACCESS_MAX_USES } from '@/lib/digital/signed-link';
import { ebookOrder, linkToken } from '@/test/digital/orders';
import { outboxOf, orderRow } from '@/test/fulfilment/orders';
import { clearOrders, prepareDatabase } from '@/test/payments/db';
import { raceWorkers } from '@/test/worker-process';
import { renewDigitalAccess, revokeDigitalAccess, openDigitalAccess } from './digital-access';

const WORKER = 'test/digital/use-worker.ts';

beforeAll(prepareDatabase);
beforeEach(async () => {
  await database().db.delete(digitalAccess);
  await clearOrders();
});

const eventsOf = async (orderId: string, type: string) =>
  (await database().db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId)).orderBy(asc(paymentEvents.id))).filter((e) => e.type === type);

describe('the signed link of a paid order', () => {
  it('gives the seeded e-book, byte for byte, and logs the download on the order', async () => {
    const { order, itemId } = await ebookOrder();
    const use = await openDigitalAccess(linkToken(order.id, itemId, order.paidAt!));
    expect(use).toMatchObject({ ok: true, kind: 'file', use: 1 });
    if (!use.ok) return;
    const bytes = await readWholeFile(use.fileId!);
    expect(bytes.equals(Buffer.from(await ebookPdf()))).toBe(true);
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const [logged] = await eventsOf(order.id, 'digital_accessed');
    expect(logged).toMatchObject({ source: 'buyer' });
    expect(JSON.parse(logged!.detail!)).toMatchObject({ item: 'E-book: Guia do café coado', use: 1, of: 5 });
    expect(EBOOK_FILE_NAME).toMatch(/\.pdf$/);
  });

  it('nothing is reachable before "Pago": no offer, and the link is refused', async () => {
    const { order, itemId } = await ebookOrder({ status: 'pending' });
    expect(await digitalOffersOf(order)).toEqual([]);
    const use = await openDigitalAccess(linkToken(order.id, itemId, new Date().toISOString()));
    expect(use).toMatchObject({ ok: false, status: 403, error: 'O acesso é liberado quando o pagamento do pedido é confirmado.' });
  });

  it('is exhausted at 5 uses', async () => {
    const { order, itemId } = await ebookOrder();
    const token = linkToken(order.id, itemId, order.paidAt!);
    for (let i = 1; i <= ACCESS_MAX_USES; i++) expect(await openDigitalAccess(token)).toMatchObject({ ok: true, use: i });
    expect(await openDigitalAccess(token)).toMatchObject({ ok: false, status: 410, error: expect.stringContaining('5 vezes') });
    expect(await eventsOf(order.id, 'digital_accessed')).toHaveLength(5);
  });

  it('expires 7 days after the payment', async () => {
    const paidAt = new Date(Date.now() - 8 * 24 * 3600 * 1000).toISOString();
    const { order, itemId } = await ebookOrder({ paidAt });
    expect(await openDigitalAccess(linkToken(order.id, itemId, paidAt))).toMatchObject({ ok: false, status: 410, error: expect.stringContaining('expirou') });
    // A forged later expiry does not verify.
    expect(await openDigitalAccess(linkToken(order.id, itemId, paidAt, { expiresAt: new Date(Date.now() + 86400_000).toISOString() }).replace(/\.[^.]+$/, `.${'A'.repeat(43)}`))).toMatchObject({ ok: false, status: 404 });
    // The state, not the link, decides: a link that says later but was never issued is refused too.
    expect(await openDigitalAccess(linkToken(order.id, itemId, paidAt, { expiresAt: new Date(Date.now() + 86400_000).toISOString() }))).toMatchObject({ ok: false, status: 410 });
  });

  it("another order's token never opens this order's file", async () => {
    const a = await ebookOrder();
    const b = await ebookOrder();
    // Signed for order A, pointing at order B's line.
    expect(await openDigitalAccess(linkToken(a.order.id, b.itemId, a.order.paidAt!))).toMatchObject({ ok: false, status: 404, error: 'Este link de acesso não é válido.' });
    expect(await eventsOf(b.order.id, 'digital_accessed')).toHaveLength(0);
  });

  it('revoked: refused at once; "Reenviar acesso" gives a new link (old ones stale) and mails it through the outbox', async () => {
    const { order, itemId } = await ebookOrder();
    const old = linkToken(order.id, itemId, order.paidAt!);
    expect(await openDigitalAccess(old)).toMatchObject({ ok: true });
    expect(await revokeDigitalAccess(order.id, 'loja@example.com')).toMatchObject({ ok: true });
    expect(await openDigitalAccess(old)).toMatchObject({ ok: false, error: 'O acesso a este produto foi encerrado pela loja.' });
    expect(await revokeDigitalAccess(order.id, 'loja@example.com')).toEqual({ ok: false, error: 'O acesso já está revogado.' });

    expect(await renewDigitalAccess(order.id, 'loja@example.com')).toMatchObject({ ok: true });
    expect(await openDigitalAccess(old)).toMatchObject({ ok: false, error: expect.stringContaining('substituído') });
    const [offer] = await digitalOffersOf({ id: order.id, status: 'paid' });
    expect(offer).toMatchObject({ action: 'Baixar', verdict: { ok: true } });
    expect(await openDigitalAccess(offer!.href.replace('/d/', ''))).toMatchObject({ ok: true, use: 1 });
    expect((await outboxOf(order.id)).map((e) => [e.kind, e.dedupeKey])).toEqual([['paid', `email:${order.id}:paid:access:1`]]);
    expect(await eventsOf(order.id, 'digital_access_revoked')).toHaveLength(1);
    expect(await eventsOf(order.id, 'digital_access_renewed')).toHaveLength(1);
  });

  it('a full refund revokes it at once', async () => {
    const { order, itemId } = await ebookOrder();
    const token = linkToken(order.id, itemId, order.paidAt!);
    expect(await openDigitalAccess(token)).toMatchObject({ ok: true });
    await database().db.update(orders).set({ status: 'refunded', refundedCents: order.totalCents }).where(eq(orders.id, order.id));
    expect(await openDigitalAccess(token)).toMatchObject({ ok: false, status: 410, error: 'O pedido foi reembolsado: o acesso ao produto foi encerrado.' });
    expect(await digitalOffersOf({ id: order.id, status: 'refunded' })).toEqual([]);
    expect(await renewDigitalAccess(order.id, 'loja@example.com')).toMatchObject({ ok: false });
  });
});

describe('an order with nothing to ship counts as delivered when first downloaded', () => {
  it('through the fulfilment move, once', async () => {
    const { order, itemId } = await ebookOrder();
    const token = linkToken(order.id, itemId, order.paidAt!);
    await openDigitalAccess(token);
    await openDigitalAccess(token);
    const row = await orderRow(order.id);
    expect(row).toMatchObject({ fulfillmentStatus: 'delivered', fulfillmentBy: 'comprador' });
    const moves = await eventsOf(order.id, 'fulfillment_changed');
    expect(moves).toHaveLength(1);
    expect(moves[0]).toMatchObject({ source: 'buyer', fromStatus: 'unfulfilled', toStatus: 'delivered' });
    // No "Pedido entregue" e-mail about the buyer's own download.
    expect(await outboxOf(order.id)).toEqual([]);
  });

  it('an order mixing shipped and digital items gets the download and keeps its shipping steps', async () => {
    const { order, itemId } = await ebookOrder({ method: 'delivery' });
    expect(await openDigitalAccess(linkToken(order.id, itemId, order.paidAt!))).toMatchObject({ ok: true });
    expect((await orderRow(order.id)).fulfillmentStatus).toBe('unfulfilled');
    expect(await eventsOf(order.id, 'fulfillment_changed')).toHaveLength(0);
  });

  it('two server processes downloading at once: one move to "Entregue", every use counted, never past 5', async () => {
    const { order, itemId } = await ebookOrder();
    const token = linkToken(order.id, itemId, order.paidAt!);
    const results = (await raceWorkers<{ ok: boolean; use?: number }[]>(WORKER, [[token, 3], [token, 3]])).flat();
    expect(results).toHaveLength(6);
    const served = results.filter((r) => r.ok);
    expect(served).toHaveLength(5);
    expect(served.map((r) => r.use).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await eventsOf(order.id, 'fulfillment_changed')).toHaveLength(1);
    expect(await eventsOf(order.id, 'digital_accessed')).toHaveLength(5);
    expect((await database().db.select().from(digitalAccess).where(eq(digitalAccess.orderItemId, itemId)))[0]!.uses).toBe(5);
  }, 90_000);

  it('at the last use, two processes pressing "Baixar" at once, each then seeking in its session: one session opens, the seeks spend nothing, never past 5', async () => {
    const { order, itemId } = await ebookOrder();
    const token = linkToken(order.id, itemId, order.paidAt!);
    for (let i = 1; i < ACCESS_MAX_USES; i++) expect(await openDigitalAccess(token)).toMatchObject({ ok: true, use: i });
    type Result = { ok: boolean; use?: number; seeks?: number; error?: string };
    const results = (await raceWorkers<Result[]>(WORKER, [[token, 1, 8], [token, 1, 8]])).flat();
    expect(results).toHaveLength(2);
    const served = results.filter((r) => r.ok);
    expect(served).toEqual([{ ok: true, use: 5, seeks: 8 }]);
    expect(results.find((r) => !r.ok)!.error).toContain('5 vezes');
    expect((await database().db.select().from(digitalAccess).where(eq(digitalAccess.orderItemId, itemId)))[0]!.uses).toBe(5);
    expect(await eventsOf(order.id, 'digital_accessed')).toHaveLength(5);
  }, 90_000);
});
