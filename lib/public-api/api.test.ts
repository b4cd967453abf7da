/** /api/v1 through its route handlers' functions, against a real SQLite file and the fake provider. */
import { randomUUID } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { activityLog, apiIdempotency, apiKeys, checkoutSessions, orders, payments, products, users } from '@/db/schema';
import { sessionById } from '@/lib/checkout/sessions/sessions';
import { paymentProvider } from '@/lib/payments/provider';
import { placeOrder } from '@/lib/checkout/place-order';
import { startProcessContext } from '@/lib/process/context';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase, productIdBySlug } from '@/test/payments/db';
import { placeTestOrder } from '@/test/payments/place';
import { reconcileAll } from '@/lib/payments/reconcile';
import { createApiKey, listApiKeys, revokeApiKey } from './keys';
import { openApiDocument } from './openapi';
import { getCheckoutSession, postCheckoutSession } from '@/lib/checkout/sessions/api/routes';
import { getOrder, getOrders, postRefund } from './routes';

let fake: FakePaymentProvider;
let key: string;

beforeAll(async () => {
  await prepareDatabase();
});
beforeEach(async () => {
  fake = new FakePaymentProvider();
  startProcessContext([paymentProvider.provide(fake)]);
  key = (await createApiKey('Loja WordPress')).key;
});
afterAll(() => startProcessContext());

const BASE = 'http://localhost:3000/api/v1';

