// Starts `next start` for the e2e suite on fresh databases (data/e2e-<port> is wiped first).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { startCepStub } from '../test/cep-stub.mjs';
import { e2eRunKey } from './e2e-run-key.mjs';

const port = process.env.E2E_PORT ?? '3100';
const dir = path.resolve(`data/e2e-${port}`);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

// The CEP service's stand-in: the journeys switch it up, down or slow through its /__mode,
// at the address written beside the databases.
const cepStub = await startCepStub();
fs.writeFileSync(path.join(dir, 'cep-stub.json'), JSON.stringify({ port: cepStub.port, url: cepStub.url }));

const env = {
  ...process.env,
  NODE_ENV: 'production',
  PORT: port,
  APP_URL: `http://localhost:${port}`,
  DATABASE_URL: `file:${path.join(dir, 'app.db')}`,
  SANDBOX_DATABASE_URL: `file:${path.join(dir, 'sandbox.db')}`,
  SANDBOX_ENABLED: 'true',
  // A production build with the sandbox on is a public demo: secret keys only (e2e/sandbox-key.ts).
  SANDBOX_API_KEYS: process.env.E2E_SANDBOX_KEY ?? fail('E2E_SANDBOX_KEY is not set (playwright.config.ts passes it)'),
  SANDBOX_ALLOW_HTTP_WEBHOOKS: 'true',
  // The "outside store" of e2e/api-checkout.spec.ts listens on 127.0.0.1, two ports up: its
  // webhooks reach it only because it is listed (production refuses loopback otherwise).
  WEBHOOK_ALLOWED_ORIGINS: process.env.WEBHOOK_ALLOWED_ORIGINS ?? `http://127.0.0.1:${Number(port) + 2}`,
  // The ad platforms' stand-in (e2e/pixels.spec.ts starts it on 127.0.0.1, three ports up): the
  // server-side pixel events go there, never to Meta or Google.
  META_GRAPH_URL: process.env.META_GRAPH_URL ?? `http://127.0.0.1:${Number(port) + 3}/meta`,
  GA4_COLLECT_URL: process.env.GA4_COLLECT_URL ?? `http://127.0.0.1:${Number(port) + 3}/ga4/mp/collect`,
  SEED_ON_EMPTY: 'true',
  AUTH_SECRET: 'e2e-secret-e2e-secret-e2e-secret-e2e-secret',
  CRON_SECRET: 'e2e-cron-secret-0123456789',
  RECONCILE_INTERVAL_SECONDS: '5',
  // The test runner plays the reverse proxy: it appends the client's address to X-Forwarded-For.
  TRUSTED_PROXY_HOPS: '1',
  RATE_LIMIT_CHECKOUT_PER_MIN: process.env.RATE_LIMIT_CHECKOUT_PER_MIN ?? '1000',
  RATE_LIMIT_LOGIN_PER_MIN: process.env.RATE_LIMIT_LOGIN_PER_MIN ?? '1000',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  CEP_LOOKUP: 'on',
  CEP_LOOKUP_URL: cepStub.url,
  RATE_LIMIT_CEP_PER_MIN: '1000',
  // Every journey buys as the same shopper (e2e/shop-helpers.ts): the caps on unpaid orders per
  // CPF/CNPJ and e-mails per recipient are proven by their unit tests.
  UNPAID_ORDERS_PER_DOCUMENT: process.env.UNPAID_ORDERS_PER_DOCUMENT ?? '1000',
  EMAILS_PER_RECIPIENT_PER_DAY: process.env.EMAILS_PER_RECIPIENT_PER_DAY ?? '1000',
};

function fail(message) {
  console.error(`e2e-server: ${message}`);
  process.exit(1);
}

// A public demo's demo merchant is a limited demonstration account (its password is in the
// README), so the journeys that change the shop sign in as a real owner, made as a merchant
// makes one (npm run merchant:create), with a password only the test run knows.
const ownerPassword = process.env.E2E_OWNER_PASSWORD ?? fail('E2E_OWNER_PASSWORD is not set (playwright.config.ts passes it)');

// Every server of a run starts from the same shop: the owner account, then the demo catalog
// (npm run db:seed, which draws each seed photo in three formats). The first server of the run
// makes it once, in a folder named by the run (its random owner password); the others wait for
// it and copy its files. Seeding is the costliest part of a server's start, and the servers of
// a run start together on the same two cores.
const runKey = e2eRunKey(ownerPassword);
const seedDir = path.resolve(`data/e2e-seed-${runKey}`);
await seedOnce();
for (const file of fs.readdirSync(seedDir)) if (file !== 'done') fs.copyFileSync(path.join(seedDir, file), path.join(dir, file));

// The demo shop is seeded with Melhor Envio on (a fresh clone quotes the carrier sandbox); the
// journeys price by the UF table unless one turns the carrier on itself (shipping-carrier.spec.ts),
// so the carrier is switched off before the server starts.
const appDb = new Database(path.join(dir, 'app.db'));
appDb.prepare('update shipping_settings set carrier_enabled = 0 where id = 1').run();
appDb.close();

/** Makes the run's seeded databases, or waits for the server that makes them. */
async function seedOnce() {
  const done = path.join(seedDir, 'done');
  try {
    fs.mkdirSync(seedDir);
  } catch {
    for (const started = Date.now(); !fs.existsSync(done); await new Promise((r) => setTimeout(r, 200))) {
      if (Date.now() - started > 110_000) fail(`no seeded databases in ${seedDir} (the server seeding them failed?)`);
    }
    return;
  }
  // Older runs' shops, and their passed accessibility scans (e2e/axe.ts).
  for (const old of fs.readdirSync(path.resolve('data'))) {
    if (/^e2e-(seed|axe)-/.test(old) && !old.endsWith(runKey)) fs.rmSync(path.resolve('data', old), { recursive: true, force: true });
  }
  // Made with the default driver whatever this server's is: the files are the same SQLite files.
  const seedEnv = { ...env, DATABASE_URL: `file:${path.join(seedDir, 'app.db')}`, SANDBOX_DATABASE_URL: `file:${path.join(seedDir, 'sandbox.db')}` };
  delete seedEnv.DATABASE_DRIVER;
  const created = spawnSync(
    process.execPath,
    [path.resolve('node_modules/tsx/dist/cli.mjs'), 'scripts/merchant-create.ts', '--email', process.env.E2E_OWNER_EMAIL ?? 'owner@loja.example', '--name', 'Loja do Dono'],
    { env: seedEnv, input: `${ownerPassword}\n`, stdio: ['pipe', 'inherit', 'inherit'] },
  );
  if (created.status !== 0) fail('merchant:create failed for the owner account');
  const seeded = spawnSync(process.execPath, [path.resolve('node_modules/tsx/dist/cli.mjs'), '--conditions=react-server', 'scripts/db-seed.ts'], { env: seedEnv, stdio: ['ignore', 'ignore', 'inherit'] });
  if (seeded.status !== 0) fail('db:seed failed');
  fs.writeFileSync(done, '');
}

// A journey's request context can sit idle for a minute between two requests; Node's default
// 5 s keep-alive would close its socket on the server's side, and a request sent just as it
// closes meets ECONNRESET. Sockets live longer here than a journey's timeout.
const child = spawn(process.execPath, [path.resolve('node_modules/next/dist/bin/next'), 'start', '-p', port, '--keepAliveTimeout', '120000'], { env, stdio: 'inherit' });
const stop = (signal) => child.kill(signal);
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  void cepStub.close();
  process.exit(code ?? 0);
});

