/**
 * Chaos: the real client talks HTTP to the embedded sandbox on 127.0.0.1, the sandbox sends
 * its webhooks over HTTP to the real route handler, and the sandbox's faults are on: 30 % of
 * webhooks dropped, 30 % duplicated, deliveries reordered, 10 % of API requests answered 500
 * and 5 % 429. Sixty mixed Pix/boleto orders are paid, canceled, refunded and expired; then
 * reconciliation runs until quiet and every order must match the provider, no state change
 * may be applied twice, and the money must add up to the sandbox balance.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POST as webhookRoute } from '@/app/api/webhooks/payments/[token]/route';
import { database } from '@/db';
import { caughtEmails, emailOutbox, paymentEvents, payments, webhookDeliveries, type Order, type Payment, type PaymentEvent } from '@/db/schema';
import { emailKey } from '@/lib/email/keys';
import { catcherTransport } from '@/lib/email/transport';
import { drainOutbox } from '@/lib/email/worker';
import { createPaymentProvider, type PaymentProvider } from '@/lib/payment-provider/client';
import { closeSandboxContext, createSandboxContext, handleSandboxRequestWith, type SandboxContext } from '@balcao/payment-sandbox';
import { sandboxSegments, startHttpServer, type TestServer } from '@/packages/payment-sandbox/test/http-server';
import { placeOrder } from '@/lib/checkout/place-order';
import { tokenHash } from '@/lib/security/tokens';
import { cancelOrderPayment, MESSAGES, refundDoublePayment, refundOrderPayment } from './merchant-actions';
import { switchToPix } from './attempts';
import { runWorker } from '@/test/worker-process';
import { recordManualRefund } from './manual-refund';
import { reconcileAll } from './reconcile';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { signWebhook } from './webhook-signature';
import { deliveriesOfToken, emailsOf, eventsOf, orderById, paymentById, prepareDatabase, productIdBySlug, statusEventsOf } from '@/test/payments/db';
import { checkoutInput, rowsByToken } from '@/test/payments/place';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';

const KEY = 'sk_sandbox_dev';
const ACTOR = 'demo@balcao.dev';

let server: TestServer;
let sandbox: SandboxContext;
let client: PaymentProvider;
let cafe: number;

/** A small deterministic PRNG (mulberry32) so a failing run can be replayed (CHAOS_SEED=<n>). */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

beforeAll(async () => {
  process.env.RATE_LIMIT_WEBHOOK_PER_MIN = '1000000';
  server = await startHttpServer(async (req) => {
    const { pathname } = new URL(req.url);
    const segments = sandboxSegments(pathname);
    if (segments) return handleSandboxRequestWith(sandbox, req, segments);
    const m = /^\/api\/webhooks\/payments\/([^/]+)$/.exec(pathname);
    if (m && req.method === 'POST') return webhookRoute(req, { params: Promise.resolve({ token: decodeURIComponent(m[1]) }) });
    return Response.json({ error: 'not found' }, { status: 404 });
  });
  process.env.APP_URL = server.url; // notification_url → this server
  startProcessContext();
  sandbox = createSandboxContext({
    databaseUrl: process.env.SANDBOX_DATABASE_URL!,
    appUrl: server.url,
    allowHttpWebhooks: true,
    random: seeded(Number(process.env.CHAOS_SEED ?? 20250610)),
  });
  await prepareDatabase();
  cafe = await productIdBySlug('cafe-especial-250g');
  // Retries inside the client wait at most 20 ms (the sandbox asks for 1 s).
  client = createPaymentProvider({ baseUrl: `${server.url}/api/sandbox`, apiKey: KEY, sleep: (ms) => new Promise((r) => setTimeout(r, Math.min(ms, 20))) });
  startProcessContext([paymentProvider.provide(client)]);
}, 60_000);