function post(path: string, body: unknown, opts: { key?: string; idem?: string } = {}): Request {
  const headers: Record<string, string> = { Authorization: `Bearer ${opts.key ?? key}`, 'Content-Type': 'application/json' };
  if (opts.idem) headers['Idempotency-Key'] = opts.idem;
  return new Request(`${BASE}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}
function getReq(path: string, k = key): Request {
  return new Request(`${BASE}${path}`, { headers: { Authorization: `Bearer ${k}` } });
}

const SESSION = { items: [{ name: 'Aula de violão', amount: 4990, quantity: 1 }], success_url: 'https://loja.example/obrigado', metadata: { pedido_loja: '77' } };

async function createSession(body: unknown = SESSION, idem?: string): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await postCheckoutSession(post('/checkout/sessions', body, { idem }));
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

async function payFromSession(sessionId: string): Promise<{ ok: boolean; error?: string; orderToken?: string }> {
  return placeOrder({ checkoutKey: randomUUID(), method: 'pix', session: { id: sessionId }, buyer: { name: 'Maria da Silva', document: '52998224725', email: 'maria@example.com' } }) as Promise<{
    ok: boolean;
    error?: string;
    orderToken?: string;
  }>;
}

describe('API keys', () => {
  it('bk_test_ with the sandbox, stored hashed, listed with its hint; a revoked or unknown key gets 401 with the one error shape', async () => {
    expect(key).toMatch(/^bk_test_[A-Za-z0-9_-]{43}$/);
    const listed = (await listApiKeys()).find((k) => key.endsWith(k.hint) && k.name === 'Loja WordPress');
    expect(listed).toBeDefined();
    expect(JSON.stringify(await database().db.select().from(checkoutSessions))).not.toContain(key);
    expect((await createSession()).status).toBe(201);
    expect((await listApiKeys()).find((k) => k.id === listed!.id)?.lastUsedAt).not.toBeNull();

    expect(await revokeApiKey(listed!.id)).toBe(true);
    const res = await postCheckoutSession(post('/checkout/sessions', SESSION));
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: { type: 'unauthorized', message: expect.any(String) } });
    expect((await getOrders(getReq('/orders', 'bk_test_' + 'x'.repeat(43)))).status).toBe(401);
    expect((await getOrders(new Request(`${BASE}/orders`))).status).toBe(401);
  });
});

describe('POST /api/v1/checkout/sessions', () => {
  it('creates an open session priced in centavos, from ad-hoc lines and catalog products (by id or slug); a product that ships is refused', async () => {
    await database().db.insert(products).values({ slug: 'curso-online', name: 'Curso online de barista', description: 'Vídeo-aulas', priceCents: 9900, imagePath: '/x.webp', requiresShipping: false }).onConflictDoNothing();
    const curso = await productIdBySlug('curso-online');
    const { status, json } = await createSession({ ...SESSION, items: [...SESSION.items, { product_id: String(curso), quantity: 2 }, { product_id: 'curso-online', quantity: 1 }] });
    expect(status).toBe(201);
    expect(json).toMatchObject({ id: expect.stringMatching(/^cs_/), url: `http://localhost:3000/c/${json.id as string}`, status: 'open', amount_total: 4990 + 3 * 9900 });
    const cafe = await productIdBySlug('cafe-especial-250g');
    expect((await createSession({ ...SESSION, items: [{ product_id: String(cafe), quantity: 1 }] })).json).toMatchObject({ error: { type: 'invalid_request', field: 'items.0.product_id' } });
    const read = await getCheckoutSession(getReq(`/checkout/sessions/${json.id as string}`), json.id as string);
    expect(await read.json()).toMatchObject({ id: json.id, status: 'open', order: null, metadata: { pedido_loja: '77' } });
  });

  it('the same Idempotency-Key and body return the same session; another body with it is 409', async () => {
    const idem = randomUUID();
    const first = await createSession(SESSION, idem);
    const again = await createSession(SESSION, idem);
    expect(again).toEqual(first);
    const other = await createSession({ ...SESSION, metadata: { pedido_loja: '78' } }, idem);
    expect(other.status).toBe(409);
    expect(other.json).toMatchObject({ error: { type: 'conflict', field: 'Idempotency-Key' } });
    const count = await database().db.select().from(checkoutSessions).where(eq(checkoutSessions.id, first.json.id as string));
    expect(count).toHaveLength(1);
  });

  it('a concurrent request with the same key is 409 while the first runs, not a second session', async () => {
    const { idempotent } = await import('./http');
    const keyId = (await listApiKeys())[0].id;
    let release!: () => void;
    const first = idempotent(keyId, 'lento', 'POST /x\n{}', () => new Promise((r) => (release = () => r({ status: 201, body: { n: 1 } }))));
    await new Promise((r) => setTimeout(r, 20));
    expect(await idempotent(keyId, 'lento', 'POST /x\n{}', async () => ({ status: 201, body: { n: 2 } }))).toMatchObject({ status: 409 });
    release();
    expect(await first).toEqual({ status: 201, body: { n: 1 } });
    expect(await idempotent(keyId, 'lento', 'POST /x\n{}', async () => ({ status: 201, body: { n: 3 } }))).toMatchObject({ status: 201, body: { n: 1 } });
    // A failure (5xx) releases the key: the retry runs.
    expect(await idempotent(keyId, 'falha', 'POST /x\n{}', async () => ({ status: 503, body: {} }))).toMatchObject({ status: 503 });
    expect(await idempotent(keyId, 'falha', 'POST /x\n{}', async () => ({ status: 201, body: { ok: true } }))).toMatchObject({ status: 201 });
  });

  it('refuses bad bodies with invalid_request and the field', async () => {
    const r = await createSession({ ...SESSION, items: [{ name: 'x', amount: 49.9, quantity: 1 }] });
    expect(r).toMatchObject({ status: 400, json: { error: { type: 'invalid_request', field: 'items.0' } } });
    expect((await createSession({ ...SESSION, items: [{ name: 'Bala', amount: 100, quantity: 1 }] })).json).toMatchObject({ error: { field: 'items' } });
    expect((await createSession({ ...SESSION, success_url: 'javascript:alert(1)' })).json).toMatchObject({ error: { field: 'success_url' } });
    expect((await createSession({ ...SESSION, items: [{ product_id: '999999', quantity: 1 }] })).json).toMatchObject({ error: { field: 'items.0.product_id' } });
    const notJson = await postCheckoutSession(new Request(`${BASE}/checkout/sessions`, { method: 'POST', headers: { Authorization: `Bearer ${key}` }, body: '{' }));
    expect(notJson.status).toBe(400);
  });

  it("another key's session is not found", async () => {
    const { json } = await createSession();
    const other = (await createApiKey('Outra')).key;
    const res = await getCheckoutSession(getReq(`/checkout/sessions/${json.id as string}`, other), json.id as string);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ error: { type: 'not_found' } });
  });
});

describe('a session pays at most once', () => {
  it('two tabs placing an order on the same session make one order; the session points at it', async () => {
    const { json } = await createSession();
    const id = json.id as string;
    const [a, b] = await Promise.all([payFromSession(id), payFromSession(id)]);
    expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
    expect([a, b].find((r) => !r.ok)?.error).toMatch(/já tem um pedido/);
    const session = await sessionById(id);
    expect(session?.orderId).toBeTruthy();
    const sessionsOrders = await database().db.select().from(orders).where(eq(orders.id, session!.orderId!));
    expect(sessionsOrders).toHaveLength(1);
    expect(sessionsOrders[0]).toMatchObject({ totalCents: 4990, method: 'pix' });
  });

  it('the database refuses a second session pointing at the same order (unique index)', async () => {
    const { json } = await createSession();
    const placed = await payFromSession(json.id as string);
    expect(placed.ok).toBe(true);
    const { json: other } = await createSession();
    const orderId = (await sessionById(json.id as string))!.orderId!;
    await expect(database().db.update(checkoutSessions).set({ orderId }).where(eq(checkoutSessions.id, other.id as string))).rejects.toThrow(/UNIQUE/);
  });
});

