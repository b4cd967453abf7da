/**
 * `npm run dev` as someone trying the checkout on a phone would open it: at 127.0.0.1 (or the
 * LAN address Next prints), not localhost. Next 16's dev server serves its own scripts only to
 * the origins allowedDevOrigins names (next.config.mjs); without them the page never hydrates.
 * Also, on a real Next.js server: rate limits key on the socket's address (TRUSTED_PROXY_HOPS
 * defaults to 0), so rotating X-Forwarded-For does not lift a login lock.
 *
 * And the embedded sandbox, a workspace package Next compiles from source (transpilePackages),
 * serves its simulator in development: a Pix created through its API is paid from /sandbox.
 *
 * Starts its own `next dev` (port E2E_PORT + 2, .next/dev, its own databases), asks for every
 * route the journeys use once before the first one (a dev server compiles on demand), and stops
 * it. Run alone: `npm run test:e2e:dev` (playwright.dev.config.ts), its own stage of the gate.
 * On a cold cache (a fresh clone, or .next/dev deleted) the dev server reloads a page once its
 * first compile lands, so evaluations in the page are retried across that navigation.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';

const DEV_PORT = Number(process.env.E2E_PORT ?? 3100) + 2;
const DEV_URL = `http://127.0.0.1:${DEV_PORT}`;
const DEMO = { email: 'demo@balcao.dev', password: 'balcao-demo' };

/**
 * `fn` evaluated in the page once it has loaded; false while a navigation (the dev server's
 * reload after its first compile) destroys the page's context mid-evaluation, so a poll retries.
 */
async function settledEvaluate(page: Page, fn: () => boolean): Promise<boolean> {
  try {
    await page.waitForLoadState('load');
    return await page.evaluate(fn);
  } catch (error) {
    if (/Execution context was destroyed|navigation|Target page, context or browser has been closed/i.test(String(error)) && !page.isClosed()) return false;
    throw error;
  }
}

let dev: ChildProcess | undefined;
let output = '';
const warmUp: string[] = [];

