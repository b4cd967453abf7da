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

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // E2E_PROFILE=1: where the time goes, per spec and per kind of step (e2e/profile-reporter.ts).
  reporter: [
    ...(process.env.CI ? [['list'] as const] : [['list'] as const, ['html', { open: 'never' }] as const]),
    ...(process.env.E2E_PROFILE === '1' ? [['./e2e/profile-reporter.ts'] as const] : []),
  ],
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
  ],
  webServer: {
    command: 'node scripts/e2e-server.mjs',
    url: `${BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(PORT), E2E_SANDBOX_KEY, E2E_OWNER_PASSWORD: process.env.E2E_OWNER_PASSWORD },
  },
});