describe('GET /api/v1/orders', () => {
  it('pages newest first with a cursor; an order carries its session and metadata', async () => {
    const { json } = await createSession();
    await payFromSession(json.id as string);
    const orderId = (await sessionById(json.id as string))!.orderId!;
    const one = await (await getOrder(getReq(`/orders/${orderId}`), orderId)).json();
    expect(one).toMatchObject({ id: orderId, status: 'pending', total: 4990, checkout_session_id: json.id, metadata: { pedido_loja: '77' }, items: [{ name: 'Aula de violão', amount: 4990, quantity: 1, product_id: null }] });

    const seen = new Set<string>();
    let cursor: string | null = null;
    let pages = 0;
    const whole = (await createApiKey('Tudo', { orderScope: 'all' })).key;
    do {
      const res = await getOrders(getReq(`/orders?limit=2${cursor ? `&cursor=${cursor}` : ''}`, whole));
      const page = (await res.json()) as { data: { id: string }[]; next_cursor: string | null };
      for (const o of page.data) {
        expect(seen.has(o.id)).toBe(false);
        seen.add(o.id);
      }
      cursor = page.next_cursor;
      pages++;
    } while (cursor && pages < 50);
    const total = await database().db.select({ id: orders.id }).from(orders);
    expect(seen.size).toBe(total.length);
    expect((await getOrders(getReq('/orders?cursor=nonsense'))).status).toBe(400);
    expect((await getOrder(getReq('/orders/nope'), 'nope')).status).toBe(404);
  });

  it('a refund of an unpaid order is a conflict, with the same error shape', async () => {
    const { json } = await createSession();
    await payFromSession(json.id as string);
    const orderId = (await sessionById(json.id as string))!.orderId!;
    const refunder = (await createApiKey('Reembolsa tudo', { orderScope: 'all', allowRefunds: true })).key;
    const res = await postRefund(post(`/orders/${orderId}/refunds`, { amount: 100, reason: 3, description: 'Desistiu' }, { idem: randomUUID(), key: refunder }), orderId);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: { type: 'conflict' } });
  });
});

