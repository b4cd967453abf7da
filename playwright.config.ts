import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';
import { E2E_SANDBOX_KEY } from './e2e/sandbox-key';

/**
 * End-to-end: a real Chromium (Debian's, see CHROMIUM below) against `next start` with the
 * embedded sandbox and fresh SQLite files under data/e2e-<port> (scripts/e2e-server.mjs).
 *
 * Ports, from E2E_PORT (3100 unless told): each worker has a server of its own, the first at
 * E2E_PORT and each next one 20 ports up, past the clock servers' blocks (E2E_WORKERS, 2 unless told or on one core); the expiry journey's
 * server is at E2E_PORT+1; a server's outside store (e2e/api-checkout.spec.ts) and the dev
 * server of e2e/dev-server.spec.ts (run by playwright.dev.config.ts) listen two ports above it, the ad platforms' stand-in
 * (e2e/pixels.spec.ts: META_GRAPH_URL, GA4_COLLECT_URL) three ports above it. This file is also evaluated in
 * every worker, where E2E_PORT becomes that worker's server's port for the journeys' helpers.
 */
process.env.E2E_FIRST_PORT ??= process.env.E2E_PORT ?? '3100';
const FIRST_PORT = Number(process.env.E2E_FIRST_PORT);
// Two workers on two cores: beside the unit tests, whose race workers now start from one bundle,
// the journeys end minutes sooner than with one (docs/benchmarks-log.md, "Test gate").
const WORKERS = Number(process.env.E2E_WORKERS ?? Math.min(2, os.availableParallelism()));
const serverPort = (worker: number) => FIRST_PORT + 20 * worker;
const PORT = serverPort(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
process.env.E2E_PORT = String(PORT);
// The owner's password (scripts/e2e-server.mjs creates the account): random per run, set once
// in the runner's environment so that its workers (which inherit it) sign in with it.
process.env.E2E_OWNER_PASSWORD ??= randomBytes(18).toString('base64url');
const BASE_URL = `http://localhost:${PORT}`;
const EXPIRY_PORT = FIRST_PORT + 1;
/** The reviews journey moves its server's sandbox clock 8 days ahead: a server of its own too (its store would be +12). */
const REVIEWS_PORT = FIRST_PORT + 10;
/** The subscriptions' journey moves its server's clock a month: a server of its own (its store would be +16). */
const SUBSCRIPTIONS_PORT = FIRST_PORT + 14;
// The journeys lay out as a Pixel 7 (its CSS viewport, touch and user agent) but paint at one
// device pixel per CSS pixel: without a GPU the browser rasterises on the CPU, and 2.625² as
// many pixels cost the shared two cores a sixth of the suite (docs/benchmarks-log.md, "Test gate").
// The screenshot specs set their own scale. E2E_DSF overrides it to compare.
export const PHONE = { ...devices['Pixel 7'], browserName: 'chromium' as const, deviceScaleFactor: Number(process.env.E2E_DSF ?? 1) };
// Debian's headless shell (chromium-headless-shell) is the same engine as the full browser
// without its UI: journeys run about a fifth faster on two cores. The full browser is the
// fallback on a machine that only has it.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * The serverless path (e2e/serverless.spec.ts): another `next start`, at E2E_PORT+5, as a Vercel
 * function with Turso runs — @libsql/client over its own database files and no interval
 * workers — so the journeys prove the after-pass, not a worker, sends the e-mails and webhooks.
 */
const SERVERLESS_PORT = FIRST_PORT + 5;
const SERVERLESS_PROJECT = {
  name: 'serverless',
  testMatch: /serverless\.spec\.ts$/,
  use: { ...PHONE, baseURL: `http://localhost:${SERVERLESS_PORT}` },
};
const SERVERLESS_SERVER = {
  command: 'node scripts/e2e-server.mjs',
  url: `http://localhost:${SERVERLESS_PORT}/api/health`,
  timeout: 120_000,
  reuseExistingServer: false,
  stdout: 'pipe' as const,
  stderr: 'pipe' as const,
  env: { E2E_PORT: String(SERVERLESS_PORT), DATABASE_DRIVER: 'libsql', BACKGROUND_WORKERS: 'off', E2E_SANDBOX_KEY, E2E_OWNER_PASSWORD: process.env.E2E_OWNER_PASSWORD! },
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: WORKERS,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // E2E_PROFILE=1: where the time goes, per spec and per kind of step (e2e/profile-reporter.ts).
  reporter: [
    ...(process.env.CI ? [['list'] as const] : [['list'] as const, ['html', { open: 'never' }] as const]),
    ...(process.env.E2E_PROFILE === '1' ? [['./e2e/profile-reporter.ts'] as const] : []),
  ],
  use: {
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    // A trace records every action's DOM snapshot and a screencast: recorded for every journey
    // and thrown away when it passes, it costs the shared cores a share of the run. CI records the
    // retry of a failed journey; E2E_TRACE=retain-on-failure (or on) records a local run.
    trace: (process.env.E2E_TRACE as 'on' | 'off' | 'retain-on-failure' | 'on-first-retry' | undefined) ?? 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: [
    // Signs the owner and the demo account in once; the journeys reuse those sessions (signIn).
    { name: 'setup', testMatch: /\.setup\.ts$/, use: { ...PHONE, baseURL: BASE_URL } },
    // The dev-server journeys are not here: they run in a stage of their own, before this one
    // (playwright.dev.config.ts).
    { name: 'mobile', testIgnore: /(expiry|serverless|dev-server|reviews-feeds|subscriptions)\.spec\.ts$/, dependencies: ['setup'], use: { ...PHONE, baseURL: BASE_URL } },
    // The expiry journey moves its server's sandbox clock three days ahead, after which that
    // server refuses new charges: it has a server of its own, so it can run in any order.
    { name: 'expiry', testMatch: /expiry\.spec\.ts$/, use: { ...PHONE, baseURL: `http://localhost:${EXPIRY_PORT}` } },
    // "Avalie sua compra" goes days after delivery: that journey moves its server's clock 8 days.
    { name: 'reviews', testMatch: /reviews-feeds\.spec\.ts$/, use: { ...PHONE, baseURL: `http://localhost:${REVIEWS_PORT}` } },
    // The subscriptions' journey moves its server's clock a month (its cycles' charges count from
    // the shop's clock): a server of its own too.
    { name: 'subscriptions', testMatch: /subscriptions\.spec\.ts$/, use: { ...PHONE, baseURL: `http://localhost:${SUBSCRIPTIONS_PORT}` } },
    SERVERLESS_PROJECT,
  ],
  webServer: [...Array.from({ length: WORKERS }, (_, worker) => e2eServer(serverPort(worker))), e2eServer(EXPIRY_PORT), e2eServer(REVIEWS_PORT), e2eServer(SUBSCRIPTIONS_PORT), SERVERLESS_SERVER],
});

/** `next start` with the embedded sandbox on fresh SQLite files under data/e2e-<port> (and a CEP stub), answering at port (port+2 is its outside store's). */
function e2eServer(port: number) {
  return {
    command: 'node scripts/e2e-server.mjs',
    url: `http://localhost:${port}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: { E2E_PORT: String(port), E2E_SANDBOX_KEY, E2E_OWNER_PASSWORD: process.env.E2E_OWNER_PASSWORD! },
  };
}
