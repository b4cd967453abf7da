/**
 * POST /api/dashboard/push-subscriptions: JSON from this site's origin, a signed-in person with
 * `account:edit`, an https endpoint (or a listed origin); the demonstration account may not.
 */
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureMigrated } from '@/db';
import { startProcessContext } from '@/lib/process/context';
import { insertPerson, sessionCookiesOf } from '@/test/auth/session';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({
  cookies: async () => ({ getAll: () => jar.cookies, get: (n: string) => jar.cookies.find((c) => c.name === n), set: () => {} }),
  headers: async () => new Headers({ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0) Safari/604.1' }),
}));

const route = await import('./route');
const ORIGIN = 'http://localhost:3000';

function subscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } };
}

const post = (body: unknown, headers: Record<string, string> = { origin: ORIGIN, 'content-type': 'application/json' }) =>
  route.POST(new Request(`${ORIGIN}/api/dashboard/push-subscriptions`, { method: 'POST', headers, body: JSON.stringify(body) }));

beforeAll(async () => {
  process.env.APP_URL = ORIGIN;
  startProcessContext();
  await ensureMigrated();
});

describe('POST /api/dashboard/push-subscriptions', () => {
  it('401 without a session; 403 from another origin or as a form', async () => {
    jar.cookies = [];
    expect((await post(subscription())).status).toBe(401);
    jar.cookies = await sessionCookiesOf(await insertPerson(`dona-${randomUUID()}@loja.com.br`, 'owner'));
    expect((await post(subscription(), { origin: 'https://evil.example', 'content-type': 'application/json' })).status).toBe(403);
    expect((await post(subscription(), { origin: ORIGIN, 'content-type': 'text/plain' })).status).toBe(403);
  });

  it('201 for a signed-in person and an https endpoint; 400 for http; the demonstration account is refused', async () => {
    jar.cookies = await sessionCookiesOf(await insertPerson(`dona-${randomUUID()}@loja.com.br`, 'owner'));
    const ok = await post(subscription());
    expect(ok.status).toBe(201);
    expect(await ok.json()).toMatchObject({ ok: true, id: expect.any(Number) });
    expect((await post(subscription('http://push.example.com/x'))).status).toBe(400);
    jar.cookies = await sessionCookiesOf(await insertPerson(`demo-${randomUUID()}@loja.com.br`, 'demo'));
    expect((await post(subscription())).status).toBe(403);
  });
});