describe('key scopes: a key reads and refunds only what it was made for', () => {
  /** A paid Pix order placed through a session of `k`. */
  async function paidSessionOrder(k: string): Promise<string> {
    const res = await postCheckoutSession(post('/checkout/sessions', SESSION, { key: k }));
    const { id } = (await res.json()) as { id: string };
    expect((await payFromSession(id)).ok).toBe(true);
    const orderId = (await sessionById(id))!.orderId!;
    await payOrder(orderId);
    return orderId;
  }
  async function payOrder(orderId: string): Promise<void> {
    const [p] = await database().db.select().from(payments).where(eq(payments.orderId, orderId));
    fake.pay(p.providerId!);
    await reconcileAll();
  }
  const refund = (k: string, orderId: string, amount = 100) =>
    postRefund(post(`/orders/${orderId}/refunds`, { amount, reason: 3, description: 'Desistiu' }, { idem: randomUUID(), key: k }), orderId);

  it('by default a key sees only its own sessions\' orders: another key\'s and a catalog order are 404 and absent from its list', async () => {
    const a = await createApiKey('Chave A');
    const b = await createApiKey('Chave B');
    const mine = await paidSessionOrder(a.key);
    const theirs = await paidSessionOrder(b.key);
    const catalog = await placeTestOrder('pix');

    expect((await getOrder(getReq(`/orders/${mine}`, a.key), mine)).status).toBe(200);
    for (const other of [theirs, catalog.order.id]) {
      const res = await getOrder(getReq(`/orders/${other}`, a.key), other);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ error: { type: 'not_found', message: 'No order with this id.' } });
    }
    const listed = (await (await getOrders(getReq('/orders?limit=100', a.key))).json()) as { data: { id: string }[] };
    expect(listed.data.map((o) => o.id)).toEqual([mine]);

    // "Todos os pedidos da loja": every order, the catalog's too.
    const whole = await createApiKey('Tudo', { orderScope: 'all' });
    for (const id of [mine, theirs, catalog.order.id]) expect((await getOrder(getReq(`/orders/${id}`, whole.key), id)).status).toBe(200);
    const all = (await (await getOrders(getReq('/orders?limit=100', whole.key))).json()) as { data: { id: string }[] };
    expect(all.data.map((o) => o.id)).toEqual(expect.arrayContaining([mine, theirs, catalog.order.id]));
  });

  it('refunds need "Permitir reembolsos" and an order in scope (404 otherwise); each API refund is logged with the key\'s name', async () => {
    const plain = await createApiKey('Sem reembolso');
    const refunder = await createApiKey('Loja com reembolso', { allowRefunds: true });
    const own = await paidSessionOrder(refunder.key);
    const plainOrder = await paidSessionOrder(plain.key);
    const catalog = await placeTestOrder('pix');
    await payOrder(catalog.order.id);

    // No refunds allowed: 404 even on its own paid order.
    const refused = await refund(plain.key, plainOrder);
    expect(refused.status).toBe(404);
    expect(await refused.json()).toMatchObject({ error: { type: 'not_found' } });
    // Allowed, but outside its scope: 404 for another key's order and a catalog order.
    expect((await refund(refunder.key, plainOrder)).status).toBe(404);
    expect((await refund(refunder.key, catalog.order.id)).status).toBe(404);
    expect(fake.count('refundPix')).toBe(0);

    const ok = await refund(refunder.key, own, 1500);
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ order: { id: own, refunded: 1500 } });
    const log = await database().db.select().from(activityLog).where(and(eq(activityLog.action, 'refund'), eq(activityLog.target, own)));
    expect(log).toEqual([expect.objectContaining({ actorId: null, actorEmail: 'API: chave “Loja com reembolso”', summary: expect.stringMatching(/^Pediu reembolso de R\$\s15,00 do pedido #\d+ pela API \(chave “Loja com reembolso”\)$/) })]);
  });

  it('creating and revoking a key goes to the activity log with its name and scopes', async () => {
    const [u] = await database().db.insert(users).values({ email: `dona-${randomUUID()}@loja.com.br`, name: 'Dona', passwordHash: 'x' }).returning();
    const actor = { id: u.id, email: u.email };
    const { id } = await createApiKey('Site WordPress', { orderScope: 'all', allowRefunds: true, actor, ip: '203.0.113.4' });
    expect((await listApiKeys()).find((k) => k.id === id)).toMatchObject({ orderScope: 'all', allowRefunds: true, createdByEmail: actor.email });
    expect(await revokeApiKey(id, { actor, ip: '203.0.113.4' })).toBe(true);
    expect(await revokeApiKey(id, { actor })).toBe(false);
    const log = await database().db.select().from(activityLog).where(eq(activityLog.target, id));
    expect(log.map((r) => [r.action, r.actorEmail, r.summary, r.ip])).toEqual([
      ['integrations', actor.email, 'Criou a chave de API “Site WordPress” (todos os pedidos da loja; pode reembolsar)', '203.0.113.4'],
      ['integrations', actor.email, 'Revogou a chave de API “Site WordPress”', '203.0.113.4'],
    ]);
  });

  it('a key made before scopes existed gets the narrowest: its own orders, no refunds (the migration\'s defaults)', async () => {
    const id = randomUUID();
    await database().db.run(sql`insert into api_keys (id, name, mode, key_hash, hint) values (${id}, 'Antiga', 'test', ${randomUUID()}, 'abcd')`);
    const [row] = await database().db.select().from(apiKeys).where(eq(apiKeys.id, id));
    expect(row).toMatchObject({ orderScope: 'own', allowRefunds: false, createdBy: null });
  });
});

describe('Idempotency-Key housekeeping', () => {
  it('a claim left by a request that died mid-way is taken over after its lease, instead of 409 for a day', async () => {
    const { idempotent, IDEMPOTENCY_CLAIM_LEASE_MS } = await import('./http');
    const keyId = (await listApiKeys())[0].id;
    const died = new Date(Date.now() - IDEMPOTENCY_CLAIM_LEASE_MS - 1000).toISOString();
    await database().db.insert(apiIdempotency).values({ apiKeyId: keyId, key: 'caiu', requestHash: 'x', statusCode: 0, responseBody: '', createdAt: died });
    expect(await idempotent(keyId, 'caiu', 'POST /x\n{}', async () => ({ status: 201, body: { n: 1 } }))).toEqual({ status: 201, body: { n: 1 } });
    expect(await idempotent(keyId, 'caiu', 'POST /x\n{}', async () => ({ status: 201, body: { n: 2 } }))).toMatchObject({ status: 201, body: { n: 1 } });
    // A claim still within its lease is a request in flight: 409.
    await database().db.insert(apiIdempotency).values({ apiKeyId: keyId, key: 'rodando', requestHash: 'x', statusCode: 0, responseBody: '', createdAt: new Date().toISOString() });
    expect(await idempotent(keyId, 'rodando', 'POST /x\n{}', async () => ({ status: 201, body: {} }))).toMatchObject({ status: 409 });
  });

  it('stored answers are swept after 24 hours by the worker pass', async () => {
    const { runWebhookWorkerOnce } = await import('@/lib/outbound-events/delivery/webhook-worker');
    const keyId = (await listApiKeys())[0].id;
    const old = new Date(Date.now() - 25 * 3600_000).toISOString();
    await database().db.insert(apiIdempotency).values([
      { apiKeyId: keyId, key: 'velha', requestHash: 'x', statusCode: 201, responseBody: '{"customer":"Maria"}', createdAt: old },
      { apiKeyId: keyId, key: 'nova', requestHash: 'x', statusCode: 201, responseBody: '{}', createdAt: new Date().toISOString() },
    ]);
    await runWebhookWorkerOnce({ fetch: async () => new Response('ok') });
    const left = await database().db.select({ key: apiIdempotency.key }).from(apiIdempotency).where(eq(apiIdempotency.apiKeyId, keyId));
    expect(left.map((r) => r.key)).toContain('nova');
    expect(left.map((r) => r.key)).not.toContain('velha');
  });
});

describe('GET /api/v1/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document with every route', async () => {
    const doc = openApiDocument();
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(Object.keys(doc.paths as object)).toEqual(['/checkout/sessions', '/checkout/sessions/{id}', '/orders', '/orders/{id}', '/subscriptions', '/checkouts/abandoned', '/reviews', '/orders/{id}/refunds']);
  });

  it('GET /api/v1/reviews answers a page with a key, 401 without, 400 for a cursor it never gave', async () => {
    const { getReviews } = await import('./routes');
    const ok = await getReviews(getReq('/reviews?limit=5'));
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ data: expect.any(Array), next_cursor: null });
    expect((await getReviews(new Request(`${BASE}/reviews`))).status).toBe(401);
    expect((await getReviews(getReq('/reviews?cursor=nada'))).status).toBe(400);
  });
});