afterAll(async () => {
  startProcessContext();
  await server?.close();
  if (sandbox) closeSandboxContext(sandbox);
  delete process.env.RATE_LIMIT_WEBHOOK_PER_MIN;
  delete process.env.APP_URL;
  startProcessContext();
});

async function sim<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; json: T }> {
  const res = await fetch(`${server.url}/api/sandbox/sim/${path}`, {
    method,
    headers: { 'X-API-KEY': KEY, 'Content-Type': 'application/json', 'User-Agent': 'BalcaoChaosTest/1.0' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as T };
}

const setFaults = (f: Record<string, unknown>) => sim('PUT', 'faults', f);
const flush = () => sim<{ attempted: number }>('POST', 'webhooks/flush');
const advanceClock = (seconds: number) => sim('POST', 'clock', { advance_seconds: seconds });

/** Places an order, retrying the same submit (same checkout key) as a buyer would after an error. */
async function placeWithRetries(method: 'pix' | 'boleto', quantity: number): Promise<{ order: Order; payment: Payment; failures: number }> {
  const input = checkoutInput(method, cafe, quantity);
  let failures = 0;
  for (let attempt = 0; attempt < 30; attempt++) {
    const r = await placeOrder(input);
    if (r.ok) return { ...(await rowsByToken(r.orderToken)), failures };
    failures++;
  }
  throw new Error('placeOrder kept failing');
}

function webhookUrl(token: string) {
  return `${server.url}/api/webhooks/payments/${token}`;
}

async function postWebhook(token: string, body: string, headers: Record<string, string> = {}) {
  return fetch(webhookUrl(token), { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers } });
}

describe('webhooks over HTTP against the sandbox', () => {
  it('a forged webhook with a valid token and a lying body leaves the order unpaid', async () => {
    await setFaults({});
    const { order, payment } = await placeWithRetries('pix', 1);
    const lie = JSON.stringify({ id: 'evt-forged', type: 'QRCodeCompleted', created_at: new Date().toISOString(), data: { id: payment.providerId, status: 'completed' } });
    const res = await postWebhook(payment.webhookToken, lie);
    expect(res.status).toBe(200);
    expect((await orderById(order.id))!.status).toBe('pending');
    expect((await client.getPix(payment.providerId!)).status).not.toBe('completed');
  });

  it('unknown token → 404; bad signature → 401; stale timestamp → 401', async () => {
    const { order, payment } = await placeWithRetries('boleto', 1);
    await sim('POST', `charges/${payment.providerId}/pay`).catch(() => undefined); // not payable yet (not registered): fine either way
    const body = JSON.stringify({ id: 'e', type: 'ChargePaid', data: {} });
    expect((await postWebhook('A'.repeat(43), body)).status).toBe(404);

    const ts = String(Math.floor(Date.now() / 1000));
    const bad = await postWebhook(payment.webhookToken, body, { 'X-Pagou-Timestamp': ts, 'X-Pagou-Signature': signWebhook('sk_not_the_key', ts, body) });
    expect(bad.status).toBe(401);
    const oldTs = String(Math.floor(Date.now() / 1000) - 600);
    const stale = await postWebhook(payment.webhookToken, body, { 'X-Pagou-Timestamp': oldTs, 'X-Pagou-Signature': `sha256=${signWebhook(KEY, oldTs, body)}` });
    expect(stale.status).toBe(401);
    const rows = await deliveriesOfToken(tokenHash(payment.webhookToken));
    expect(rows.map((r) => `${r.signature}:${r.httpStatus}`)).toEqual(['invalid:401', 'stale:401']);
    expect((await orderById(order.id))!.status).toBe('pending');
  });

  it('a storm of the same signed delivery 1,000× changes the state exactly once', async () => {
    await setFaults({});
    const { order, payment } = await placeWithRetries('pix', 1);
    await advanceClock(2);
    expect((await sim('POST', `pix/${payment.providerId}/pay`)).status).toBe(200);
    const body = JSON.stringify({ id: 'evt-storm', type: 'QRCodeCompleted', created_at: new Date().toISOString(), data: { id: payment.providerId } });
    const ts = String(Math.floor(Date.now() / 1000));
    const headers = { 'X-Pagou-Timestamp': ts, 'X-Pagou-Signature': signWebhook(KEY, ts, body) };
    const statuses: number[] = [];
    for (let batch = 0; batch < 20; batch++) {
      const results = await Promise.all(Array.from({ length: 50 }, () => postWebhook(payment.webhookToken, body, headers)));
      for (const r of results) statuses.push(r.status);
    }
    expect(statuses).toHaveLength(1000);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(await statusEventsOf(payment.id)).toHaveLength(1);
    const rows = await deliveriesOfToken(tokenHash(payment.webhookToken));
    expect(rows.filter((r) => r.outcome === 'applied')).toHaveLength(1);
    expect(rows.filter((r) => r.eventId === 'evt-storm')).toHaveLength(1000);
    expect((await orderById(order.id))!.status).toBe('paid');
  }, 120_000);
});

type SwitchPlan = 'pix' | 'late_after_pix' | 'late_before_pix' | 'crash';
const SWITCH_PLANS: SwitchPlan[] = ['pix', 'late_after_pix', 'late_before_pix', 'crash'];

/** Webhooks and reconciliation until two quiet rounds. */
async function untilQuiet(): Promise<number> {
  let quiet = 0;
  for (let round = 0; round < 40 && quiet < 2; round++) {
    const f = await flush();
    const r = await reconcileAll();
    quiet = f.json.attempted === 0 && r.changed === 0 ? quiet + 1 : 0;
  }
  return quiet;
}

/** The buyer clicks "Pagar com Pix agora" until the Pix is there (a click after an error resumes the same switch). */
async function switchUntilPix(token: string, orderId: string): Promise<void> {
  for (let click = 0; click < 30; click++) {
    const r = await switchToPix(token);
    const current = (await attemptsOfOrder(orderId)).find((p) => !p.supersededAt);
    if (r.ok && current?.pixCode) return;
    if ((await orderById(orderId))!.status === 'paid') return; // the boleto was settled meanwhile
  }
  throw new Error('the switch never finished');
}

async function attemptsOfOrder(orderId: string): Promise<Payment[]> {
  return database().db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.attempt);
}

