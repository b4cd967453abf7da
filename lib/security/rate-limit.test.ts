import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hit, rateLimitWindows } from './rate-limit';
import { startProcessContext } from '@/lib/process/context';

const saved = { ...process.env };
beforeEach(() => {
  process.env.RATE_LIMIT_CHECKOUT_PER_MIN = '3';
  process.env.RATE_LIMIT_LOGIN_PER_MIN = '2';
  process.env.RATE_LIMIT_WEBHOOK_PER_MIN = '5';
  startProcessContext();
  startProcessContext();
});
afterEach(() => {
  process.env = { ...saved };
  startProcessContext();
  startProcessContext();
});

describe('hit', () => {
  it('allows the configured number per minute, then refuses with the seconds left in the window', () => {
    const t0 = 1_700_000_000_000;
    expect(hit('checkout', '1.2.3.4', t0)).toEqual({ ok: true, remaining: 2 });
    expect(hit('checkout', '1.2.3.4', t0 + 1)).toEqual({ ok: true, remaining: 1 });
    expect(hit('checkout', '1.2.3.4', t0 + 2)).toEqual({ ok: true, remaining: 0 });
    expect(hit('checkout', '1.2.3.4', t0 + 20_000)).toEqual({ ok: false, retryAfterSeconds: 40 });
    expect(hit('checkout', '1.2.3.4', t0 + 59_001)).toEqual({ ok: false, retryAfterSeconds: 1 });
  });

  it('starts a new window after a minute', () => {
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < 4; i++) hit('login', 'ip|a@b.c', t0);
    expect(hit('login', 'ip|a@b.c', t0 + 59_999).ok).toBe(false);
    expect(hit('login', 'ip|a@b.c', t0 + 60_000)).toEqual({ ok: true, remaining: 1 });
  });

  it('counts each id and each bucket apart', () => {
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < 5; i++) expect(hit('webhook', 'token-a', t0).ok).toBe(true);
    expect(hit('webhook', 'token-a', t0).ok).toBe(false);
    expect(hit('webhook', 'token-b', t0).ok).toBe(true); // another token (known or not) has its own budget
    expect(hit('checkout', 'token-a', t0).ok).toBe(true); // the same id in another bucket too
  });

  it('reads each bucket limit from its own variable', () => {
    const t0 = 1_700_000_000_000;
    const allowed = (bucket: 'checkout' | 'login' | 'webhook') => {
      let n = 0;
      while (hit(bucket, 'x', t0).ok) n++;
      return n;
    };
    expect([allowed('checkout'), allowed('login'), allowed('webhook')]).toEqual([3, 2, 5]);
  });
});

describe('memory bound', () => {
  it('stays bounded under a flood of distinct ids without resetting the id being hammered', () => {
    const t0 = 1_700_000_000_000;
    for (let i = 0; i < 6; i++) hit('webhook', 'target', t0);
    expect(hit('webhook', 'target', t0).ok).toBe(false);
    for (let i = 0; i < 60_000; i++) hit('webhook', `random-${i}`, t0 + 1);
    expect(rateLimitWindows().size).toBeLessThanOrEqual(50_000);
    expect(hit('webhook', 'target', t0 + 2).ok).toBe(false);
    // finished windows are dropped first
    hit('webhook', 'later', t0 + 61_000);
    expect(hit('webhook', 'target', t0 + 61_001).ok).toBe(true);
  });
});
