import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db } from '@/db';
import { accountPolicy, users } from '@/db/schema';
import { env } from '@/lib/config/env';
import { paymentProvider } from '@/lib/payments/provider';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { prepareDatabase } from '@/test/payments/db';
import { placeTestOrder } from '@/test/payments/place';
import { startProcessContext } from '@/lib/process/context';
import { insertPerson, sessionCookiesOf } from '@/test/auth/session';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies }) }));

const { boletoPdfHref, hasFullSimulatorAccess, mayActOnCharge, mayReadBoletoPayer, mayReadPayers } = await import('./simulator-access');

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
  startProcessContext([paymentProvider.provide(new FakePaymentProvider())]);
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
    jar.cookies = await sessionCookiesOf(u.id);
    expect(await hasFullSimulatorAccess()).toBe(true);
    expect(await mayActOnCharge(theirs.charge, null)).toBe(true);
  });
});

async function signInAs(email: string, role: 'owner' | 'demo' | 'attendant', totp = false): Promise<void> {
  jar.cookies = await sessionCookiesOf(await insertPerson(email, role, totp));
}

describe("the boleto's payer in a public demo", () => {
  it('is whole for the shopper holding the order token, masked for a token of another order or none', async () => {
    publicDemo(true);
    expect(await mayReadBoletoPayer(theirs.charge, theirs.token)).toBe(true);
    expect(await mayReadBoletoPayer(theirs.charge, mine.token)).toBe(false);
    expect(await mayReadBoletoPayer(theirs.charge, null)).toBe(false);
  });

  it('is masked for the demonstration account (it acts on every order, and sees buyers masked)', async () => {
    publicDemo(true);
    await signInAs('demo-pagador@balcao.dev', 'demo');
    expect(await hasFullSimulatorAccess()).toBe(true);
    expect(await mayReadPayers()).toBe(false);
    expect(await mayReadBoletoPayer(theirs.charge, null)).toBe(false);
  });

  it('is whole for a merchant with buyers:read (an Atendente too)', async () => {
    publicDemo(true);
    await signInAs('atendente-pagador@balcao.dev', 'attendant');
    expect(await mayReadPayers()).toBe(true);
    expect(await mayReadBoletoPayer(theirs.charge, null)).toBe(true);
  });

  it("the shopper's order page links the PDF with the order's token; other providers' URLs are left alone", () => {
    publicDemo(true);
    const base = env().appUrl;
    expect(boletoPdfHref(`${base}/sandbox/invoice/boleto/pdf/abc`, mine.token)).toBe(`${base}/sandbox/invoice/boleto/pdf/abc?pedido=${mine.token}`);
    expect(boletoPdfHref('https://provedor.example/boleto/pdf/abc', mine.token)).toBe('https://provedor.example/boleto/pdf/abc');
    publicDemo(false);
    expect(boletoPdfHref(`${env().appUrl}/sandbox/invoice/boleto/pdf/abc`, mine.token)).toBe(`${env().appUrl}/sandbox/invoice/boleto/pdf/abc`);
  });
});

describe('the Dono\'s "exigir verificação em duas etapas" covers the simulator', () => {
  it('an owner who has not enabled it gets the visitor\'s view, and no payer, until they do', async () => {
    publicDemo(true);
    await db().insert(accountPolicy).values({ id: 1, requireTwoFactor: true }).onConflictDoUpdate({ target: accountPolicy.id, set: { requireTwoFactor: true } });
    try {
      await signInAs('dono-sem-2fa@balcao.dev', 'owner');
      expect(await hasFullSimulatorAccess()).toBe(false);
      expect(await mayActOnCharge(theirs.charge, null)).toBe(false);
      expect(await mayReadBoletoPayer(theirs.charge, null)).toBe(false);
      await signInAs('dono-com-2fa@balcao.dev', 'owner', true);
      expect(await hasFullSimulatorAccess()).toBe(true);
      expect(await mayReadBoletoPayer(theirs.charge, null)).toBe(true);
    } finally {
      await db().update(accountPolicy).set({ requireTwoFactor: false });
    }
  });
});
