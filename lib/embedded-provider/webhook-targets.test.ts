/**
 * WEBHOOK_ALLOWED_ORIGINS and development's loopback, end to end through the sandbox the app
 * configures: a developer's receiver on another loopback port (not APP_URL's) gets the
 * sandbox's webhooks in development and when allow-listed, and nothing in production without it.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { closeSandboxContext, createSandboxContext, handleSandboxRequestWith } from '@balcao/payment-sandbox';
import { parseEnv } from '@/lib/config/env';
import { sandboxConfigOf } from './index';

const SECRET_KEY = 'sk_demo_0123456789abcdefghijklmnop';
const PROD = { NODE_ENV: 'production', SANDBOX_ENABLED: 'true', SANDBOX_API_KEYS: SECRET_KEY, AUTH_SECRET: 'x'.repeat(32), SANDBOX_ALLOW_HTTP_WEBHOOKS: 'true' };

let receiver: http.Server;
let port = 0;
let hits = 0;

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    hits++;
    req.resume();
    res.end('ok');
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  port = (receiver.address() as AddressInfo).port;
});
afterAll(() => new Promise((r) => receiver.close(r)));

/** Creates a Pix QR code whose notification_url is the receiver, lets it activate and flushes its webhooks. */
async function deliveredWith(source: Record<string, string>, apiKey = 'sk_sandbox_dev'): Promise<{ hits: number; flush: unknown }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-targets-'));
  let now = Date.UTC(2025, 5, 10, 15);
  const config = sandboxConfigOf(parseEnv({ ...source, APP_URL: 'http://localhost:3999' }));
  const ctx = createSandboxContext({ ...config, databaseUrl: `file:${path.join(dir, 's.db')}`, realNow: () => now });
  const call = (method: string, p: string, body?: unknown) =>
    handleSandboxRequestWith(
      ctx,
      new Request(`http://localhost:3999/api/sandbox/${p}`, {
        method,
        headers: { 'X-API-KEY': apiKey, 'Content-Type': 'application/json', 'User-Agent': 'test' },
        body: body === undefined ? undefined : JSON.stringify(body),
      }),
      p.split('/'),
    );
  const before = hits;
  try {
    const created = await call('POST', 'v1/pix/due', {
      amount: 10,
      description: 'Pedido',
      due_date: '2025-06-11',
      expiration: 1,
      payer: { name: 'Ana Souza', document: '52998224725' },
      notification_url: `http://127.0.0.1:${port}/hook`,
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    now += 2_000; // past the Pix's activation
    expect((await call('POST', `sim/pix/${id}/pay`)).status).toBe(200);
    const flush = await (await call('POST', 'sim/webhooks/flush')).json();
    return { hits: hits - before, flush };
  } finally {
    closeSandboxContext(ctx);
  }
}

describe('the sandbox reaches a receiver on another loopback port', () => {
  test('in development, always', async () => {
    expect((await deliveredWith({ NODE_ENV: 'development' })).hits).toBeGreaterThan(0);
  });

  test('in production, only when WEBHOOK_ALLOWED_ORIGINS lists its origin', async () => {
    const refused = await deliveredWith(PROD, SECRET_KEY);
    expect(refused.hits).toBe(0);
    expect(refused.flush).toMatchObject({ delivered: 0 });
    const allowed = await deliveredWith({ ...PROD, WEBHOOK_ALLOWED_ORIGINS: `http://127.0.0.1:${port}` }, SECRET_KEY);
    expect(allowed.hits).toBeGreaterThan(0);
  });

  test('another port of an allow-listed host is not allow-listed', async () => {
    const other = await deliveredWith({ ...PROD, WEBHOOK_ALLOWED_ORIGINS: `http://127.0.0.1:${port + 1}` }, SECRET_KEY);
    expect(other.hits).toBe(0);
  });
});

describe('WEBHOOK_ALLOWED_ORIGINS is validated', () => {
  test('comma-separated origins, normalised; a path or a non-http scheme is refused', () => {
    expect(parseEnv({ WEBHOOK_ALLOWED_ORIGINS: 'http://10.0.0.5:8080, https://hooks.lan' }).webhookTargets).toEqual({
      allowedOrigins: ['http://10.0.0.5:8080', 'https://hooks.lan'],
      allowLoopback: true,
    });
    expect(() => parseEnv({ WEBHOOK_ALLOWED_ORIGINS: 'http://10.0.0.5:8080/hooks' })).toThrow(/WEBHOOK_ALLOWED_ORIGINS/);
    expect(() => parseEnv({ WEBHOOK_ALLOWED_ORIGINS: 'ftp://10.0.0.5' })).toThrow(/WEBHOOK_ALLOWED_ORIGINS/);
    expect(parseEnv(PROD).webhookTargets.allowLoopback).toBe(false);
  });
});