describe('chaos: boletos switched to Pix under dropped, duplicated and reordered webhooks, a flaky API and a SIGKILL mid-switch', () => {
  it('ends with every order paid by exactly one counted attempt or flagged, every attempt equal to the provider, and the money adding up', async () => {
    await setFaults({});
    const balanceBefore = (await client.getBalance()).balanceCents;
    await setFaults({ error_rate: 0.1, rate_limit_rate: 0.05, retry_after_seconds: 1, webhook_drop_rate: 0.3, webhook_duplicate_rate: 0.3, webhook_reorder: true });

    const runs: { plan: SwitchPlan; order: Order; boleto: Payment }[] = [];
    for (let i = 0; i < 16; i++) {
      const r = await placeWithRetries('boleto', 1 + (i % 2));
      runs.push({ plan: SWITCH_PLANS[i % SWITCH_PLANS.length], order: r.order, boleto: r.payment });
    }
    await advanceClock(5);
    for (let round = 0; round < 20; round++) {
      await flush();
      await reconcileAll();
      const rows = await database().db.select().from(payments).where(inArray(payments.id, runs.map((r) => r.boleto.id)));
      if (rows.every((p) => p.digitableLine)) break;
    }

    // The switches, concurrently; the crash plan's server dies between the boleto's DELETE and the Pix.
    await Promise.all(
      runs.map(async (r) => {
        if (r.plan === 'crash') {
          await runWorker('test/payments/switch-crash-worker.ts', [server.url, r.order.token]).catch(() => undefined);
          expect((await attemptsOfOrder(r.order.id)).length).toBe(2);
        }
        if (r.plan === 'late_before_pix') {
          // The bank settles the boleto as the buyer clicks: before or after the DELETE reaches it.
          const settled = sim('POST', `charges/${r.boleto.providerId}/pay`);
          await switchUntilPix(r.order.token, r.order.id).catch(() => undefined);
          if ((await settled).status !== 200) expect((await sim('POST', `charges/${r.boleto.providerId}/settle-late`)).status).toBe(200);
          return;
        }
        await switchUntilPix(r.order.token, r.order.id);
      }),
    );
    await advanceClock(5); // the new Pix codes are active

    for (const r of runs) {
      const current = (await attemptsOfOrder(r.order.id)).find((p) => !p.supersededAt)!;
      if (r.plan !== 'late_before_pix') {
        expect(current.method).toBe('pix');
        expect((await sim('POST', 'pay', { code: current.pixCode })).status).toBe(200);
      }
      if (r.plan === 'late_after_pix') {
        // Settled after the cancellation, or before it reached the provider (its DELETE met a fault): paid either way.
        const late = await sim('POST', `charges/${r.boleto.providerId}/settle-late`);
        if (late.status !== 200) expect((await sim('POST', `charges/${r.boleto.providerId}/pay`)).status).toBe(200);
      }
    }
    expect(await untilQuiet()).toBe(2);

    // Half the double payments are refunded by the merchant ("Reembolsar o Pix em duplicidade").
    const doubles = [];
    for (const r of runs) if ((await orderById(r.order.id))!.doublePaidAt) doubles.push(r);
    expect(doubles.length).toBeGreaterThan(0);
    for (const r of doubles.filter((_, i) => i % 2 === 0)) {
      for (let attempt = 0; attempt < 30; attempt++) {
        const pix = (await attemptsOfOrder(r.order.id)).find((p) => p.method === 'pix' && p.supersededAt && p.paidAt)!;
        if (pix.status === 'refunded') break;
        const res = await refundDoublePayment(r.order.id, ACTOR);
        if (!res.ok && res.error === MESSAGES.refundInProgress) {
          await database().db.update(paymentEvents).set({ createdAt: new Date(Date.now() - 10 * 60_000).toISOString() }).where(eq(paymentEvents.dedupeKey, `refund:${pix.id}`));
        }
        await reconcileAll();
      }
    }
    expect(await untilQuiet()).toBe(2);

    await setFaults({});
    // Time passes: creates whose answer was lost are retried (or given up) once 30 s old.
    await database().db.update(payments).set({ createdAt: new Date(Date.now() - 60_000).toISOString() }).where(eq(payments.createState, 'creating'));
    expect(await untilQuiet()).toBe(2);
    let net = 0;
    for (const r of runs) {
      const order = (await orderById(r.order.id))!;
      const all = await attemptsOfOrder(r.order.id);
      const current = all.filter((p) => !p.supersededAt);
      expect(current).toHaveLength(1);
      expect({ id: order.id, status: order.status }).toEqual({ id: order.id, status: 'paid' });
      expect(order.totalCents).toBe(current[0].amountCents);
      expect(current[0].status).toBe('paid');
      const paid = all.filter((p) => p.paidAt);
      expect({ plan: r.plan, paid: paid.length }).toEqual({ plan: r.plan, paid: order.doublePaidAt ? 2 : 1 });
      if (r.plan === 'pix' || r.plan === 'crash') expect(order.doublePaidAt).toBeNull();
      if (r.plan === 'late_after_pix') expect(order.doublePaidAt).toBeTruthy();
      for (const p of all) {
        // Every attempt as the provider says it; each state entered once.
        if (!p.providerId) {
          expect(p.createState).toBe('failed');
          continue;
        }
        const provider = p.method === 'pix' ? (await client.getPix(p.providerId)).status : (await client.getBoleto(p.providerId)).status;
        const observed = chargeStateOf(p.method, provider);
        expect({ id: p.id, status: p.status }).toEqual({ id: p.id, status: observed === 'canceled' ? (p.cancelRequestedAt ? 'canceled' : 'expired') : observed });
        const chain = await statusEventsOf(p.id);
        expect(new Set(chain.map((e) => e.toStatus)).size).toBe(chain.length);
        if (p.paidAt) net += p.amountCents - p.refundedCents;
      }
    }
    expect(net - ((await client.getBalance()).balanceCents - balanceBefore)).toBe(0);
  }, 300_000);
});

