import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ensureMigrated } from '@/db';
import { checkPaymentProvider, type PartStatus } from './check';
import { GET } from './route';
import { startProcessContext } from '@/lib/process/context';

const API_KEY = 'sk_test_health_0123456789';

/** A stand-in provider answering GET /v1/customers/balance. */
let provider: http.Server;
let providerUrl = '';
let providerCalls = 0;
let providerStatus = 200;
beforeAll(async () => {
  provider = http.createServer((req, res) => {
    providerCalls++;
    if (req.url !== '/v1/customers/balance' || req.headers['x-api-key'] !== API_KEY) {
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"unauthorized"}');
      return;
    }
    res.writeHead(providerStatus, { 'content-type': 'application/json' }).end(providerStatus === 200 ? '{"balance":12.34}' : '{"error":"down"}');
  });
  await new Promise<void>((resolve) => provider.listen(0, '127.0.0.1', resolve));
  providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => provider.close(() => resolve())));

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

const saved = { ...process.env };
function configure(vars: Record<string, string>) {
  process.env = { ...saved, ...vars };
  startProcessContext();
  startProcessContext();
  startProcessContext();
}

beforeEach(() => {
  providerCalls = 0;
  providerStatus = 200;
  configure({ PAYMENT_API_URL: providerUrl, PAYMENT_API_KEY: API_KEY });
});
afterEach(() => {
  process.env = { ...saved };
  startProcessContext();
  startProcessContext();
  startProcessContext();
});

async function call() {
  const res = await GET();
  return { status: res.status, body: await res.json(), cache: res.headers.get('cache-control') };
}

describe('GET /api/health', () => {
  it('is 200 ok with a migrated database and a reachable payment API', async () => {
    await ensureMigrated();
    expect(await call()).toEqual({ status: 200, body: { status: 'ok', db: 'ok', payment_api: 'ok' }, cache: 'no-store' });
  });

  it('is 503 degraded naming the database when DATABASE_URL is broken', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-health-')), 'not-a-dir');
    fs.writeFileSync(file, 'a file where a folder should be');
    configure({ PAYMENT_API_URL: providerUrl, PAYMENT_API_KEY: API_KEY, DATABASE_URL: `file:${path.join(file, 'app.db')}` });
    expect(await call()).toEqual({ status: 503, body: { status: 'degraded', db: 'error', payment_api: 'ok' }, cache: 'no-store' });
  });

  it('is 503 degraded naming the database when it has no schema', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-health-'));
    configure({ PAYMENT_API_URL: providerUrl, PAYMENT_API_KEY: API_KEY, DATABASE_URL: `file:${path.join(dir, 'empty.db')}` });
    expect((await call()).body).toEqual({ status: 'degraded', db: 'error', payment_api: 'ok' });
  });

  it('is 503 degraded naming the payment API when nothing answers there', async () => {
    configure({ PAYMENT_API_URL: `http://127.0.0.1:${await closedPort()}`, PAYMENT_API_KEY: API_KEY });
    await ensureMigrated();
    expect(await call()).toEqual({ status: 503, body: { status: 'degraded', db: 'ok', payment_api: 'error' }, cache: 'no-store' });
  });

  it('is 503 degraded when the provider refuses our key or fails', async () => {
    configure({ PAYMENT_API_URL: providerUrl, PAYMENT_API_KEY: 'sk_wrong_key_0123456789' });
    await ensureMigrated();
    expect((await call()).body).toEqual({ status: 'degraded', db: 'ok', payment_api: 'error' });
    configure({ PAYMENT_API_URL: providerUrl, PAYMENT_API_KEY: API_KEY });
    providerStatus = 500;
    expect((await call()).body.payment_api).toBe('error');
    expect(providerCalls).toBe(2); // one try each: no retries in a health check
  });

  it('asks the provider once per cache period, however often it is polled', async () => {
    await ensureMigrated();
    for (let i = 0; i < 5; i++) expect((await call()).status).toBe(200);
    await Promise.all(Array.from({ length: 5 }, () => call()));
    expect(providerCalls).toBe(1);
  });
});

describe('checkPaymentProvider cache', () => {
  it('keeps ok for 15 s and an error for 5 s; concurrent checks share one probe', async () => {
    let t = 0;
    let calls = 0;
    let answer: PartStatus = 'ok';
    const probe = async () => {
      calls++;
      return answer;
    };
    const now = () => t;
    expect(await Promise.all([checkPaymentProvider(probe, now), checkPaymentProvider(probe, now)])).toEqual(['ok', 'ok']);
    expect(calls).toBe(1);
    t = 14_999;
    answer = 'error';
    expect(await checkPaymentProvider(probe, now)).toBe('ok');
    t = 15_000;
    expect(await checkPaymentProvider(probe, now)).toBe('error');
    t = 19_999;
    expect(await checkPaymentProvider(probe, now)).toBe('error');
    answer = 'ok';
    t = 20_000;
    expect(await checkPaymentProvider(probe, now)).toBe('ok');
    expect(calls).toBe(3);
  });

  it('counts a probe that throws as an error', async () => {
    expect(await checkPaymentProvider(() => Promise.reject(new Error('x')))).toBe('error');
  });
});

describe('the database check on libSQL (Turso\'s driver)', () => {
  it('an empty shop (no order yet) is healthy', async () => {
    const { checkDatabase } = await import('./check');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-health-libsql-'));
    const saved = { url: process.env.DATABASE_URL, driver: process.env.DATABASE_DRIVER };
    Object.assign(process.env, { DATABASE_URL: `file:${path.join(dir, 'app.db')}`, DATABASE_DRIVER: 'libsql' });
    try {
      startProcessContext();
      await ensureMigrated();
      expect(await checkDatabase()).toBe('ok');
    } finally {
      process.env.DATABASE_URL = saved.url;
      if (saved.driver === undefined) delete process.env.DATABASE_DRIVER;
      else process.env.DATABASE_DRIVER = saved.driver;
      startProcessContext();
    }
  });
});
