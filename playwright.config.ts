import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_SANDBOX_KEY } from './e2e/sandbox-key';

/**
 * End-to-end: a real Chromium (Debian's, see CHROMIUM below) against `next start` with the
 * embedded sandbox and fresh SQLite files under data/e2e-<port> (scripts/e2e-server.mjs).
 */
const PORT = Number(process.env.E2E_PORT ?? 3100);
// The owner's password (scripts/e2e-server.mjs creates the account): random per run, set once
// in the runner's environment so that its workers (which inherit it) sign in with it.
process.env.E2E_OWNER_PASSWORD ??= randomBytes(18).toString('base64url');
export const BASE_URL = `http://localhost:${PORT}`;
// Debian's headless shell (chromium-headless-shell) is the same engine as the full browser
// without its UI: journeys run about a fifth faster on two cores. The full browser is the
// fallback on a machine that only has it.
const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
const CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

/**
 * The serverless path (e2e/serverless.spec.ts): a second `next start` five ports up, as a Vercel
 * function with Turso runs — @libsql/client over its own database files and no interval
 * workers — so the journeys prove the after-pass, not a worker, sends the e-mails and webhooks.
 */
const SERVERLESS_PORT = PORT + 5;
const SERVERLESS_PROJECT = {
  name: 'serverless',
  testMatch: /serverless\.spec\.ts$/,
  use: { ...devices['Pixel 7'], browserName: 'chromium' as const, baseURL: `http://localhost:${SERVERLESS_PORT}` },
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
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: BASE_URL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: [
    { name: 'mobile', use: { ...devices['Pixel 7'], browserName: 'chromium' } },
    SERVERLESS_PROJECT,
  ],
  webServer: [
    {
      command: 'node scripts/e2e-server.mjs',
      url: `${BASE_URL}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { E2E_PORT: String(PORT), E2E_SANDBOX_KEY, E2E_OWNER_PASSWORD: process.env.E2E_OWNER_PASSWORD },
    },
    SERVERLESS_SERVER,
  ],
});
