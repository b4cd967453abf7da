/**
 * The embedded carrier sandbox over HTTP in a public demo: the buyer-naming label files are not
 * served, the label list is for `buyers:read`, and the API needs a secret sandbox key.
 * Through the route handler itself, against this file's own sandbox database.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleCarrierCall } from '@balcao/shipping-sandbox';
import { startProcessContext } from '@/lib/process/context';
import { prepareDatabase } from '@/test/payments/db';
import { insertPerson, sessionCookiesOf } from '@/test/auth/session';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies }), headers: async () => new Headers() }));

const route = await import('@/app/api/sandbox/melhorenvio/[...path]/route');
const { carrierSandbox } = await import('@/lib/shipping/carrier');

const SECRET = 's'.repeat(32);
const saved = { ...process.env };
function publicDemo(on: boolean) {
  Object.assign(process.env, on ? { NODE_ENV: 'production', SANDBOX_ENABLED: 'true', SANDBOX_API_KEYS: SECRET, AUTH_SECRET: 'a'.repeat(40) } : {});
  if (!on) for (const k of ['SANDBOX_ENABLED', 'SANDBOX_API_KEYS', 'AUTH_SECRET']) delete process.env[k];
  if (!on) (process.env as Record<string, string>).NODE_ENV = 'test';
  startProcessContext();
}

const RIO = { postal_code: '20040002', name: 'Renata Buyer', address: 'Rua Secreta', number: '12' };
const cartBody = { service: 2, from: { postal_code: '01310100' }, to: RIO, products: [{ id: 'a', width: 20, height: 4, length: 30, weight: 0.3, quantity: 1 }] };

async function call(method: 'GET' | 'POST', path: string, opts: { body?: unknown; auth?: string } = {}) {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', 'x-forwarded-for': '203.0.113.50' };
  if (opts.auth) headers.Authorization = `Bearer ${opts.auth}`;
  const req = new Request(`http://localhost/api/sandbox/melhorenvio/${path}`, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
  return (route[method] as (r: Request, c: { params: Promise<{ path: string[] }> }) => Promise<Response>)(req, { params: Promise.resolve({ path: path.split('/') }) });
}

/** A generated label, made in process as the app makes them. */
async function generatedLabel(): Promise<string> {
  const sb = carrierSandbox();
  const at = (path: string, body: unknown) => handleCarrierCall(sb, { method: 'POST', path: path.split('/'), authorization: 'Bearer sandbox', body, baseUrl: 'http://x' });
  const id = ((await at('api/v2/me/cart', cartBody)).json as { id: string }).id;
  await at('api/v2/me/shipment/checkout', { orders: [id] });
  await at('api/v2/me/shipment/generate', { orders: [id] });
  return id;
}

beforeAll(prepareDatabase);
beforeEach(() => {
  jar.cookies = [];
  publicDemo(false);
});
afterAll(() => {
  Object.assign(process.env, saved);
  startProcessContext();
});

describe('the carrier sandbox over HTTP', () => {
  it('in development stays open (tests drive it): label PDFs served, any bearer token', async () => {
    const id = await generatedLabel();
    expect((await call('GET', `etiqueta/${id}.pdf`)).status).toBe(200);
    expect((await call('POST', 'api/v2/me/cart', { body: cartBody, auth: 'anything' })).status).toBe(201);
  });

  it('in a public demo: no label file over HTTP, the API only with a secret sandbox key', async () => {
    const id = await generatedLabel();
    publicDemo(true);
    const pdf = await call('GET', `etiqueta/${id}.pdf`);
    expect(pdf.status).toBe(404);
    expect(await pdf.text()).not.toContain('Renata');
    for (const auth of [undefined, 'anything', 'sk_sandbox_dev', 'sandbox']) {
      expect((await call('POST', 'api/v2/me/cart', { body: cartBody, auth })).status).toBe(401);
      expect((await call('POST', 'api/v2/me/shipment/checkout', { body: { orders: [id] }, auth })).status).toBe(401);
    }
    expect((await call('POST', 'api/v2/me/cart', { body: cartBody, auth: SECRET })).status).toBe(201);
  });

  it('in a public demo the label list is for buyers:read only (the demo login is refused); it never holds an address', async () => {
    await generatedLabel();
    publicDemo(true);
    expect((await call('GET', 'sim/labels')).status).toBe(403);
    jar.cookies = await sessionCookiesOf(await insertPerson(`demo-${Date.now()}@loja.example`, 'demo'));
    expect((await call('GET', 'sim/labels')).status).toBe(403);
    jar.cookies = await sessionCookiesOf(await insertPerson(`dono-${Date.now()}@loja.example`, 'owner'));
    const list = await call('GET', 'sim/labels');
    expect(list.status).toBe(200);
    const text = await list.text();
    expect(text).toContain('"tracking"');
    expect(text).not.toContain('Renata');
    expect(text).not.toContain('Secreta');
  });
});