type Plan = 'paid' | 'refunded' | 'partial' | 'canceled' | 'expired';
const PLANS: Plan[] = ['paid', 'refunded', 'partial', 'canceled', 'expired'];

/**
 * The e-mails an order's history calls for: the instructions once the charge could be paid
 * (Pix: created; boleto: registered while still pending), one per state entered (paid,
 * refunded), and canceled/expired only for a shopper who was sent the instructions.
 */
function expectedEmails(orderId: string, events: PaymentEvent[], method: 'pix' | 'boleto'): string[] {
  const out: string[] = [];
  let instructions = false;
  if (method === 'pix') instructions = events.some((e) => e.type === 'created');
  else {
    const registered = events.find((e) => e.type === 'registered');
    // Status events of the same transaction come first: the state it left the order in.
    const before = registered ? events.filter((e) => e.type === 'status_changed' && e.id < registered.id).at(-1) : undefined;
    instructions = !!registered && (before?.toStatus ?? 'pending') === 'pending';
  }
  if (instructions) out.push(emailKey.instructions(orderId));
  for (const e of events.filter((x) => x.type === 'status_changed')) {
    if (e.toStatus === 'paid') out.push(emailKey.paid(orderId));
    // A boleto paid back by the merchant outside the app: recorded, nothing to tell through the provider's words.
    if (e.toStatus === 'refunded' && !JSON.parse(e.detail ?? '{}').manual) out.push(emailKey.refunded(orderId));
    if (e.toStatus === 'canceled' && instructions) out.push(emailKey.canceled(orderId));
    if (e.toStatus === 'expired' && instructions) out.push(emailKey.expired(orderId));
  }
  return out;
}

