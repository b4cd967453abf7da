/** The process-level entry points, configured from env() (test/setup.ts gives this file its own SANDBOX_DATABASE_URL). */
import { afterEach, describe, expect, test } from 'vitest';
import { existingDefaultSandbox, handleSandboxRequest, runSandboxPass, startSandboxWorker, stopSandboxWorker } from './index';
import { afterPassScheduler } from '@/lib/server/after-pass';
import { startProcessContext } from '@/lib/process/context';

const headers = { 'X-API-KEY': 'sk_sandbox_dev', 'Content-Type': 'application/json', 'User-Agent': 'test' };
const balance = () => handleSandboxRequest(new Request('http://localhost/api/sandbox/v1/customers/balance', { headers }), ['v1', 'customers', 'balance']);

afterEach(async () => {
  await stopSandboxWorker();
  delete process.env.SANDBOX_ENABLED;
  delete process.env.BACKGROUND_WORKERS;
  delete process.env.PAYMENT_API_URL;
  delete process.env.PAYMENT_API_KEY;
  startProcessContext();
});

describe('handleSandboxRequest / startSandboxWorker / stopSandboxWorker', () => {
  test('serves the sandbox of SANDBOX_DATABASE_URL and starts the worker once', async () => {
    const res = await balance();
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ balance: 0 });
    const ctx = existingDefaultSandbox()!;
    expect(ctx.config.databaseUrl).toBe(process.env.SANDBOX_DATABASE_URL);
    const timer = ctx.worker?.timer;
    expect(timer).toBeDefined();
    startSandboxWorker();
    await balance();
    expect(ctx.worker?.timer).toBe(timer);
    await stopSandboxWorker();
    expect(ctx.worker).toBeUndefined();
  });

  test('SANDBOX_ENABLED=false: 404 and no worker', async () => {
    await stopSandboxWorker();
    process.env.SANDBOX_ENABLED = 'false';
    process.env.PAYMENT_API_URL = 'https://provider.example';
    process.env.PAYMENT_API_KEY = 'pk_live_0123456789';
    startProcessContext();
    const res = await balance();
    expect(res.status).toBe(404);
    startSandboxWorker();
    expect(existingDefaultSandbox()?.worker).toBeUndefined();
  });

  test('BACKGROUND_WORKERS=off: no interval worker, ever; one pass after each response, and the cron pass', async () => {
    await stopSandboxWorker();
    process.env.BACKGROUND_WORKERS = 'off';
    const passes: (() => Promise<void>)[] = [];
    startProcessContext([afterPassScheduler.provide((pass) => void passes.push(pass))]);
    expect((await balance()).status).toBe(200);
    startSandboxWorker();
    expect(existingDefaultSandbox()!.worker).toBeUndefined();
    expect(passes).toHaveLength(1);
    await passes[0]();
    expect(existingDefaultSandbox()!.worker).toBeUndefined();
    expect(await runSandboxPass()).toEqual({ pending: expect.any(Number) });
  });
});
