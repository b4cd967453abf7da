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

const { getMerchantOrNull, isSessionCookieName, requireMerchant } = await import('./session');
const { revokeAllSessions } = await import('./session-version');
const { authOptions } = await import('./options');

let merchantId: number;
beforeAll(async () => {
  await ensureMigrated();
  const [u] = await db().insert(users).values({ email: 'sessao@balcao.dev', name: 'Loja Sessão', passwordHash: 'x' }).returning();
  merchantId = u.id;
});
beforeEach(() => {
  jar.cookies = [];
});

const tokenFor = (sub: string, opts: { secret?: string; maxAge?: number; sv?: number; sid?: string } = {}) =>
  encode({
    token: { sub, email: 'sessao@balcao.dev', name: 'Loja Sessão', ...(opts.sv === undefined ? {} : { sv: opts.sv }), ...(opts.sid ? { sid: opts.sid } : {}) },
    secret: opts.secret ?? env().authSecret,
    maxAge: opts.maxAge,
  });

describe('getMerchantOrNull', () => {
  it('is null without a session cookie', async () => {
    expect(await getMerchantOrNull()).toBeNull();
  });

  it('returns the merchant for a valid session token', async () => {
    jar.cookies = [{ name: 'next-auth.session-token', value: await tokenFor(String(merchantId)) }];
    expect(await getMerchantOrNull()).toEqual({ id: merchantId, email: 'sessao@balcao.dev', name: 'Loja Sessão', role: 'owner' });
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

describe('revocation (session version)', () => {
  it('a replayed cookie is refused once the merchant signed out everywhere; a new sign-in works', async () => {
    const [other] = await db().insert(users).values({ email: 'revoga@balcao.dev', name: 'Loja Revoga', passwordHash: 'x' }).returning();
    const old = await tokenFor(String(other.id), { sv: 0 });
    jar.cookies = [{ name: 'next-auth.session-token', value: old }];
    expect((await getMerchantOrNull())?.id).toBe(other.id);
    expect(await revokeAllSessions(other.id)).toBe(1);
    jar.cookies = [{ name: 'next-auth.session-token', value: old }];
    expect(await getMerchantOrNull()).toBeNull();
    await expect(requireMerchant('/dashboard/orders')).rejects.toThrow('REDIRECT /login');
    jar.cookies = [{ name: 'next-auth.session-token', value: await tokenFor(String(other.id), { sv: 1 }) }];
    expect((await getMerchantOrNull())?.id).toBe(other.id);
  });

  it('"Sair" (next-auth\'s signOut event) bumps the version: the cookie it cleared cannot be replayed', async () => {
    const [other] = await db().insert(users).values({ email: 'sair@balcao.dev', name: 'Loja Sair', passwordHash: 'x' }).returning();
    const cookie = await tokenFor(String(other.id), { sv: 0 });
    await authOptions().events!.signOut!({ token: { sub: String(other.id), sv: 0 }, session: undefined as never });
    jar.cookies = [{ name: 'next-auth.session-token', value: cookie }];
    expect(await getMerchantOrNull()).toBeNull();
  });

  it('"Sair" on one device ends only that session: the same person\'s other device stays signed in, and a copy of the cleared cookie is refused', async () => {
    const [other] = await db().insert(users).values({ email: 'dois@balcao.dev', name: 'Loja Dois', passwordHash: 'x' }).returning();
    const phone = await tokenFor(String(other.id), { sv: 0, sid: 'sessao-celular' });
    const desk = await tokenFor(String(other.id), { sv: 0, sid: 'sessao-mesa' });
    const exp = Math.floor(Date.now() / 1000) + 3600;
    await authOptions().events!.signOut!({ token: { sub: String(other.id), sv: 0, sid: 'sessao-celular', exp }, session: undefined as never });
    jar.cookies = [{ name: 'next-auth.session-token', value: phone }];
    expect(await getMerchantOrNull()).toBeNull();
    jar.cookies = [{ name: 'next-auth.session-token', value: desk }];
    expect((await getMerchantOrNull())?.id).toBe(other.id);
    // "Sair de todos os dispositivos" still ends the rest.
    await revokeAllSessions(other.id);
    expect(await getMerchantOrNull()).toBeNull();
  });

  it('a new sign-in gets its own session id', async () => {
    const callbacks = authOptions().callbacks!;
    const user = { id: String(merchantId), email: 'sessao@balcao.dev', name: 'Loja Sessão', sessionVersion: 0 };
    const a = await callbacks.jwt!({ token: {}, user } as never);
    const b = await callbacks.jwt!({ token: {}, user } as never);
    expect(a.sid).toEqual(expect.any(String));
    expect(a.sid).not.toBe(b.sid);
  });

  it('recognizes the session cookie in every form next-auth writes it', () => {
    for (const name of ['next-auth.session-token', '__Secure-next-auth.session-token', 'next-auth.session-token.0']) expect(isSessionCookieName(name)).toBe(true);
    for (const name of ['next-auth.csrf-token', 'balcao_cart', 'next-auth.session-tokenx']) expect(isSessionCookieName(name)).toBe(false);
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