describe('success_url and cancel_url in production', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const k of ['NODE_ENV', 'SANDBOX_ENABLED', 'SANDBOX_API_KEYS', 'AUTH_SECRET']) {
      if (saved[k] === undefined) delete process.env[k];
      else process.env[k] = saved[k];
    }
  });

  it('must be https (plain http only on a loopback host)', async () => {
    Object.assign(process.env, { NODE_ENV: 'production', SANDBOX_ENABLED: 'true', SANDBOX_API_KEYS: 'sk_demo_0123456789abcdefghijklmnop', AUTH_SECRET: 'x'.repeat(32) });
    startProcessContext([paymentProvider.provide(fake)]);
    key = (await createApiKey('Produção')).key;
    expect((await createSession({ ...SESSION, success_url: 'http://loja.example/ok' })).json).toMatchObject({ error: { type: 'invalid_request', field: 'success_url' } });
    expect((await createSession({ ...SESSION, cancel_url: 'http://loja.example/volta' })).json).toMatchObject({ error: { field: 'cancel_url' } });
    expect((await createSession({ ...SESSION, success_url: 'http://127.0.0.1:4000/ok' })).status).toBe(201);
    expect((await createSession(SESSION)).status).toBe(201);
  });
});

describe('rate limit per key', () => {
  afterEach(() => {
    delete process.env.RATE_LIMIT_API_PER_MIN;
  });

  it('answers 429 rate_limited with Retry-After past RATE_LIMIT_API_PER_MIN, counting each key apart', async () => {
    process.env.RATE_LIMIT_API_PER_MIN = '2';
    startProcessContext([paymentProvider.provide(fake)]);
    key = (await createApiKey('Limitada')).key;
    const other = (await createApiKey('Outra')).key;
    expect((await getOrders(getReq('/orders?limit=1'))).status).toBe(200);
    expect((await getOrders(getReq('/orders?limit=1'))).status).toBe(200);
    const limited = await getOrders(getReq('/orders?limit=1'));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: { type: 'rate_limited' } });
    expect((await getOrders(getReq('/orders?limit=1', other))).status).toBe(200);
  });
});