describe('chaos: 60 payments under dropped, duplicated and reordered webhooks and a flaky API', () => {
  it('ends with every order equal to the provider, each change applied once, and the money adding up', async () => {
    await setFaults({});
    const balanceBefore = (await client.getBalance()).balanceCents;
    await setFaults({ error_rate: 0.1, rate_limit_rate: 0.05, retry_after_seconds: 1, webhook_drop_rate: 0.3, webhook_duplicate_rate: 0.3, webhook_reorder: true });

    // 1. Sixty orders, ten at a time; a failed submit is retried with the same checkout key.
    const runs: { plan: Plan; method: 'pix' | 'boleto'; order: Order; payment: Payment }[] = [];
    let createFailures = 0;
    for (let batch = 0; batch < 6; batch++) {
      const placed = await Promise.all(
        Array.from({ length: 10 }, async (_, j) => {
          const i = batch * 10 + j;
          const method = i % 2 === 0 ? 'pix' : 'boleto';
          const plan = PLANS[Math.floor(i / 2) % PLANS.length];
          const r = await placeWithRetries(method, 1 + (i % 3));
          createFailures += r.failures;
          return { plan, method, order: r.order, payment: r.payment } as const;
        }),
      );
      runs.push(...placed);
    }
    expect(runs).toHaveLength(60);
    expect(new Set(runs.map((r) => r.payment.providerId)).size).toBe(60);
    expect(createFailures).toBeGreaterThan(0); // the API faults really happened

    // 2. Activation and boleto registration (sandbox time), webhooks and reconciliation until
    //    every boleto's digitable line is known to the shop.
    await advanceClock(5);
    const boletos = runs.filter((r) => r.method === 'boleto');
    for (let round = 0; round < 20; round++) {
      await flush();
      await reconcileAll();
      const rows = await database().db.select().from(payments).where(inArray(payments.id, boletos.map((b) => b.payment.id)));
      if (rows.every((p) => p.digitableLine)) break;
    }

    // 3. Buyers pay with what the shop showed them (Pix code, digitable line).
    for (const r of runs.filter((x) => x.plan !== 'canceled' && x.plan !== 'expired')) {
      const p = (await paymentById(r.payment.id))!;
      const code = r.method === 'pix' ? p.pixCode : p.digitableLine;
      expect(code).toBeTruthy();
      const paid = await sim('POST', 'pay', { code });
      expect(paid.status).toBe(200);
    }
    await flush();

    // 4. The merchant cancels; refunds happen (Pix by the merchant, boleto at the provider).
    for (const r of runs.filter((x) => x.plan === 'canceled')) {
      let result;
      for (let attempt = 0; attempt < 15; attempt++) {
        result = await cancelOrderPayment(r.order.id, ACTOR);
        if (result.ok) break;
      }
      expect(result?.ok).toBe(true);
    }
    for (const r of runs.filter((x) => x.plan === 'refunded' || x.plan === 'partial')) {
      if (r.method === 'boleto' && r.plan === 'partial') {
        // Paid back outside the app ("Registrar reembolso manual"): the provider keeps the money as paid.
        for (let attempt = 0; attempt < 30 && (await orderById(r.order.id))!.status !== 'paid'; attempt++) await reconcileAll();
        expect(await recordManualRefund(r.order.id, { amountCents: Math.floor(r.order.totalCents / 3), reason: 'Transferência Pix ao comprador' }, ACTOR)).toMatchObject({ ok: true });
        continue;
      }
      if (r.method === 'boleto') {
        expect((await sim('POST', `charges/${r.payment.providerId}/refund`)).status).toBe(200);
        continue;
      }
      const amount = r.plan === 'partial' ? Math.floor(r.order.totalCents / 3) : r.order.totalCents;
      for (let attempt = 0; attempt < 30; attempt++) {
        if ((await orderById(r.order.id))!.status === 'refunded') break;
        if ((await orderById(r.order.id))!.status !== 'paid') {
          await reconcileAll(); // the paid webhook may have been dropped
          continue;
        }
        const res = await refundOrderPayment(r.order.id, { amountCents: amount, reason: 3, description: 'Teste de caos' }, ACTOR);
        if (!res.ok && res.error === MESSAGES.refundInProgress) {
          // Time passes: a refund slot whose request never reached the provider goes stale.
          await database().db.update(paymentEvents).set({ createdAt: new Date(Date.now() - 10 * 60_000).toISOString() }).where(eq(paymentEvents.dedupeKey, `refund:${r.payment.id}`));
        }
      }
      expect((await orderById(r.order.id))!.status).toBe('refunded');
    }

    // 5. Forty days later everything unpaid has expired at the provider.
    await advanceClock(40 * 24 * 3600);

    // 6. Webhooks and reconciliation until quiet.
    let quietRounds = 0;
    for (let round = 0; round < 40 && quietRounds < 2; round++) {
      const f = await flush();
      const r = await reconcileAll();
      quietRounds = f.json.attempted === 0 && r.changed === 0 ? quietRounds + 1 : 0;
    }
    expect(quietRounds).toBe(2);

    // 7. Faults off for the final reads.
    await setFaults({});
    let paidSum = 0;
    let refundedSum = 0;
    let manualSum = 0;
    for (const r of runs) {
      const order = (await orderById(r.order.id))!;
      const payment = (await paymentById(r.payment.id))!;
      const provider = r.method === 'pix' ? (await client.getPix(payment.providerId!)).status : (await client.getBoleto(payment.providerId!)).status;
      const observed = chargeStateOf(r.method, provider);
      // A manual refund is the one state the provider cannot know: it still says paid.
      const expected = order.manualRefundCents > 0 && observed === 'paid' ? 'refunded' : observed === 'canceled' ? (payment.cancelRequestedAt ? 'canceled' : 'expired') : observed;
      expect({ id: r.order.id, status: order.status }).toEqual({ id: r.order.id, status: expected });
      expect(payment.status).toBe(order.status);
      const planned = { paid: 'paid', refunded: 'refunded', partial: 'refunded', canceled: 'canceled', expired: 'expired' }[r.plan];
      expect(order.status).toBe(planned);
      if (r.plan === 'partial') expect(order.refundedCents).toBe(Math.floor(order.totalCents / 3));
      else if (order.status === 'refunded') expect(order.refundedCents).toBe(order.totalCents);
      else expect(order.refundedCents).toBe(0);
      expect(order.manualRefundCents).toBe(r.plan === 'partial' && r.method === 'boleto' ? Math.floor(order.totalCents / 3) : 0);

      // Each state entered once, as one chain: pending → … → the current state.
      const chain = await statusEventsOf(payment.id);
      let at = 'pending';
      for (const e of chain) {
        expect(e.fromStatus).toBe(at);
        at = e.toStatus!;
      }
      expect(at).toBe(order.status);
      expect(new Set(chain.map((e) => e.toStatus)).size).toBe(chain.length);

      if (order.paidAt) paidSum += order.totalCents;
      refundedSum += order.refundedCents;
      manualSum += order.manualRefundCents;

      // Exactly the e-mails its history calls for, each once.
      expect({ id: order.id, emails: (await emailsOf(order.id)).map((e) => e.dedupeKey).sort() }).toEqual({ id: order.id, emails: expectedEmails(order.id, await eventsOf(payment.id), r.method).sort() });
    }
    // Sent once each (the mail catcher as the relay): what is no longer true is skipped, never sent.
    const drained = await drainOutbox({ transport: catcherTransport });
    expect(drained.sent).toBeGreaterThan(0);
    const rows = await database().db.select().from(emailOutbox).where(inArray(emailOutbox.orderId, runs.map((r) => r.order.id)));
    const caught = await database().db.select().from(caughtEmails).where(inArray(caughtEmails.orderId, runs.map((r) => r.order.id)));
    for (const row of rows) {
      expect(['sent', 'skipped']).toContain(row.status);
      expect(caught.filter((c) => c.outboxId === row.id)).toHaveLength(row.status === 'sent' ? 1 : 0);
    }
    const balanceAfter = (await client.getBalance()).balanceCents;
    // Manual refunds left the merchant's bank account, not the provider's balance: counted apart.
    expect(paidSum - (refundedSum - manualSum)).toBe(balanceAfter - balanceBefore);
    expect(manualSum).toBeGreaterThan(0);
    expect(paidSum).toBeGreaterThan(0);
    expect(refundedSum).toBeGreaterThan(0);

    // The chaos was real: deliveries were dropped at the sandbox and duplicated at the shop.
    const sent = await sim<{ deliveries: { status: string; log: { outcome: string }[] }[] }>('GET', 'webhooks');
    expect(sent.json.deliveries.some((d) => d.status === 'dropped')).toBe(true);
    expect(sent.json.deliveries.some((d) => d.log.some((l) => l.outcome === 'duplicate'))).toBe(true);
    const received = await database().db.select().from(webhookDeliveries).where(and(inArray(webhookDeliveries.paymentId, runs.map((r) => r.payment.id))));
    const perEvent = new Map<string, number>();
    for (const d of received) if (d.eventId) perEvent.set(d.eventId, (perEvent.get(d.eventId) ?? 0) + 1);
    expect([...perEvent.values()].some((n) => n > 1)).toBe(true);
    expect(received.every((d) => d.signature === 'valid')).toBe(true);
  }, 300_000);
});
