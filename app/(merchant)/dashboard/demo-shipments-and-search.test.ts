/**
 * The demonstration account (role 'demo') against the dashboard's server entry points, beside
 * an owner: a shipment's words and link that reach a real buyer, and the search as an oracle of
 * masked buyers' data.
 */
import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, ensureMigrated } from '@/db';
import { merchantSettings, orders, rateLimitCounters, users } from '@/db/schema';
import { insertOrders, type InsertedOrder } from '@/test/dashboard/fixtures';
import { sessionCookiesOf } from '@/test/auth/session';
import { DASHBOARD_SEARCHES_PER_MIN } from '@/lib/security/rate-limit';
import { formData as fd } from '@/test/form-data';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies, set: () => {} }), headers: async () => new Headers() }));
vi.mock('next/cache', () => ({ revalidatePath: vi.fn() }));

const fulfilment = await import('./fulfilment-actions');
const exportCsv = await import('./orders/export/route');

let demo: { name: string; value: string }[];
let owner: { name: string; value: string }[];
let shipped: InsertedOrder;
let other: InsertedOrder;

beforeAll(async () => {
  await ensureMigrated();
  await db().insert(merchantSettings).values({ id: 1 }).onConflictDoNothing();
  const [d] = await db().insert(users).values({ email: 'demo-r3@balcao.dev', name: 'Demo', passwordHash: 'x', role: 'demo' }).returning();
  const [o] = await db().insert(users).values({ email: 'dono-r3@balcao.dev', name: 'Dono', passwordHash: 'x', role: 'owner' }).returning();
  demo = await sessionCookiesOf(d.id);
  owner = await sessionCookiesOf(o.id);
  [shipped, other] = await insertOrders([
    { status: 'paid', method: 'pix', totalCents: 5000, buyerName: 'Renata Prado Nogueira', buyerDocument: '52998224725', buyerEmail: 'renata@exemplo.com.br' },
    { status: 'paid', method: 'pix', totalCents: 7000, buyerName: 'Otávio Lemos', buyerDocument: '11144477735', buyerEmail: 'otavio@exemplo.com.br' },
  ]);
  await db().update(orders).set({ number: 7101, shippingMethod: 'delivery' }).where(eq(orders.id, shipped.id));
  await db().update(orders).set({ number: 7102, shippingMethod: 'delivery' }).where(eq(orders.id, other.id));
});
beforeEach(async () => {
  jar.cookies = demo;
  await db().delete(rateLimitCounters);
});

const tracking = async (id: string) => (await db().select({ carrier: orders.fulfillmentCarrier, code: orders.trackingCode, url: orders.trackingUrl }).from(orders).where(eq(orders.id, id)))[0];

describe('the demo login ships with a known carrier, never a link of its own', () => {
  it('a link template and a made-up carrier are refused next to their fields, and nothing changes', async () => {
    const r = await fulfilment.shipOrderAction(null, fd({ orderId: shipped.id, carrier: 'Acesse golpe.example', code: '123', urlTemplate: 'https://golpe.example/{codigo}' }));
    expect(r).toMatchObject({
      ok: false,
      fieldErrors: { carrier: 'Escolha uma das transportadoras da lista.', urlTemplate: 'Conta de demonstração: link de rastreio próprio não é permitido.' },
    });
    expect(await tracking(shipped.id)).toEqual({ carrier: null, code: null, url: null });
  });

  it('"Enviar em lote" refuses a row with a link', async () => {
    const form = new FormData();
    form.set('file', new File(['Pedido;Rastreio;Transportadora;Link\n7101;123;Jadlog;https://golpe.example/{codigo}\n'], 'envios.csv', { type: 'text/csv' }));
    const r = await fulfilment.shipBatchAction(null, form);
    expect(r && 'report' in r ? r.report.refused.map((l) => l.message) : r).toEqual(['Conta de demonstração: link de rastreio próprio não é permitido.']);
    expect(await tracking(shipped.id)).toEqual({ carrier: null, code: null, url: null });
  });

  it('a known carrier goes through, with no link of its own: only the tracking page the shop knows for that carrier', async () => {
    expect(await fulfilment.shipOrderAction(null, fd({ orderId: shipped.id, carrier: 'jadlog', code: 'JD123' }))).toMatchObject({ ok: true });
    expect(await tracking(shipped.id)).toEqual({ carrier: 'Jadlog', code: 'JD123', url: 'https://www.melhorrastreio.com.br/rastreio/JD123' });
  });

  it('an owner still writes any carrier and link', async () => {
    jar.cookies = owner;
    expect(await fulfilment.correctTrackingAction(null, fd({ orderId: shipped.id, carrier: 'Motoboy do bairro', code: 'M1', urlTemplate: 'https://motoboy.example/{codigo}' }))).toMatchObject({ ok: true });
    expect(await tracking(shipped.id)).toEqual({ carrier: 'Motoboy do bairro', code: 'M1', url: 'https://motoboy.example/M1' });
  });
});

const csvOf = async (qs: string) => exportCsv.GET(new Request(`http://localhost:3000/dashboard/orders/export${qs}`));

describe('the search is no oracle of masked buyers', () => {
  it.each([['?q=Renata'], ['?q=52998224725'], ['?q=Nogueira'], ['?q=' + encodeURIComponent('529.982')]])(
    'the demo login\'s export filter %s is refused, whatever it would match',
    async (qs) => {
      const res = await csvOf(qs);
      expect(res.status).toBe(400);
      expect(await res.text()).toBe('Conta de demonstração: a busca aceita só o número do pedido (como #1001).\n');
    },
  );

  it('digits that could be an order number search that number only, never a CPF prefix', async () => {
    const res = await csvOf('?q=529');
    expect(res.status).toBe(200);
    expect(await res.text()).not.toContain(shipped.id);
  });

  it('the demo login may filter by order number', async () => {
    const res = await csvOf('?q=7102');
    expect(res.status).toBe(200);
    const csv = await res.text();
    expect(csv).toContain(other.id);
    expect(csv).not.toContain(shipped.id);
  });

  it('an owner still searches by name', async () => {
    jar.cookies = owner;
    const res = await csvOf('?q=Renata');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(shipped.id);
  });

  it(`exports are limited per person: beyond ${DASHBOARD_SEARCHES_PER_MIN} in a minute, 429`, async () => {
    jar.cookies = owner;
    for (let i = 0; i < DASHBOARD_SEARCHES_PER_MIN; i++) expect((await csvOf('')).status).toBe(200);
    const limited = await csvOf('');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another person is not limited.
    jar.cookies = demo;
    expect((await csvOf('')).status).toBe(200);
  });
});
