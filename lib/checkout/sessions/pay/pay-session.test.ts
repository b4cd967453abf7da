/** /c/<id>'s use-case against a real SQLite file and the real placeOrder (in-memory provider). */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { apiKeyOrigins, checkoutSessions, orders } from '@/db/schema';
import { safeReturnUrl, sessionById, storeReturnUrlOfOrder } from '@/lib/checkout/sessions/sessions';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase } from '@/test/payments/db';
import { insertApiKey, insertCheckoutSession } from '@/test/checkout/api-session';
import { paySession } from './pay-session';

let keyId: string;

beforeAll(async () => {
  await prepareDatabase();
  keyId = await insertApiKey();
  await database().db.insert(apiKeyOrigins).values({ apiKeyId: keyId, origin: 'https://loja.example' });
});
beforeEach(() => startProcessContext([paymentProvider.provide(new FakePaymentProvider())]));
afterAll(() => startProcessContext());

const newSession = (over: Partial<typeof checkoutSessions.$inferInsert> = {}) => insertCheckoutSession(keyId, { name: 'Aula de violão', unitPriceCents: 4990, quantity: 1 }, over);

function form(sessionId: string, over: Record<string, string> = {}): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries({ sessionId, checkoutKey: randomUUID(), method: 'pix', name: 'Ana Souza', document: '529.982.247-25', email: 'ana@exemplo.com.br', ...over })) f.set(k, v);
  return f;
}

describe('paySession', () => {
  it("places the session's order at its amount; a second tab lands on the same order", async () => {
    const id = await newSession();
    const first = await paySession(id, form(id), { ip: '203.0.113.1' });
    expect(first.ok).toBe(true);
    const second = await paySession(id, form(id), { ip: '203.0.113.1' });
    expect(second).toEqual(first);
    const session = await sessionById(id);
    const rows = await database().db.select().from(orders).where(eq(orders.id, session!.orderId!));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ totalCents: 4990, pixDiscountCents: 0, buyerName: 'Ana Souza' });
  });

  it('keeps the shopper\'s "Origem" (the first-touch cookie) on the hosted checkout\'s order', async () => {
    const id = await newSession();
    const r = await paySession(id, form(id), { ip: '203.0.113.9', origin: { source: 'instagram', campaign: 'black-friday', referrer: 'l.instagram.com' } });
    expect(r.ok).toBe(true);
    const session = await sessionById(id);
    const [row] = await database().db.select().from(orders).where(eq(orders.id, session!.orderId!));
    expect(row).toMatchObject({ originSource: 'instagram', originCampaign: 'black-friday', originReferrer: 'l.instagram.com' });
  });

  it('two tabs submitting at once make one order', async () => {
    const id = await newSession();
    const [a, b] = await Promise.all([paySession(id, form(id), { ip: '203.0.113.2' }), paySession(id, form(id), { ip: '203.0.113.2' })]);
    expect(a.ok && b.ok).toBe(true);
    expect(a).toEqual(b);
  });

  it('refuses an expired session, a method it does not allow, and field errors come back next to the field', async () => {
    const expired = await newSession({ expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(await paySession(expired, form(expired), { ip: '203.0.113.3' })).toMatchObject({ ok: false, error: expect.stringMatching(/expirou/) });
    const id = await newSession();
    expect(await paySession(id, form(id, { method: 'boleto', zip: '01310-100', street: 'Avenida Paulista', number: '1000', neighborhood: 'Bela Vista', city: 'São Paulo', state: 'SP' }), { ip: '203.0.113.3' })).toMatchObject({ ok: false, error: expect.stringMatching(/só Pix/) });
    const bad = await paySession(id, form(id, { document: '111.111.111-11' }), { ip: '203.0.113.3' });
    expect(bad).toMatchObject({ ok: false, fieldErrors: { document: expect.any(String) }, values: { name: 'Ana Souza' } });
    expect((await sessionById(id))?.orderId).toBeNull();
  });
});

describe('the way back to the store', () => {
  it("goes only to the session's own URL on an origin its key registered", async () => {
    const id = await newSession();
    const placed = await paySession(id, form(id), { ip: '203.0.113.4' });
    expect(placed.ok).toBe(true);
    const session = (await sessionById(id))!;
    expect(await storeReturnUrlOfOrder(session.orderId!)).toBe('https://loja.example/obrigado');
    const elsewhere = await newSession({ successUrl: 'https://evil.example/phish' });
    expect(await safeReturnUrl((await sessionById(elsewhere))!, 'success')).toBeNull();
  });
});
