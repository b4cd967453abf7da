import { encode } from 'next-auth/jwt';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db';
import { users } from '@/db/schema';
import { env } from '@/lib/config/env';
import { api } from '@/lib/payments/api';
import { FakePaymentApi } from '@/test/payments/fake-payment-api';
import { prepareDatabase } from '@/test/payments/db';
import { placeTestOrder } from '@/test/payments/place';
import { startProcessContext } from '@/lib/process/context';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies }) }));

const { hasFullSimulatorAccess, mayActOnCharge } = await import('./simulator-access');

const saved = { ...process.env };
function publicDemo(on: boolean) {
  Object.assign(process.env, on ? { NODE_ENV: 'production', SANDBOX_ENABLED: 'true', SANDBOX_API_KEYS: 's'.repeat(32), AUTH_SECRET: 'a'.repeat(40) } : {});
  if (!on) for (const k of ['SANDBOX_ENABLED', 'SANDBOX_API_KEYS', 'AUTH_SECRET']) delete process.env[k];
  if (!on) (process.env as Record<string, string>).NODE_ENV = 'test';
  startProcessContext();
}

let mine: { token: string; charge: string };
let theirs: { token: string; charge: string };
beforeAll(async () => {
  await prepareDatabase();
  startProcessContext([api.provide(new FakePaymentApi())]);
  const a = await placeTestOrder('pix');
  const b = await placeTestOrder('boleto');
  mine = { token: a.order.token, charge: a.payment.providerId! };
  theirs = { token: b.order.token, charge: b.payment.providerId! };
});
afterAll(() => {
  Object.assign(process.env, saved);
  startProcessContext();
});
beforeEach(() => {
  jar.cookies = [];
  publicDemo(false);
});

describe('the simulator in development', () => {
  it('is open to everyone (tests drive it)', async () => {
    expect(await hasFullSimulatorAccess()).toBe(true);
    expect(await mayActOnCharge(theirs.charge, null)).toBe(true);
  });
});

describe('the simulator in a public demo', () => {
  it('a visitor may pay or expire only the charge of the order whose token they hold', async () => {
    publicDemo(true);
    expect(await hasFullSimulatorAccess()).toBe(false);
    expect(await mayActOnCharge(mine.charge, mine.token)).toBe(true);
    expect(await mayActOnCharge(mine.charge.toUpperCase(), mine.token)).toBe(true);
    expect(await mayActOnCharge(theirs.charge, mine.token)).toBe(false);
    expect(await mayActOnCharge(theirs.charge, null)).toBe(false);
    expect(await mayActOnCharge(theirs.charge, 'not-a-token')).toBe(false);
    expect(await mayActOnCharge(theirs.charge, 'x'.repeat(43))).toBe(false);
  });

  it('a signed-in merchant may act on everything', async () => {
    publicDemo(true);
    const [u] = await db().insert(users).values({ email: 'lojista@balcao.dev', name: 'Loja', passwordHash: 'x' }).returning();
    jar.cookies = [{ name: 'next-auth.session-token', value: await encode({ token: { sub: String(u.id), sv: 0 }, secret: env().authSecret }) }];
    expect(await hasFullSimulatorAccess()).toBe(true);
    expect(await mayActOnCharge(theirs.charge, null)).toBe(true);
  });
});
