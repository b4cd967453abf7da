// The deployment Vercel would make, built offline and checked: `npx vercel@48 build --yes --prod`
// with a hand-written .vercel/project.json (no login, no network beyond npm fetching the CLI),
// then the Build Output API's config read back: the cron of vercel.json and the functions the
// serverless path needs (docs/benchmarks-log.md, "Vercel build check"; .vercel/ is ignored by git).
//   node scripts/vercel-build-check.mjs            build, then check
//   node scripts/vercel-build-check.mjs --check    check the last build only
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const OUTPUT = path.resolve('.vercel/output');

/** The crons and the function routes of a Build Output API folder. */
export function readVercelOutput(dir = OUTPUT) {
  const config = JSON.parse(fs.readFileSync(path.join(dir, 'config.json'), 'utf8'));
  const functions = [];
  const walk = (d, rel) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const here = path.join(d, e.name);
      // Next's routes share functions: most .func folders are symlinks to another route's.
      if (!fs.statSync(here).isDirectory()) continue;
      if (e.name.endsWith('.func')) {
        const vc = JSON.parse(fs.readFileSync(path.join(here, '.vc-config.json'), 'utf8'));
        functions.push({ route: `${rel}/${e.name.slice(0, -'.func'.length)}`, runtime: vc.runtime, maxDuration: vc.maxDuration ?? null });
      } else walk(here, `${rel}/${e.name}`);
    }
  };
  const fnDir = path.join(dir, 'functions');
  if (fs.existsSync(fnDir)) walk(fnDir, '');
  return { version: config.version, crons: config.crons ?? [], functions };
}

/** What the serverless path needs of the output; an empty list when all is there. */
export function missingFromOutput(out) {
  const missing = [];
  if (!out.crons.some((c) => c.path === '/api/cron/jobs' && typeof c.schedule === 'string')) missing.push('the cron /api/cron/jobs');
  // Next's routes may share a function (symlinked .func folders): each is listed by its route.
  for (const route of ['/api/cron/jobs', '/api/cron/reconcile', '/api/webhooks/payments/[token]', '/api/v1/checkout/sessions', '/api/orders/[token]/status']) {
    const f = out.functions.find((x) => x.route === route || x.route === `${route}.rsc`);
    if (!f) missing.push(`the function ${route}`);
    else if (!/^nodejs/.test(f.runtime ?? '')) missing.push(`${route} on Node.js (got ${f.runtime})`);
  }
  return missing;
}

function build() {
  fs.mkdirSync('.vercel', { recursive: true });
  const project = path.resolve('.vercel/project.json');
  if (!fs.existsSync(project)) fs.writeFileSync(project, JSON.stringify({ projectId: 'prj_offline_check', orgId: 'team_offline_check', settings: { framework: 'nextjs' } }));
  const started = Date.now();
  // The production build's environment: a public demo on the embedded sandbox (no provider to
  // name), with throwaway secrets and its own database file for vercel.json's db:migrate step.
  const env = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    SANDBOX_ENABLED: 'true',
    SANDBOX_API_KEYS: `sk_vercel_check_${randomBytes(16).toString('hex')}`,
    AUTH_SECRET: randomBytes(24).toString('hex'),
    DATABASE_URL: `file:${path.resolve('data/vercel-check/app.db')}`,
    SANDBOX_DATABASE_URL: `file:${path.resolve('data/vercel-check/sandbox.db')}`,
  };
  const r = spawnSync('npx', ['--yes', 'vercel@48', 'build', '--yes', '--prod'], { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`vercel build failed (exit ${r.status})`);
    process.exit(1);
  }
  console.log(`vercel build: ${Math.round((Date.now() - started) / 1000)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!process.argv.includes('--check')) build();
  const out = readVercelOutput();
  const missing = missingFromOutput(out);
  console.log(JSON.stringify({ crons: out.crons, functions: out.functions.length, missing }, null, 2));
  if (missing.length) process.exit(1);
}
