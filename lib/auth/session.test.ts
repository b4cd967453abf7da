import { encode } from 'next-auth/jwt';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { db, ensureMigrated } from '@/db';
import { users } from '@/db/schema';
import { env } from '@/lib/config/env';

const jar = vi.hoisted(() => ({ cookies: [] as { name: string; value: string }[] }));
vi.mock('next/headers', () => ({ cookies: async () => ({ getAll: () => jar.cookies }) }));
vi.mock('next/navigation', () => ({
  redirect: (url: string) => {
    throw new Error(`REDIRECT ${url}`);
  },
}));

const { getMerchantOrNull, requireMerchant } = await import('./session');

let merchantId: number;
beforeAll(async () => {
  await ensureMigrated();
  const [u] = await db().insert(users).values({ email: 'sessao@balcao.dev', name: 'Loja Sessão', passwordHash: 'x' }).returning();
  merchantId = u.id;
});
beforeEach(() => {
  jar.cookies = [];
});

const tokenFor = (sub: string, opts: { secret?: string; maxAge?: number } = {}) =>
  encode({ token: { sub, email: 'sessao@balcao.dev', name: 'Loja Sessão' }, secret: opts.secret ?? env().authSecret, maxAge: opts.maxAge });

describe('getMerchantOrNull', () => {
  it('is null without a session cookie', async () => {
    expect(await getMerchantOrNull()).toBeNull();
  });

  it('returns the merchant for a valid session token', async () => {
    jar.cookies = [{ name: 'next-auth.session-token', value: await tokenFor(String(merchantId)) }];
    expect(await getMerchantOrNull()).toEqual({ id: merchantId, email: 'sessao@balcao.dev', name: 'Loja Sessão' });
  });

  it('refuses a token made with another secret, a garbled one and an expired one', async () => {
    jar.cookies = [{ name: 'next-auth.session-token', value: await tokenFor(String(merchantId), { secret: 'another-secret-another-secret-another' }) }];
    expect(await getMerchantOrNull()).toBeNull();
    jar.cookies = [{ name: 'next-auth.session-token', value: 'not-a-jwt' }];
    expect(await getMerchantOrNull()).toBeNull();
    jar.cookies = [{ name: 'next-auth.session-token', value: await tokenFor(String(merchantId), { maxAge: -60 }) }];
    expect(await getMerchantOrNull()).toBeNull();
  });

  it('refuses a valid token of a user that no longer exists', async () => {
    jar.cookies = [{ name: 'next-auth.session-token', value: await tokenFor('999999') }];
    expect(await getMerchantOrNull()).toBeNull();
  });
});

describe('requireMerchant', () => {
  it('redirects to /login with the way back', async () => {
    await expect(requireMerchant('/dashboard/orders?status=paid')).rejects.toThrow(
      'REDIRECT /login?callbackUrl=%2Fdashboard%2Forders%3Fstatus%3Dpaid',
    );
  });
  it('returns the merchant when signed in', async () => {
    jar.cookies = [{ name: 'next-auth.session-token', value: await tokenFor(String(merchantId)) }];
    expect((await requireMerchant()).id).toBe(merchantId);
  });
});
