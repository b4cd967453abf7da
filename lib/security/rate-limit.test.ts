import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { database, ensureMigrated } from '@/db';
import { rateLimitCounters } from '@/db/schema';
import { hit, hitAlong, sweepRateLimits, usedUp } from './rate-limit';
import { startProcessContext } from '@/lib/process/context';
import { clearRateLimits } from '@/test/security/rate-limits';
import { runWorker } from '@/test/worker-process';

const saved = { ...process.env };
beforeAll(async () => {
  process.env.RATE_LIMIT_CHECKOUT_PER_MIN = '3';
  process.env.RATE_LIMIT_LOGIN_PER_MIN = '2';
  process.env.RATE_LIMIT_WEBHOOK_PER_MIN = '5';
  startProcessContext();
  await ensureMigrated();
});
beforeEach(async () => {
  await clearRateLimits();
  startProcessContext();
});
afterAll(() => {
  process.env = { ...saved };
  startProcessContext();
});

const T0 = 1_700_000_000_000;

describe('hitAlong (the hit in one batch with reads, on libSQL)', () => {
  it('counts and refuses exactly like hit, on the same counter, and answers the reads whatever it decides', async () => {
    const { db } = database();
    const counters = () => db.select({ key: rateLimitCounters.key }).from(rateLimitCounters);
    await hit('checkout', '7.7.7.7', T0);
    const [first, [rows]] = await hitAlong('checkout', '7.7.7.7', [counters()], T0 + 1);
    expect(first).toEqual({ ok: true, remaining: 1 });
    expect(rows).toEqual([{ key: 'checkout:7.7.7.7' }]); // read in the same batch, after the hit
    expect((await hitAlong('checkout', '7.7.7.7', [counters()], T0 + 2))[0]).toEqual({ ok: true, remaining: 0 });
    const [refused, [still]] = await hitAlong('checkout', '7.7.7.7', [counters()], T0 + 20_000);
    expect(refused).toEqual({ ok: false, retryAfterSeconds: 40 });
    expect(still).toHaveLength(1);
    expect(await hit('checkout', '7.7.7.7', T0 + 20_001)).toEqual({ ok: false, retryAfterSeconds: 40 });
  });
});

describe('hit', () => {
  it('allows the configured number per minute, then refuses with the seconds left in the window', async () => {
    expect(await hit('checkout', '1.2.3.4', T0)).toEqual({ ok: true, remaining: 2 });
    expect(await hit('checkout', '1.2.3.4', T0 + 1)).toEqual({ ok: true, remaining: 1 });
    expect(await hit('checkout', '1.2.3.4', T0 + 2)).toEqual({ ok: true, remaining: 0 });
    expect(await hit('checkout', '1.2.3.4', T0 + 20_000)).toEqual({ ok: false, retryAfterSeconds: 40 });
    expect(await hit('checkout', '1.2.3.4', T0 + 59_001)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('starts a new window after a minute', async () => {
    for (let i = 0; i < 4; i++) await hit('login', 'ip|a@b.c', T0);
    expect((await hit('login', 'ip|a@b.c', T0 + 59_999)).ok).toBe(false);
    expect(await hit('login', 'ip|a@b.c', T0 + 60_000)).toEqual({ ok: true, remaining: 1 });
  });

  it('counts each id and each bucket apart', async () => {
    for (let i = 0; i < 5; i++) expect((await hit('webhook', 'token-a', T0)).ok).toBe(true);
    expect((await hit('webhook', 'token-a', T0)).ok).toBe(false);
    expect((await hit('webhook', 'token-b', T0)).ok).toBe(true); // another token (known or not) has its own budget
    expect((await hit('checkout', 'token-a', T0)).ok).toBe(true); // the same id in another bucket too
  });

  it('reads each bucket limit from its own variable; the API allows 120 a minute per key', async () => {
    const allowed = async (bucket: 'checkout' | 'login' | 'webhook' | 'api') => {
      let n = 0;
      while ((await hit(bucket, 'x', T0)).ok) n++;
      return n;
    };
    expect([await allowed('checkout'), await allowed('login'), await allowed('webhook'), await allowed('api')]).toEqual([3, 2, 5, 120]);
  });

  it('keeps the count in the database: a fresh process context (another process) sees it', async () => {
    for (let i = 0; i < 3; i++) await hit('checkout', '5.5.5.5', T0);
    startProcessContext(); // new connection, nothing kept in memory
    expect(await hit('checkout', '5.5.5.5', T0 + 1)).toEqual({ ok: false, retryAfterSeconds: 60 });
  });
});

describe('sweep', () => {
  it('removes finished windows only, and a hit a window later sweeps on its own', async () => {
    await hit('webhook', 'old', T0);
    await hit('webhook', 'young', T0 + 30_000);
    expect(await sweepRateLimits(T0 + 60_000)).toBe(1);
    expect((await database().db.select().from(rateLimitCounters)).map((r) => r.key)).toEqual(['webhook:young']);
    await hit('webhook', 'other', T0 + 200_000); // this process last swept at T0: sweeps again
    expect((await database().db.select().from(rateLimitCounters)).map((r) => r.key)).toEqual(['webhook:other']);
  });
});

describe('windows longer than a minute', () => {
  it('a lockout window (15 minutes) and a daily cap outlive the minute, and the sweep leaves them until they end', async () => {
    for (let i = 0; i < 5; i++) await hit('second-step', '42', T0 + i);
    expect(await usedUp('second-step', '42', T0 + 10 * 60_000)).toBe(true);
    expect((await hit('second-step', '42', T0 + 10 * 60_000)).ok).toBe(false);
    expect(await sweepRateLimits(T0 + 14 * 60_000)).toBe(0);
    expect(await usedUp('second-step', '42', T0 + 15 * 60_000)).toBe(false);
    expect(await sweepRateLimits(T0 + 15 * 60_000)).toBe(1);

    for (let i = 0; i < 10; i++) expect((await hit('password-reset-account-day', 'a@b.c', T0 + i * 60_000)).ok).toBe(true);
    expect(await hit('password-reset-account-day', 'a@b.c', T0 + 23 * 3_600_000)).toEqual({ ok: false, retryAfterSeconds: 3600 });
    expect((await hit('password-reset-account-day', 'a@b.c', T0 + 24 * 3_600_000)).ok).toBe(true);
  });
});

describe('two processes on one database', () => {
  it('share the login limit: together they get the limit, not twice it', async () => {
    // RATE_LIMIT_LOGIN_PER_MIN=2 (beforeAll) reaches the workers through the environment.
    const worker = () => runWorker<{ checked: number; limited: number }>('test/security/login-worker.ts', ['alguem@example.com', '198.51.100.7', 4]);
    const [a, b] = await Promise.all([worker(), worker()]);
    expect(a.checked + a.limited).toBe(4);
    expect(b.checked + b.limited).toBe(4);
    // Each process alone would have let 2 through (in-memory counters): 4 in all.
    expect(a.checked + b.checked).toBe(2);
    expect(a.limited + b.limited).toBe(6);
  }, 60_000);
});
