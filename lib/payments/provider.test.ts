/**
 * The composition point: with PAYMENT_API_URL unset the client reaches this process's sandbox
 * in process (no HTTP back into the server); with PAYMENT_API_URL set, over HTTP.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { stopSandboxWorker } from '@/lib/embedded-provider';
import { paymentProvider, configuredPaymentProvider } from './provider';
import { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { startProcessContext } from '@/lib/process/context';

let server: http.Server;
let origin = '';
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"balance": 7}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(async () => {
  seen.length = 0;
  delete process.env.PAYMENT_API_URL;
  delete process.env.PAYMENT_API_KEY;
  delete process.env.APP_URL;
  startProcessContext();
  startProcessContext();
  await stopSandboxWorker();
});

describe('configuredPaymentProvider', () => {
  it('calls the embedded sandbox in process when no provider is configured (the server at APP_URL sees nothing)', async () => {
    process.env.APP_URL = origin;
    startProcessContext();
    // This process's fresh sandbox answered: its balance is 0, the HTTP server would say 7.
    expect(await configuredPaymentProvider({ maxReadRetries: 0 }).getBalance()).toEqual({ balanceCents: 0 });
    expect(seen).toEqual([]);
  });

  it('speaks HTTP to a configured provider', async () => {
    process.env.PAYMENT_API_URL = `${origin}/provider`;
    process.env.PAYMENT_API_KEY = 'sk_live_composition_test';
    startProcessContext();
    expect(await configuredPaymentProvider({ maxReadRetries: 0 }).getBalance()).toEqual({ balanceCents: 700 });
    expect(seen).toEqual(['GET /provider/v1/customers/balance']);
  });
});

describe('api', () => {
  it('is one client per process, replaced by a fake in tests', async () => {
    expect(paymentProvider()).toBe(paymentProvider());
    const fake = new FakePaymentProvider();
    startProcessContext([paymentProvider.provide(fake)]);
    expect(paymentProvider()).toBe(fake);
    startProcessContext();
    expect(paymentProvider()).not.toBe(fake);
  });
});
