/**
 * NF-e through the embedded Bling sandbox: the OAuth round trip, one refresh for racing
 * requests, emission through a sales order exactly once across a crash between Bling's answer
 * and our write (after the order's create and after the note's; two processes each), rejection and re-emission, situations polled on the sandbox clock, cancellation
 * inside and outside SEFAZ's 24-hour window.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AUTHORIZE_AFTER_MS, isValidAccessKey, type BlingSandbox } from '@balcao/bling-sandbox';
import { database } from '@/db';
import { blingSettings, orderInvoices, orders, outboundEvents, products } from '@/db/schema';
import { clearOrders, prepareDatabase } from '@/test/payments/db';
import { connectBling, paidOrderWithItem, startBlingContext, testClock, type Clock } from '@/test/nfe/bling';
import { runWorker } from '@/test/worker-process';
import { apiOrderById } from '@/lib/public-api/orders';
import { cancelInvoice, AFTER_WINDOW_MESSAGE } from './cancellation';
import { blingSettingsRow, freshAccessToken, refreshOnce, REFRESH_AHEAD_MS, type BlingTarget } from './connection';
import { latestInvoice, requestEmission, sendDueInvoices } from './emission';
import { connectEmbeddedBling } from './embedded-connection';
import { queueAutomaticEmissions } from './issuer';

let clock: Clock;
let sb: BlingSandbox;
let target: () => BlingTarget;

beforeAll(prepareDatabase);
beforeEach(async () => {
  clock = testClock();
  ({ sb, target } = startBlingContext(clock));
  sb.db.exec('DELETE FROM notes; DELETE FROM tokens; DELETE FROM codes; DELETE FROM sales_orders; DELETE FROM contacts');
  await database().db.delete(orderInvoices);
  await clearOrders();
  await database().db.delete(blingSettings);
  await connectBling(sb);
});

const deps = () => ({ now: clock.now, sleep: clock.sleep, target: target() });
const notesFor = (reference: string) => sb.db.prepare('SELECT id, situation FROM notes WHERE store_ref = ?').all(reference) as { id: number; situation: number }[];
const salesOrdersFor = (reference: string) => sb.db.prepare('SELECT id, note_id FROM sales_orders WHERE store_number = ?').all(reference) as { id: number; note_id: number | null }[];

describe('the connection', () => {
  it('stores the tokens sealed: the database holds no token Bling gave', async () => {
    const row = (await blingSettingsRow())!;
    const tokens = sb.db.prepare('SELECT access, refresh FROM tokens').all() as { access: string; refresh: string }[];
    expect(tokens).toHaveLength(1);
    expect(row.accessTokenSealed).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(tokens[0].access);
    expect(JSON.stringify(row)).not.toContain(tokens[0].refresh);
    expect(await freshAccessToken(deps())).toBe(tokens[0].access);
  });

  it('refuses a callback whose state is not the one it made', async () => {
    const { finishAuthorization } = await import('./connection');
    expect(await finishAuthorization({ code: 'x', state: 'forged', error: null })).toMatchObject({ ok: false });
  });

  it('ten racing requests near the token end make one refresh; the old refresh token is spent once', async () => {
    clock.advance(6 * 3600_000 - REFRESH_AHEAD_MS + 1000);
    const tokens = await Promise.all(Array.from({ length: 10 }, () => freshAccessToken(deps())));
    expect(new Set(tokens).size).toBe(1);
    const rows = sb.db.prepare('SELECT refreshed FROM tokens ORDER BY rowid').all() as { refreshed: number }[];
    expect(rows.map((r) => r.refreshed)).toEqual([1, 0]);
  });

  it('a 401 (the token expired early) is answered by one refresh and the call goes through', async () => {
    const before = await freshAccessToken(deps());
    await (await import('@balcao/bling-sandbox')).handleBlingCall(sb, { method: 'POST', path: ['sim', 'expire-tokens'], query: new URLSearchParams(), authorization: null, contentType: null, body: '', baseUrl: '' });
    const results = await Promise.all(Array.from({ length: 5 }, () => refreshOnce(before, deps())));
    expect(new Set(results).size).toBe(1);
    expect(results[0]).not.toBe(before);
  });
});

describe('emission', () => {
  it('is authorised on the sandbox clock, with a valid key, and writes order.invoiced once', async () => {
    const { orderId } = await paidOrderWithItem();
    expect(await requestEmission(orderId, deps())).toMatchObject({ ok: true, created: true });
    expect(await requestEmission(orderId, deps())).toMatchObject({ ok: true, created: false });
    await sendDueInvoices(deps());
    expect((await latestInvoice(orderId))!.invoiceStatus).toBe('processing');
    await sendDueInvoices(deps()); // not due yet: nothing asked
    clock.advance(AUTHORIZE_AFTER_MS);
    await sendDueInvoices(deps());
    const row = (await latestInvoice(orderId))!;
    expect(row).toMatchObject({ invoiceStatus: 'authorized', status: 'sent' });
    expect(isValidAccessKey(row.accessKey!)).toBe(true);
    expect(row.accessKey!.slice(20, 22)).toBe('55');
    const events = await database().db.select().from(outboundEvents).where(and(eq(outboundEvents.orderId, orderId), eq(outboundEvents.type, 'order.invoiced')));
    expect(events).toHaveLength(1);
    const api = await apiOrderById(orderId);
    expect(api!.invoice).toMatchObject({ status: 'authorized', access_key: row.accessKey });
    expect(api!.invoice!.danfe_url).toMatch(/\/orders\/[\w-]+\/nota-fiscal$/);
  });

  it('goes to Bling as a sales order (the reference as numeroLoja) whose NF-e is made from it', async () => {
    const { orderId } = await paidOrderWithItem();
    const { row } = (await requestEmission(orderId, deps())) as { row: { reference: string } };
    await sendDueInvoices(deps());
    const [order] = salesOrdersFor(row.reference);
    expect(order.note_id).not.toBeNull();
    expect(notesFor(row.reference)).toEqual([{ id: order.note_id, situation: 4 }]);
    expect(await latestInvoice(orderId)).toMatchObject({ blingSalesOrderId: String(order.id), blingNoteId: String(order.note_id) });
    const calls = sb.calls.map((c) => c.path);
    expect(calls.indexOf('POST Api/v3/pedidos/vendas')).toBeGreaterThan(calls.indexOf('GET Api/v3/pedidos/vendas'));
    expect(calls).toContain(`POST Api/v3/pedidos/vendas/${order.id}/gerar-nfe`);
    expect(calls).not.toContain('POST Api/v3/nfe');
  });

  it('a crash between Bling\'s "order created" and our write makes no second order (two processes)', async () => {
    const { orderId } = await paidOrderWithItem();
    const { row } = (await requestEmission(orderId, deps())) as { row: { reference: string } };
    await expect(runWorker('test/nfe/emit-crash-worker.ts', [clock.now(), 'crash-sales-order'])).rejects.toThrow();
    expect(salesOrdersFor(row.reference)).toHaveLength(1);
    expect(notesFor(row.reference)).toHaveLength(0);
    expect((await latestInvoice(orderId))!.blingSalesOrderId).toBeNull(); // nothing was written here
    // Another process, once the crashed one's lease has lapsed: it reads back and adopts the order.
    const answer = await runWorker<{ done: number }>('test/nfe/emit-crash-worker.ts', [clock.now() + 61_000, 'run']);
    expect(answer.done).toBe(1);
    const orders = salesOrdersFor(row.reference);
    expect(orders).toHaveLength(1);
    expect(notesFor(row.reference)).toHaveLength(1);
    expect(await latestInvoice(orderId)).toMatchObject({ blingSalesOrderId: String(orders[0].id), blingNoteId: String(orders[0].note_id) });
  });

  it('a crash between Bling\'s "note made" and our write makes no second note (two processes)', async () => {
    const { orderId } = await paidOrderWithItem();
    const { row } = (await requestEmission(orderId, deps())) as { row: { reference: string } };
    await expect(runWorker('test/nfe/emit-crash-worker.ts', [clock.now(), 'crash-note'])).rejects.toThrow();
    expect(notesFor(row.reference)).toHaveLength(1);
    const crashed = (await latestInvoice(orderId))!;
    expect(crashed.blingSalesOrderId).toBe(String(salesOrdersFor(row.reference)[0].id));
    expect(crashed.blingNoteId).toBeNull(); // the note was made in Bling, nothing written here
    const answer = await runWorker<{ done: number }>('test/nfe/emit-crash-worker.ts', [clock.now() + 61_000, 'run']);
    expect(answer.done).toBe(1);
    expect(salesOrdersFor(row.reference)).toHaveLength(1);
    expect(notesFor(row.reference)).toHaveLength(1);
    expect((await latestInvoice(orderId))!.blingNoteId).toBe(String(notesFor(row.reference)[0].id));
  });

  it('is rejected for an item without NCM, says which product to fix, and is emitted again once fixed', async () => {
    const { orderId, productId, productName } = await paidOrderWithItem({ ncm: null });
    await requestEmission(orderId, deps());
    await sendDueInvoices(deps());
    const rejected = (await latestInvoice(orderId))!;
    expect(rejected.invoiceStatus).toBe('rejected');
    expect(rejected.rejectionReason).toBe(`O produto "${productName}" está sem NCM válido. Preencha o NCM no produto e emita de novo.`);
    await database().db.update(products).set({ ncm: '09012100' }).where(eq(products.id, productId));
    expect(await requestEmission(orderId, deps())).toMatchObject({ ok: true, created: true });
    await sendDueInvoices(deps());
    clock.advance(AUTHORIZE_AFTER_MS);
    await sendDueInvoices(deps());
    const again = (await latestInvoice(orderId))!;
    expect(again).toMatchObject({ attempt: 2, invoiceStatus: 'authorized' });
  });

  it('waits out SEFAZ being down and retries later', async () => {
    const { orderId } = await paidOrderWithItem();
    sb.faults.sefazDown = true;
    await requestEmission(orderId, deps());
    await sendDueInvoices(deps());
    const waiting = (await latestInvoice(orderId))!;
    expect(waiting).toMatchObject({ status: 'pending', invoiceStatus: 'processing' });
    expect(waiting.lastError).toContain('SEFAZ');
    sb.faults.sefazDown = false;
    clock.advance(60_000);
    await sendDueInvoices(deps());
    clock.advance(AUTHORIZE_AFTER_MS);
    await sendDueInvoices(deps());
    expect((await latestInvoice(orderId))!.invoiceStatus).toBe('authorized');
    expect(sb.db.prepare('SELECT COUNT(*) AS n FROM notes').get()).toEqual({ n: 1 });
  });
});

describe('a development install', () => {
  it('connects itself to the embedded sandbox once, and issues paid orders automatically', async () => {
    await database().db.delete(blingSettings);
    expect(await connectEmbeddedBling()).toBe(true);
    expect(await connectEmbeddedBling()).toBe(false);
    expect(await blingSettingsRow()).toMatchObject({ autoEmit: true, natureId: '1001', series: 1 });
    const { orderId } = await paidOrderWithItem();
    expect(await queueAutomaticEmissions()).toBe(1);
    expect(await queueAutomaticEmissions()).toBe(0);
    expect((await latestInvoice(orderId))!.attempt).toBe(1);
  });
});

describe('cancellation', () => {
  async function authorizedOrder() {
    const { orderId } = await paidOrderWithItem();
    await requestEmission(orderId, deps());
    await sendDueInvoices(deps());
    clock.advance(AUTHORIZE_AFTER_MS);
    await sendDueInvoices(deps());
    return orderId;
  }

  it('needs a refunded or canceled order; then cancels within 24 h', async () => {
    const orderId = await authorizedOrder();
    expect(await cancelInvoice(orderId, deps())).toMatchObject({ ok: false, message: 'Reembolse ou cancele o pedido antes de cancelar a NF-e.' });
    await database().db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId));
    clock.advance(23 * 3600_000);
    expect(await cancelInvoice(orderId, deps())).toEqual({ ok: true });
    expect((await latestInvoice(orderId))!.invoiceStatus).toBe('canceled');
  });

  it('after 24 h says to issue the return note in Bling', async () => {
    const orderId = await authorizedOrder();
    await database().db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId));
    clock.advance(24 * 3600_000 + 1000);
    expect(await cancelInvoice(orderId, deps())).toEqual({ ok: false, message: AFTER_WINDOW_MESSAGE, afterWindow: true });
    expect((await latestInvoice(orderId))!.invoiceStatus).toBe('authorized');
  });
});

