/**
 * The Vercel build's output (scripts/vercel-build-check.mjs): a fixture in the Build Output API's
 * shape is read and checked every run; the real `.vercel/output` of the last
 * `node scripts/vercel-build-check.mjs` is checked when it is there (the build itself takes
 * minutes: BENCHMARKS.md records its last run).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingFromOutput, OUTPUT, readVercelOutput } from './vercel-build-check.mjs';

function fixture(crons: unknown[], routes: string[]): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vercel-output-'));
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ version: 3, crons }));
  const shared = path.join(dir, 'functions', 'shared.func');
  fs.mkdirSync(shared, { recursive: true });
  fs.writeFileSync(path.join(shared, '.vc-config.json'), JSON.stringify({ runtime: 'nodejs24.x', handler: '___next_launcher.cjs' }));
  // As Next's output does: every route's .func is a symlink to a shared function.
  for (const r of routes) {
    const f = path.join(dir, 'functions', `${r}.func`);
    fs.mkdirSync(path.dirname(f), { recursive: true });
    fs.symlinkSync(shared, f);
  }
  return dir;
}

const ROUTES = ['api/cron/jobs', 'api/cron/reconcile', 'api/webhooks/payments/[token]', 'api/v1/checkout/sessions', 'api/orders/[token]/status'];

describe('the Vercel output check', () => {
  it('reads the crons and the functions; names what is missing', () => {
    const ok = readVercelOutput(fixture([{ path: '/api/cron/jobs', schedule: '*/5 * * * *' }], ROUTES));
    expect(ok.crons).toEqual([{ path: '/api/cron/jobs', schedule: '*/5 * * * *' }]);
    expect(missingFromOutput(ok)).toEqual([]);
    const bad = readVercelOutput(fixture([], ROUTES.slice(1)));
    expect(missingFromOutput(bad)).toEqual(['the cron /api/cron/jobs', 'the function /api/cron/jobs']);
  });

  it.skipIf(!fs.existsSync(path.join(OUTPUT, 'config.json')))('the last `vercel build` has the cron and the serverless functions', () => {
    const out = readVercelOutput();
    expect(missingFromOutput(out)).toEqual([]);
    const vercelJson = JSON.parse(fs.readFileSync('vercel.json', 'utf8')) as { crons: unknown[] };
    expect(out.crons).toEqual(vercelJson.crons);
  });
});
