/**
 * A public demo (NODE_ENV=production with the sandbox on): what a visitor on the Internet can
 * and cannot do with the sandbox (docs/sandbox.md, "A public demo").
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { call, createPix, KEY, newSandbox, type TestSandbox } from './testing/fixtures';

const SECRET = 'sk_demo_secret_0123456789abcdef';

let s: TestSandbox;
beforeEach(() => {
  s = newSandbox({ publicDemo: true, apiKeys: [SECRET] });
});
afterEach(() => s.close());

describe('keys', () => {
  test('the well-known key is refused everywhere; the secret key works', async () => {
    expect((await call(s.ctx, 'GET', 'v1/customers/balance', { key: KEY })).status).toBe(401);
    expect((await call(s.ctx, 'GET', 'sim/webhooks', { key: KEY })).status).toBe(401);
    expect((await call(s.ctx, 'PUT', 'sim/faults', { key: KEY, body: { error_rate: 1 } })).status).toBe(401);
    expect((await call(s.ctx, 'POST', 'sim/clock', { key: KEY, body: { advance_seconds: 86400 } })).status).toBe(401);
    expect((await call(s.ctx, 'GET', 'v1/customers/balance', { key: SECRET })).status).toBe(200);
    const { id } = await createPix(s.ctx, {}, SECRET);
    expect((await call(s.ctx, 'GET', `v1/pix/${id}`, { key: SECRET })).status).toBe(200);
  });

  test('outside a public demo the well-known key stays open for tests and tools', async () => {
    const dev = newSandbox({ apiKeys: [SECRET] });
    try {
      expect((await call(dev.ctx, 'GET', 'v1/customers/balance', { key: KEY })).status).toBe(200);
    } finally {
      dev.close();
    }
  });
});
