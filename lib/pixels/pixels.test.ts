/**
 * The ad pixels' server events against a real database and a local receiver standing in for
 * Meta and Google (META_GRAPH_URL / GA4_COLLECT_URL point at it): Purchase written only when the
 * order is paid and its buyer consented, once per order even with two processes, sent with the
 * hashed contact and the browser's values, retried or given up as the platform answers.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { pixelEvents, pixelOrderContexts, pixelSettings } from '@/db/schema';
import { anonymiseBuyer } from '@/lib/buyers/buyer-data';
import { applyObservation } from '@/lib/payments/apply';
import type { Observation } from '@/lib/payments/observation';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { startProcessContext } from '@/lib/process/context';
import { insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { startPixelReceiver } from '@/test/pixels/receiver';
import { raceWorkers } from '@/test/worker-process';
import { sha256Hex } from './hashing';
import { keepOrderContext, purchaseEventId, recordBrowsingEvent } from './record';
import { POST as answerConsent } from '@/app/consentimento/route';
import { NextRequest } from 'next/server';
import { env } from '@/lib/config/env';
import { BROWSING_EVENTS_KEPT_MS, runPixelSenderOnce, sweepPixelEvents } from './sender';
import { getPixelSettings, saveGa4, saveMetaPixel } from './settings';

const pix = (status: string): Observation => ({ method: 'pix', providerStatus: status, observed: chargeStateOf('pix', status), artifacts: {} });
const TOKEN = 'EAABsbCS1iHgBAKZCZBtestTokenOnly';
const SECRET = 'mpSecret_1234';
const VISITOR = { fbp: 'fb.1.1700000000000.123456789', fbc: 'fb.1.1700000000000.IwAR0abc', gaClientId: '123456789.1700000000', ip: '203.0.113.7', userAgent: 'Mozilla/5.0 (Linux; Android 14)', url: 'http://localhost:3000/orders/x' };

let receiver: Awaited<ReturnType<typeof startPixelReceiver>>;
const rowsOf = (orderId: string) => database().db.select().from(pixelEvents).where(eq(pixelEvents.orderId, orderId));
const purchasesAt = (path: 'meta' | 'ga4', orderId: string) =>
  receiver.received.filter((r) =>
    path === 'meta'
      ? r.path.startsWith('/meta/') && (r.body.data as { event_id: string }[])[0].event_id === purchaseEventId(orderId)
      : r.path === '/ga4/mp/collect' && (r.body.events as { params: { event_id: string } }[])[0].params.event_id === purchaseEventId(orderId),
  );

beforeAll(async () => {
  receiver = await startPixelReceiver();
  process.env.META_GRAPH_URL = receiver.metaUrl;
  process.env.GA4_COLLECT_URL = receiver.ga4Url;
  startProcessContext(); // env() read afresh, with the receiver's addresses
  await prepareDatabase();
});
afterAll(() => receiver.close());
beforeEach(async () => {
  receiver.state.status = 200;
  receiver.state.delayMs = 0;
  await saveMetaPixel({ pixelId: '123456789012345', token: TOKEN });
  await saveGa4({ measurementId: 'G-TEST12345', secret: SECRET });
});

describe('settings', () => {
  it('keep the token and the secret sealed at rest, and never give them to a page', async () => {
    const [row] = await database().db.select().from(pixelSettings);
    expect(JSON.stringify(row)).not.toContain(TOKEN);
    expect(JSON.stringify(row)).not.toContain(SECRET);
    expect(await getPixelSettings()).toEqual({ metaPixelId: '123456789012345', hasMetaToken: true, ga4MeasurementId: 'G-TEST12345', hasGa4Secret: true });
    await saveMetaPixel({ pixelId: '123456789012345' }); // blank token: the stored one stays
    expect((await getPixelSettings()).hasMetaToken).toBe(true);
  });
});

describe('Purchase', () => {
  it('only when the order is paid, never at creation, once; sent with the value, the SKUs, the hashed e-mail and the browser\'s values', async () => {
    const { order, payment } = await insertOrderWithPayment({ buyerEmail: ' Maria@Example.com', totalCents: 3990 });
    await keepOrderContext(order.id, VISITOR);
    await applyObservation(payment.id, pix('pending'), 'webhook');
    expect(await rowsOf(order.id)).toEqual([]);

    await applyObservation(payment.id, pix('completed'), 'webhook');
    await applyObservation(payment.id, pix('completed'), 'reconcile');
    await keepOrderContext(order.id, VISITOR);
    const rows = await rowsOf(order.id);
    expect(rows.map((r) => [r.platform, r.name, r.status])).toEqual([
      ['meta', 'Purchase', 'pending'],
      ['ga4', 'purchase', 'pending'],
    ]);

    await runPixelSenderOnce();
    await runPixelSenderOnce();
    const [meta] = purchasesAt('meta', order.id);
    expect(purchasesAt('meta', order.id)).toHaveLength(1);
    expect(meta.path).toBe('/meta/v21.0/123456789012345/events');
    expect(meta.body.access_token).toBe(TOKEN);
    const event = (meta.body.data as Record<string, unknown>[])[0];
    expect(event).toMatchObject({
      event_name: 'Purchase',
      event_id: purchaseEventId(order.id),
      action_source: 'website',
      event_source_url: VISITOR.url,
      user_data: { em: [sha256Hex('maria@example.com')], fbp: VISITOR.fbp, fbc: VISITOR.fbc, client_ip_address: VISITOR.ip, client_user_agent: VISITOR.userAgent },
      custom_data: { currency: 'BRL', value: 39.9 },
    });
    expect(JSON.stringify(event)).not.toMatch(/maria@/i);

    const [ga4] = purchasesAt('ga4', order.id);
    expect(purchasesAt('ga4', order.id)).toHaveLength(1);
    expect(ga4.query.get('measurement_id')).toBe('G-TEST12345');
    expect(ga4.query.get('api_secret')).toBe(SECRET);
    expect(ga4.body).toMatchObject({ client_id: VISITOR.gaClientId, user_data: { sha256_email_address: [sha256Hex('maria@example.com')] } });
    expect((ga4.body.events as unknown[])[0]).toMatchObject({ name: 'purchase', params: { currency: 'BRL', value: 39.9 } });
    expect((await rowsOf(order.id)).map((r) => [r.status, r.attempts, r.lastResult])).toEqual([
      ['sent', 1, 'HTTP 200'],
      ['sent', 1, 'HTTP 200'],
    ]);
  });

  it('"Recusar" after accepting deletes the pending context: the order paid afterwards sends no Purchase (on its page, or by the browser\'s cookies)', async () => {
    const refuse = (voltar: string, cookie = '') =>
      answerConsent(
        new NextRequest(`${env().appUrl}/consentimento`, {
          method: 'POST',
          headers: { origin: env().appUrl, 'content-type': 'application/x-www-form-urlencoded', ...(cookie ? { cookie } : {}) },
          body: new URLSearchParams({ resposta: 'recusar', voltar }).toString(),
        }),
      );
    const onItsPage = await insertOrderWithPayment();
    await keepOrderContext(onItsPage.order.id, VISITOR);
    expect((await refuse(`/orders/${onItsPage.order.token}`)).status).toBe(303);
    const another = await insertOrderWithPayment();
    await keepOrderContext(another.order.id, { ...VISITOR, fbp: 'fb.1.1700000000000.987654321' });
    await refuse('/', '_fbp=fb.1.1700000000000.987654321');
    for (const { order, payment } of [onItsPage, another]) {
      expect(await database().db.select().from(pixelOrderContexts).where(eq(pixelOrderContexts.orderId, order.id))).toEqual([]);
      await applyObservation(payment.id, pix('completed'), 'webhook');
      expect(await rowsOf(order.id)).toEqual([]);
    }
  });

  it('a buyer who gave no consent: the paid order sends nothing', async () => {
    const { order, payment } = await insertOrderWithPayment();
    await applyObservation(payment.id, pix('completed'), 'webhook');
    expect(await rowsOf(order.id)).toEqual([]);
  });

  it('an order paid before its page was shown with consent gets its Purchase then, once', async () => {
    const { order, payment } = await insertOrderWithPayment();
    await applyObservation(payment.id, pix('completed'), 'webhook');
    await keepOrderContext(order.id, VISITOR);
    await keepOrderContext(order.id, VISITOR);
    expect((await rowsOf(order.id)).map((r) => r.dedupeKey)).toEqual([`meta:Purchase:order:${order.id}`, `ga4:Purchase:order:${order.id}`]);
  });

  it('two processes paying the same order and sending at once: one row per platform, one request each', async () => {
    const { order, payment } = await insertOrderWithPayment();
    await keepOrderContext(order.id, VISITOR);
    // A slow platform: each send is in flight long enough for the other process's passes to meet it.
    receiver.state.delayMs = 300;
    const answers = await raceWorkers<{ passes?: number; error?: string }>('test/pixels/pay-and-send-worker.ts', [
      [payment.id, 1500],
      [payment.id, 1500],
    ]);
    expect(answers.every((a) => (a.passes ?? 0) > 0), JSON.stringify(answers)).toBe(true);
    expect((await rowsOf(order.id)).map((r) => [r.platform, r.status])).toEqual([
      ['meta', 'sent'],
      ['ga4', 'sent'],
    ]);
    expect(purchasesAt('meta', order.id)).toHaveLength(1);
    expect(purchasesAt('ga4', order.id)).toHaveLength(1);
  }, 30_000);
});

describe('the sender', () => {
  it('gives up at once on a refusal (4xx), retries a server error later, and fails what a switched-off platform would send', async () => {
    const at = new Date();
    await recordBrowsingEvent({ name: 'PageView', eventId: 'ev-refused', at, url: 'http://localhost/', visitor: VISITOR }, { meta: true, ga4: false });
    receiver.state.status = 400;
    await runPixelSenderOnce();
    const [refused] = await database().db.select().from(pixelEvents).where(eq(pixelEvents.dedupeKey, 'meta:PageView:visit:ev-refused'));
    expect(refused).toMatchObject({ status: 'failed', attempts: 1 });
    expect(refused.lastResult).toMatch(/^HTTP 400: /);

    await recordBrowsingEvent({ name: 'ViewContent', eventId: 'ev-retry', at, visitor: VISITOR, items: [{ id: 'CAFE-250', name: 'Café', quantity: 1, unitCents: 2990 }], valueCents: 2990 }, { meta: true, ga4: false });
    receiver.state.status = 503;
    await runPixelSenderOnce();
    const [retry] = await database().db.select().from(pixelEvents).where(eq(pixelEvents.dedupeKey, 'meta:ViewContent:visit:ev-retry'));
    expect(retry).toMatchObject({ status: 'pending', attempts: 1, lastResult: expect.stringMatching(/^HTTP 503/) });
    expect(Date.parse(retry.nextAttemptAt)).toBeGreaterThan(Date.now() + 5_000);
    const body = JSON.parse(retry.body) as { custom_data: { content_ids: string[] } };
    expect(body.custom_data.content_ids).toEqual(['CAFE-250']);

    await recordBrowsingEvent({ name: 'PageView', eventId: 'ev-off', at, visitor: VISITOR }, { meta: true, ga4: false });
    await saveMetaPixel({ pixelId: '' });
    await runPixelSenderOnce();
    const [off] = await database().db.select().from(pixelEvents).where(eq(pixelEvents.dedupeKey, 'meta:PageView:visit:ev-off'));
    expect(off).toMatchObject({ status: 'failed', lastResult: expect.stringMatching(/^desligado/) });
  });

  it('deletes browsing events a week after they were done, never a pending one nor an order\'s', async () => {
    const key = (id: string) => database().db.select().from(pixelEvents).where(eq(pixelEvents.dedupeKey, `meta:PageView:visit:${id}`));
    await recordBrowsingEvent({ name: 'PageView', eventId: 'ev-old', at: new Date(), visitor: VISITOR }, { meta: true, ga4: false });
    await runPixelSenderOnce();
    await recordBrowsingEvent({ name: 'PageView', eventId: 'ev-queued', at: new Date(), visitor: VISITOR }, { meta: true, ga4: false });
    const later = Date.now() + BROWSING_EVENTS_KEPT_MS + 60_000;
    await sweepPixelEvents(later);
    expect(await key('ev-old')).toEqual([]);
    expect(await key('ev-queued')).toHaveLength(1);
    expect((await database().db.select().from(pixelEvents).where(eq(pixelEvents.name, 'Purchase'))).length).toBeGreaterThan(0);
  });
});

describe('buyers\' data rights', () => {
  it('"Anonimizar" drops the browser\'s values kept for the order and empties its events\' bodies; one not sent is never sent', async () => {
    const { order, payment } = await insertOrderWithPayment({ buyerEmail: 'apagar@example.com', buyerDocument: '11144477735' });
    await keepOrderContext(order.id, VISITOR);
    await applyObservation(payment.id, pix('completed'), 'webhook');
    expect((await anonymiseBuyer({ kind: 'email', email: 'apagar@example.com' }, { id: 1, email: 'dono@loja.example' })).ok).toBe(true);
    expect(await database().db.select().from(pixelOrderContexts).where(eq(pixelOrderContexts.orderId, order.id))).toEqual([]);
    const rows = await rowsOf(order.id);
    expect(rows.map((r) => [r.body, r.status, r.lastResult])).toEqual([
      ['{}', 'failed', 'Comprador anonimizado'],
      ['{}', 'failed', 'Comprador anonimizado'],
    ]);
  });
});
