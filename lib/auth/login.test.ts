import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database, ensureMigrated } from '@/db';
import { DEMO_MERCHANT, seed } from '@/db/seed';
import bcrypt from 'bcryptjs';
import { eq } from 'drizzle-orm';
import { users } from '@/db/schema';
import { authorizeLogin, LoginRateLimitedError } from './login';
import { BCRYPT_COST } from '@/lib/config/password-cost';
import { startProcessContext } from '@/lib/process/context';
import { clearRateLimits } from '@/test/security/rate-limits';
import { env } from '@/lib/config/env';
import { KNOWN_DEVICE_COOKIE, knownDeviceValue, withKnownDevice } from './known-device';

process.env.RATE_LIMIT_LOGIN_PER_MIN = '3';

/** What reaches the app through one trusted hop's view (TRUSTED_PROXY_HOPS=0 and no socket stamp in tests: the right-most entry). */
const headers = (ip: string) => ({ 'x-forwarded-for': ip });

beforeAll(async () => {
  await ensureMigrated();
  await seed(database(), { demoMerchant: true });
});
beforeEach(async () => {
  startProcessContext();
  await clearRateLimits();
});

describe('authorizeLogin', () => {
  it('signs the demo merchant in, whatever the e-mail case and spaces', async () => {
    const m = await authorizeLogin({ email: '  Demo@Balcao.dev ', password: DEMO_MERCHANT.password }, headers('1.1.1.1'));
    expect(m).toMatchObject({ email: DEMO_MERCHANT.email, name: DEMO_MERCHANT.name });
    expect(m?.id).toBeGreaterThan(0);
  });

  it('refuses a wrong password and an unknown e-mail alike (null, no hint)', async () => {
    expect(await authorizeLogin({ email: DEMO_MERCHANT.email, password: 'errada-123' }, headers('1.1.1.2'))).toBeNull();
    expect(await authorizeLogin({ email: 'ninguem@balcao.dev', password: DEMO_MERCHANT.password }, headers('1.1.1.2'))).toBeNull();
    expect(await authorizeLogin({ email: DEMO_MERCHANT.email, password: '' }, headers('1.1.1.2'))).toBeNull();
    expect(await authorizeLogin(undefined, headers('1.1.1.2'))).toBeNull();
  });

  it('refuses a password longer than bcrypt reads instead of cutting it', async () => {
    expect(await authorizeLogin({ email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password + 'x'.repeat(80) }, headers('1.1.1.3'))).toBeNull();
  });

  it('limits attempts per IP + e-mail, even with the right password after the limit', async () => {
    for (let i = 0; i < 3; i++) expect(await authorizeLogin({ email: DEMO_MERCHANT.email, password: 'errada' }, headers('2.2.2.2'))).toBeNull();
    await expect(authorizeLogin({ email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }, headers('2.2.2.2'))).rejects.toBeInstanceOf(
      LoginRateLimitedError,
    );
    // Another IP, or another e-mail from the same IP, has its own budget.
    expect(await authorizeLogin({ email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }, headers('3.3.3.3'))).not.toBeNull();
    expect(await authorizeLogin({ email: 'outro@balcao.dev', password: 'x' }, headers('2.2.2.2'))).toBeNull();
  });

  it('a spoofed X-Forwarded-For hop rotated on every try does not lift the lock: the right password is still refused', async () => {
    const statuses: string[] = [];
    for (let i = 0; i < 20; i++) {
      const spoofed = { 'x-forwarded-for': `198.18.${i}.${i + 1}, 203.0.113.8` };
      statuses.push(
        await authorizeLogin({ email: DEMO_MERCHANT.email, password: 'errada' }, spoofed).then(
          () => 'refused',
          (e) => (e instanceof LoginRateLimitedError ? 'limited' : 'error'),
        ),
      );
    }
    expect(statuses.filter((s) => s === 'refused')).toHaveLength(3);
    expect(statuses.slice(3).every((s) => s === 'limited')).toBe(true);
    const fresh = { 'x-forwarded-for': '198.18.200.1, 203.0.113.8' };
    await expect(authorizeLogin({ email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }, fresh)).rejects.toBeInstanceOf(LoginRateLimitedError);
  });

  it('limits one account across all addresses too (five times the per-address limit)', async () => {
    const results: string[] = [];
    for (let i = 0; i < 16; i++) {
      results.push(
        await authorizeLogin({ email: DEMO_MERCHANT.email, password: 'errada' }, headers(`198.51.100.${i + 1}`)).then(
          () => 'refused',
          () => 'limited',
        ),
      );
    }
    expect(results.slice(0, 15).every((r) => r === 'refused')).toBe(true);
    expect(results[15]).toBe('limited');
    // The right password from yet another address waits out the window too; other accounts do not.
    await expect(authorizeLogin({ email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }, headers('192.0.2.99'))).rejects.toBeInstanceOf(
      LoginRateLimitedError,
    );
    expect(await authorizeLogin({ email: 'outro@balcao.dev', password: 'x' }, headers('192.0.2.99'))).toBeNull();
  }, 120_000); // 17 bcrypt checks: slow on a busy machine

  it('a browser that signed in to the account before (a known device) still signs the owner in while many addresses have locked the account', async () => {
    for (let i = 0; i < 16; i++) await authorizeLogin({ email: DEMO_MERCHANT.email, password: 'errada' }, headers(`198.51.100.${i + 1}`)).catch(() => null);
    const secret = env().authSecret;
    const withCookie = (cookie: string) => ({ 'x-forwarded-for': '192.0.2.50', cookie: `outro=1; ${KNOWN_DEVICE_COOKIE}=${cookie}` });
    // An unknown client waits out the window, right password or not.
    await expect(authorizeLogin({ email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }, headers('192.0.2.50'))).rejects.toBeInstanceOf(LoginRateLimitedError);
    // A cookie made for another account, or forged, is an unknown client.
    await expect(authorizeLogin({ email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }, withCookie(knownDeviceValue('outro@balcao.dev', secret)))).rejects.toBeInstanceOf(
      LoginRateLimitedError,
    );
    await expect(authorizeLogin({ email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }, withCookie('abc.def'))).rejects.toBeInstanceOf(LoginRateLimitedError);
    // The owner's own phone, which has not failed, signs in.
    const phone = knownDeviceValue(DEMO_MERCHANT.email, secret);
    expect(await authorizeLogin({ email: DEMO_MERCHANT.email, password: DEMO_MERCHANT.password }, { ...withCookie(phone), 'x-forwarded-for': '192.0.2.51' })).not.toBeNull();
    // A known device that keeps failing has a budget of its own (the per-address limit).
    const stolen = knownDeviceValue(DEMO_MERCHANT.email, secret);
    const results: string[] = [];
    for (let i = 0; i < 4; i++) {
      results.push(
        await authorizeLogin({ email: DEMO_MERCHANT.email, password: 'errada' }, { ...withCookie(stolen), 'x-forwarded-for': `192.0.2.${60 + i}` }).then(
          () => 'refused',
          () => 'limited',
        ),
      );
    }
    expect(results).toEqual(['refused', 'refused', 'refused', 'limited']);
  }, 120_000);

  it('the known-device cookie is added to a successful sign-in only', () => {
    const opts = { secret: env().authSecret, secure: true };
    const signedIn = new Response(null, { status: 200, headers: [['Set-Cookie', 'next-auth.session-token=abc; Path=/; HttpOnly']] });
    const added = withKnownDevice(signedIn, DEMO_MERCHANT.email, opts).headers.getSetCookie();
    expect(added).toHaveLength(2);
    expect(added[1]).toMatch(new RegExp(`^${KNOWN_DEVICE_COOKIE}=[\\w-]+\\.[\\w-]+; Path=/api/auth; Max-Age=\\d+; HttpOnly; SameSite=Lax; Secure$`));
    const refused = new Response(null, { status: 401 });
    expect(withKnownDevice(refused, DEMO_MERCHANT.email, opts).headers.getSetCookie()).toEqual([]);
  });

  it('the demo merchant\'s hash is made at the shop\'s one cost (the dummy hash\'s: lib/config/password-cost.test.ts), so timing does not tell that its e-mail exists', async () => {
    const [demo] = await database().db.select().from(users).where(eq(users.email, DEMO_MERCHANT.email));
    expect(bcrypt.getRounds(demo.passwordHash)).toBe(BCRYPT_COST);
  });

  it('reads the IP from a Headers object too', async () => {
    const h = new Headers({ 'x-forwarded-for': '4.4.4.4' });
    for (let i = 0; i < 3; i++) await authorizeLogin({ email: DEMO_MERCHANT.email, password: 'errada' }, h);
    await expect(authorizeLogin({ email: DEMO_MERCHANT.email, password: 'errada' }, h)).rejects.toThrow('rate_limited');
  });
});
