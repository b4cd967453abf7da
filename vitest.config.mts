import fs from 'node:fs';
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

/**
 * Test files that replace a module (`vi.mock`), or that change the process itself in a way no
 * later file could undo (they say so in a line `// vitest: own process. <why>`), get a process
 * of their own: a module mocked in a shared process would stay mocked for the files after it,
 * an http.Server patched once would stay patched. Every other file shares its worker
 * process with the files before it (test/setup.ts gives each one the environment, process
 * context and databases of a fresh process): the app's modules load once per worker instead of
 * once per file.
 */
const TEST_FILE = /\.test\.tsx?$/;
/** Folders that hold no unit test: not walked at all (node_modules alone is tens of thousands of entries). */
const NOT_UNIT = /^(node_modules|\.next.*|\.git|e2e|data|test-results|playwright-report)$/;
function testFiles(dir: string): string[] {
  return fs.readdirSync(path.join(import.meta.dirname, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return NOT_UNIT.test(entry.name) ? [] : testFiles(file);
    return TEST_FILE.test(entry.name) ? [file] : [];
  });
}
const OWN_PROCESS = testFiles('').filter((file) => /\bvi\.(do)?[mM]ock\(|^\/\/ vitest: own process\./m.test(fs.readFileSync(path.join(import.meta.dirname, file), 'utf8')));

/** The payment writer's files, the chaos test and the round-trip counts, once more on libSQL. */
const LIBSQL_TESTS = [
  'lib/payments/chaos.test.ts',
  'lib/checkout/place-steps.test.ts',
  'lib/payments/create-charge.test.ts',
  'lib/outbox/outbox.test.ts',
  'lib/checkout/submit-round-trips.test.ts',
  ...APPLY_TESTS,
];
const LIBSQL = { DATABASE_DRIVER: 'libsql' };

export default defineConfig({
  resolve: {
    // The first that matches wins: the one module put in another's place comes before '@'.
    alias: [
      // Passwords hash at bcrypt's least cost in unit tests (test/password-cost.ts says why).
      { find: '@/lib/config/password-cost', replacement: path.resolve(import.meta.dirname, 'test/password-cost.ts') },
      { find: '@', replacement: path.resolve(import.meta.dirname) },
      // server-only throws outside a React Server environment; in unit tests it is a no-op.
      { find: 'server-only', replacement: path.resolve(import.meta.dirname, 'test/empty-module.ts') },
    ],
  },
  test: {
    environment: 'node',
    exclude: ['node_modules/**', '.next/**', '.next-*/**', 'e2e/**'],
    setupFiles: ['test/setup.ts'],
    // The test workers' bundles, made once per run (test/worker-bundles.ts).
    globalSetup: ['test/worker-bundles.ts'],
    // Several files race 2–4 worker processes, each loading the app's modules: on a loaded 2-core
    // machine a process's start alone can take seconds. The bound is for a hang, not for speed.
    testTimeout: 60_000,
    hookTimeout: 30_000,
    pool: 'forks',
    projects: [
      // A project's `include` adds to the root's (extends), so each project names its own.
      { extends: true, test: { name: 'unit', include: ['**/*.test.ts', '**/*.test.tsx'], exclude: OWN_PROCESS, isolate: false } },
      { extends: true, test: { name: 'unit (own process)', include: OWN_PROCESS } },
      // The chaos test once more on the libSQL driver (the code path Turso takes, over a local
      // file): duplicate and lost webhooks, the provider down, a crash mid-payment — nothing lost
      // or doubled, the money reconciled (issue 46). And placing an order's named steps, whose
      // reads go in batches and whose writes are held on libSQL (db/driver.ts), and storing a
      // create's answer, one atomic batch with its guards in the SQL. And the one outbox helper
      // (lib/outbox): its claim, its settle batch and its 2-process race. And the checkout's
      // submit, counted in round trips.
      { extends: true, test: { name: 'libsql', include: LIBSQL_TESTS.filter((f) => !OWN_PROCESS.includes(f)), env: LIBSQL, isolate: false } },
      { extends: true, test: { name: 'libsql (own process)', include: LIBSQL_TESTS.filter((f) => OWN_PROCESS.includes(f)), env: LIBSQL } },
    ],
  },
});