/** The routes the journeys below ask for, compiled before the first one (any answer will do: a compile happens for any status). */
const WARM_UP: [string, string][] = [
  ['GET', '/cart'],
  ['GET', '/sandbox'],
  ['GET', '/api/sandbox/v1/pix/due'],
  ['POST', '/api/webhooks/payments/warm-up'],
  ['GET', '/api/auth/csrf'],
];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({}, testInfo) => {
  // Starting `next dev` and compiling the routes below: most of a minute each on a cold cache.
  testInfo.setTimeout(300_000);
  const dir = path.resolve(`data/e2e-dev-${DEV_PORT}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(DEV_PORT),
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: `file:${path.join(dir, 'app.db')}`,
    SANDBOX_DATABASE_URL: `file:${path.join(dir, 'sandbox.db')}`,
    RATE_LIMIT_LOGIN_PER_MIN: '2',
    RECONCILE_INTERVAL_SECONDS: '0',
    LOG_LEVEL: 'warn',
  };
  delete (env as Record<string, string | undefined>).NODE_ENV;
  // The default build folder: `next dev` writes to .next/dev (beside `next start`'s build, which it
  // leaves alone), a folder tsconfig.json already names — another one would make Next rewrite tsconfig.json.
  delete env.NEXT_DIST_DIR;
  for (const k of ['SANDBOX_ENABLED', 'SANDBOX_API_KEYS', 'TRUSTED_PROXY_HOPS', 'APP_URL', 'AUTH_SECRET']) delete env[k];
  dev = spawn(process.execPath, [path.resolve('node_modules/next/dist/bin/next'), 'dev', '-H', '127.0.0.1', '-p', String(DEV_PORT)], {
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  dev.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  dev.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const startedAt = Date.now();
  const deadline = startedAt + 200_000;
  for (;;) {
    try {
      if ((await fetch(`${DEV_URL}/api/health`)).status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (dev.exitCode !== null || Date.now() > deadline) throw new Error(`next dev did not come up:\n${output.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  const upAt = Date.now();
  // Warmed first: every route the journeys open is compiled once here, one after the other, so a
  // journey measures the page and not the compiler (the gate runs this spec alone, too).
  for (const [method, route] of WARM_UP) {
    const started = Date.now();
    const res = await fetch(`${DEV_URL}${route}`, { method, headers: { 'User-Agent': 'dev-server.spec warm-up' }, signal: AbortSignal.timeout(Math.max(1_000, startedAt + 290_000 - Date.now())) });
    await res.arrayBuffer();
    warmUp.push(`${method} ${route}: ${res.status} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  testInfo.annotations.push({ type: 'warm-up', description: warmUp.join('; ') });
  console.log(`next dev up in ${((upAt - startedAt) / 1000).toFixed(1)} s; warm-up: ${warmUp.join('; ')}`);
});

test.afterAll(async () => {
  if (dev?.pid && dev.exitCode === null) {
    process.kill(-dev.pid, 'SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    if (dev.exitCode === null) process.kill(-dev.pid, 'SIGKILL');
  }
});

test('opened at 127.0.0.1, the dev server serves its scripts and the page hydrates', async ({ page }) => {
  const refused: string[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/_next/') && r.status() === 403) refused.push(r.url());
  });
  await page.goto(`${DEV_URL}/cart`);
  await expect
    .poll(() => settledEvaluate(page, () => Array.from(document.querySelectorAll('main, main *')).some((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')))), {
      timeout: 30_000,
    })
    .toBe(true);
  expect(refused).toEqual([]);
  expect(output).not.toContain('Blocked cross-origin request');
});

test('the sandbox package serves its simulator in development: a Pix created through its API is paid there', async ({ page }) => {
  const dueDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  const created = await fetch(`${DEV_URL}/api/sandbox/v1/pix/due`, {
    method: 'POST',
    headers: { 'X-API-KEY': 'sk_sandbox_dev', 'Content-Type': 'application/json', 'User-Agent': 'dev-server.spec' },
    body: JSON.stringify({ amount: 12.5, description: 'Pix do dev-server', expiration: 1, due_date: dueDate, payer: { name: 'Lia Campos', document: '52998224725' } }),
    signal: AbortSignal.timeout(30_000),
  });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  await page.goto(`${DEV_URL}/sandbox`);
  await expect(page.getByRole('heading', { name: 'Simulador de pagamentos', level: 1 })).toBeVisible({ timeout: 30_000 });
  const card = page.getByRole('listitem', { name: `Pix ${id}` });
  await card.getByRole('button', { name: 'Pagar' }).click();
  await expect(page.getByRole('listitem', { name: `Pix ${id}` }).getByText('completed')).toBeVisible({ timeout: 30_000 });
});

test('on a real server, a rotating X-Forwarded-For does not lift the login lock (TRUSTED_PROXY_HOPS=0: the socket address)', async () => {
  const api = await playwrightRequest.newContext();
  try {
    const { csrfToken } = (await (await api.get(`${DEV_URL}/api/auth/csrf`, { timeout: 30_000 })).json()) as { csrfToken: string };
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await api.post(`${DEV_URL}/api/auth/callback/credentials`, {
        form: { csrfToken, email: DEMO.email, password: i < 4 ? 'errada-123' : DEMO.password, json: 'true' },
        headers: { 'X-Forwarded-For': `198.18.7.${i + 1}` },
        maxRedirects: 0,
        timeout: 30_000,
      });
      const location = res.headers().location ?? ((await res.json().catch(() => ({}))) as { url?: string }).url ?? '';
      outcomes.push(/error=rate_limited/.test(location) ? 'limited' : /error=/.test(location) ? 'refused' : 'signed-in');
    }
    // Two attempts a minute (RATE_LIMIT_LOGIN_PER_MIN=2), then locked — the right password too.
    expect(outcomes).toEqual(['refused', 'refused', 'limited', 'limited', 'limited']);
  } finally {
    await api.dispose();
  }
});
