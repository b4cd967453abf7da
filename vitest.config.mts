import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * The one writer of payment state (lib/payments/apply.ts) reads, then writes one batch on libSQL
 * and runs an interactive transaction on better-sqlite3: every test of it, and of what its
 * change writes, runs on both drivers.
 */
const APPLY_TESTS = [
  'lib/payments/apply.test.ts',
  'lib/payments/apply-interleavings.test.ts',
  'lib/payments/state-effects.test.ts',
  'lib/payments/webhook-intake.test.ts',
  'lib/payments/merchant-alerts.test.ts',
  'lib/payments/reservation.test.ts',
  'lib/payments/manual-refund.test.ts',
  'lib/catalog/stock.test.ts',
  'lib/pixels/pixels.test.ts',
  'lib/push/push.test.ts',
  'lib/shipping/delivery-promise.test.ts',
  'lib/email/worker.test.ts',
];

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(__dirname),
      // server-only throws outside a React Server environment; in unit tests it is a no-op.
      'server-only': path.resolve(__dirname, 'test/empty-module.ts'),
    },
  },
  test: {
    environment: 'node',
    exclude: ['node_modules/**', '.next/**', '.next-*/**', 'e2e/**'],
    setupFiles: ['test/setup.ts'],
    // Several files race 2–4 worker processes, each loading the app's modules: on a loaded 2-core
    // machine a process's start alone can take seconds. The bound is for a hang, not for speed.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      // A project's `include` adds to the root's (extends), so each project names its own.
      { extends: true, test: { name: 'unit', include: ['**/*.test.ts', '**/*.test.tsx'] } },
      // The chaos test once more on the libSQL driver (the code path Turso takes, over a local
      // file): duplicate and lost webhooks, the provider down, a crash mid-payment — nothing lost
      // or doubled, the money reconciled (issue 46). And placing an order's named steps, whose
      // reads go in batches and whose writes are held on libSQL (db/driver.ts), and storing a
      // create's answer, one atomic batch with its guards in the SQL. And the one outbox helper
      // (lib/outbox): its claim, its settle batch and its 2-process race. And the checkout's
      // submit, counted in round trips.
      {
        extends: true,
        test: {
          name: 'libsql',
          include: [
            'lib/payments/chaos.test.ts',
            'lib/checkout/place-steps.test.ts',
            'lib/payments/create-charge.test.ts',
            'lib/outbox/outbox.test.ts',
            'lib/checkout/submit-round-trips.test.ts',
            ...APPLY_TESTS,
          ],
          env: { DATABASE_DRIVER: 'libsql' },
        },
      },
    ],
  },
});
