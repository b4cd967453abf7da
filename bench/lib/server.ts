/**
 * The server under test: one production build in .next-bench (built once, reused), started
 * with `next start` on 127.0.0.1 and fresh SQLite files under data/bench-<port>, the embedded
 * sandbox and rate limits raised out of the way. The bench's build adds its overlay
 * (bench/overlay/README.md: baseline routes copied into app/ for the build only, T12's rate-limit
 * alias); a production build has none of it.
 * Every server started here is stopped on exit, even on Ctrl-C.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import Database from 'better-sqlite3';
import fs from 'node:fs';
import path from 'node:path';
import { withOverlay } from './overlay';
import { SANDBOX_KEY } from './shop';
import { sleep } from './stats';

export const ROOT = path.resolve(__dirname, '..', '..');
export const DIST_DIR = '.next-bench';
/**
 * BENCH_PORT moves the ports together (main, a second instance, the provider stub, T14's libSQL
 * server, T11's webhook receiver, T12's two servers with and without the rate-limit counters,
 * T11's server, T15's, T19's Graph API stand-in).
 */
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3270);
export const BENCH_PORTS = {
  main: BASE_PORT,
  second: BASE_PORT + 1,
  provider: BASE_PORT + 2,
  libsql: BASE_PORT + 3,
  receiver: BASE_PORT + 4,
  limitsOn: BASE_PORT + 5,
  limitsOff: BASE_PORT + 6,
  webhooks: BASE_PORT + 7,
  roundTrips: BASE_PORT + 8,
  /** T19's stand-in for Meta's Graph API (WhatsApp sends). */
  graph: BASE_PORT + 9,
} as const;

const children = new Set<ChildProcess>();
let hooked = false;

function hookExit() {
  if (hooked) return;
  hooked = true;
  const killAll = () => {
    for (const c of children) if (c.exitCode === null && c.pid) c.kill('SIGKILL');
  };
  process.on('exit', killAll);
  for (const sig of ['SIGINT', 'SIGTERM'] as const) {
    process.on(sig, () => {
      killAll();
      process.exit(130);
    });
  }
}

export function buildExists(): boolean {
  return fs.existsSync(path.join(ROOT, DIST_DIR, 'BUILD_ID'));
}

/** What the server build is made of: a change to any of these makes .next-bench stale. */
const BUILD_INPUTS = ['app', 'lib', 'db', 'packages', 'public', 'bench/overlay', 'bench/next.config.bench.mjs', 'proxy.ts', 'instrumentation.ts', 'next.config.mjs', 'package-lock.json'];

function newestMtime(p: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(p);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return p.endsWith('.test.ts') ? 0 : stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

/** True when a source file changed after the last bench build (a stale build would measure old code). */
export function buildIsStale(): boolean {
  const built = fs.statSync(path.join(ROOT, DIST_DIR, 'BUILD_ID')).mtimeMs;
  return BUILD_INPUTS.some((input) => newestMtime(path.join(ROOT, input)) > built);
}

/** `next build` into .next-bench (when missing, stale, or forced). */
export function ensureBuild(force = false): { built: boolean; seconds: number } {
  if (!force && buildExists() && !buildIsStale()) return { built: false, seconds: 0 };
  const t = Date.now();
  // `next build` with a custom distDir adds "<distDir>/types/**/*.ts" to tsconfig.json's
  // include; the benchmark must not leave a change in a file it does not own.
  const tsconfig = path.join(ROOT, 'tsconfig.json');
  const before = fs.readFileSync(tsconfig, 'utf8');
  const r = withOverlay(path.join(ROOT, 'app'), () =>
    spawnSync(process.execPath, [path.join(ROOT, 'node_modules/next/dist/bin/next'), 'build'], {
      cwd: ROOT,
      env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_CONFIG_EXTEND: 'bench/next.config.bench.mjs', NEXT_TELEMETRY_DISABLED: '1' },
      stdio: 'inherit',
    }),
  );
  if (fs.readFileSync(tsconfig, 'utf8') !== before) fs.writeFileSync(tsconfig, before);
  if (r.status !== 0) throw new Error(`next build failed (exit ${r.status})`);
  return { built: true, seconds: Math.round((Date.now() - t) / 1000) };
}

export type Server = {
  port: number;
  url: string;
  dataDir: string;
  appDbPath: string;
  sandboxDbPath: string;
  pid: number;
  /** Last lines the server printed (for error messages). */
  output(): string;
  /** Lines printed since start that mention SQLITE_BUSY / "database is locked", and error-level (pino ≥ 50) lines. */
  counters(): { busy: number; errors: number };
  /** The event loop's samples so far (only with `loopProbe`; bench/lib/loop-probe-preload.mjs). */
  loopSamples(): LoopSample[];
  /** Whether `profileWindow` can be used (started with `loopProbe` and `profileDir`). */
  profiling: boolean;
  /**
   * Starts a CPU profile of the server (only with `profileDir`); the function it returns stops
   * it and resolves to the profile's path.
   */
  profileWindow(): () => Promise<string>;
  stop(): Promise<void>;
};

/** One interval of bench/lib/loop-probe-preload.mjs: event-loop delay (ms), utilisation (0–1), CPU ms. */
export type LoopSample = { t: number; p50: number; p99: number; max: number; elu: number; cpuMs: number };

/** The loop probe's preload, plain JavaScript (the server runs without a TypeScript loader). */
const LOOP_PROBE = path.join(ROOT, 'bench', 'lib', 'loop-probe-preload.mjs');

export type StartOptions = {
  port?: number;
  /** Extra or overriding environment (e.g. SANDBOX_SCENARIO). */
  env?: Record<string, string>;
  /** Node flags for the server process (e.g. --cpu-prof). */
  nodeArgs?: string[];
  /** Keep an existing data dir (default: wiped). */
  keepData?: boolean;
  /** Share another server's database files (a second instance on the same SQLite files). */
  shareDataOf?: Server;
  /** Sees every line the server prints (T15 counts the libSQL probe's). */
  onLine?: (line: string) => void;
  /** Samples the event loop's delay and utilisation every 500 ms (`Server.loopSamples`). */
  loopProbe?: boolean;
  /** With `loopProbe`: where `Server.profileWindow` writes its CPU profiles. */
  profileDir?: string;
};

export async function startServer(opts: StartOptions = {}): Promise<Server> {
  hookExit();
  if (!buildExists()) throw new Error(`no build in ${DIST_DIR}: run without --no-build (a plain \`next build\` lacks the bench's overlay)`);
  const port = opts.port ?? BENCH_PORTS.main;
  const dataDir = opts.shareDataOf?.dataDir ?? path.join(ROOT, 'data', `bench-${port}`);
  if (!opts.keepData && !opts.shareDataOf) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  const appDbPath = path.join(dataDir, 'app.db');
  const sandboxDbPath = path.join(dataDir, 'sandbox.db');
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_DIST_DIR: DIST_DIR,
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(port),
    APP_URL: url,
    DATABASE_URL: `file:${appDbPath}`,
    SANDBOX_DATABASE_URL: `file:${sandboxDbPath}`,
    SANDBOX_ENABLED: 'true',
    SANDBOX_ALLOW_HTTP_WEBHOOKS: 'true',
    // A production build with the sandbox on is a public demo, which refuses the documented
    // keys: the bench's key is secret (made per run).
    SANDBOX_API_KEYS: SANDBOX_KEY,
    SEED_ON_EMPTY: 'true',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    CRON_SECRET: 'bench-cron-secret-0123456789',
    // Background reconciliation off: it would add load unrelated to what is measured.
    RECONCILE_INTERVAL_SECONDS: '0',
    RATE_LIMIT_CHECKOUT_PER_MIN: '1000000',
    RATE_LIMIT_LOGIN_PER_MIN: '1000000',
    RATE_LIMIT_WEBHOOK_PER_MIN: '1000000',
    // T10 calls the public API far more than 120 times a minute with one key.
    RATE_LIMIT_API_PER_MIN: '1000000',
    // T11's webhook receiver (bench/t11-outbound-webhooks.ts) listens on 127.0.0.1, which a
    // production build reaches only when the origin is listed (docs/reference.md).
    WEBHOOK_ALLOWED_ORIGINS: `http://127.0.0.1:${BENCH_PORTS.receiver}`,
    // The load buys as one shopper: the caps per CPF/CNPJ and per address would refuse it.
    UNPAID_ORDERS_PER_DOCUMENT: '1000000',
    EMAILS_PER_RECIPIENT_PER_DAY: '1000000',
    LOG_LEVEL: 'warn',
    ...(opts.loopProbe && opts.profileDir ? { BENCH_PROFILE_DIR: opts.profileDir } : {}),
    ...opts.env,
  };
  const probeArgs = opts.loopProbe ? ['--import', LOOP_PROBE] : [];
  const child = spawn(process.execPath, [...probeArgs, ...(opts.nodeArgs ?? []), path.join(ROOT, 'node_modules/next/dist/bin/next'), 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  const lines: string[] = [];
  const counts = { busy: 0, errors: 0 };
  const loop: LoopSample[] = [];
  const profiles: string[] = [];
  const keep = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      opts.onLine?.(line);
      if (line.startsWith('db-rt ')) continue;
      if (line.startsWith('loop-probe ')) {
        loop.push(JSON.parse(line.slice(11)) as LoopSample);
        continue;
      }
      if (line.startsWith('loop-probe-profile ')) {
        profiles.push(line.slice(19).trim());
        continue;
      }
      lines.push(line);
      if (/SQLITE_BUSY|database is locked/i.test(line)) counts.busy++;
      if (/"level":(50|60)\b/.test(line)) counts.errors++;
    }
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const server: Server = {
    port,
    url,
    dataDir,
    appDbPath,
    sandboxDbPath,
    pid: child.pid!,
    output: () => lines.slice(-40).join('\n'),
    counters: () => ({ ...counts }),
    loopSamples: () => [...loop],
    profiling: Boolean(opts.loopProbe && opts.profileDir),
    profileWindow() {
      if (!opts.loopProbe || !opts.profileDir) throw new Error('profileWindow needs a server started with loopProbe and profileDir');
      const had = profiles.length;
      child.kill('SIGUSR2');
      return async () => {
        child.kill('SIGUSR2');
        const deadline = Date.now() + 60_000;
        while (profiles.length === had) {
          if (Date.now() > deadline) throw new Error(`no CPU profile written within 60 s:\n${server.output()}`);
          await sleep(100);
        }
        return profiles[had];
      };
    },
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        const timeout = sleep(8000).then(() => 'timeout' as const);
        if ((await Promise.race([exited, timeout])) === 'timeout') child.kill('SIGKILL');
        await exited;
      }
      children.delete(child);
    },
  };

  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${server.output()}`);
    try {
      const r = await fetch(`${url}/api/bench/bare`);
      if (r.status === 200) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await server.stop();
      throw new Error(`server did not answer within 90 s:\n${server.output()}`);
    }
    await sleep(250);
  }
  // Migrations and the seed run in instrumentation before the first request is served;
  // one health call makes sure the app database is ready.
  await fetch(`${url}/api/health`).catch(() => undefined);
  // The seed turns Melhor Envio on (a fresh clone quotes the carrier sandbox). The benches price
  // by the UF table, as the e2e server does (scripts/e2e-server.mjs): with the carrier on, a
  // checkout that names no carrier option is refused ("Escolha a forma de entrega").
  // bench/shipping-quote.ts switches it per request itself.
  const appDb = new Database(appDbPath);
  try {
    appDb.prepare('update shipping_settings set carrier_enabled = 0 where id = 1').run();
  } finally {
    appDb.close();
  }
  return server;
}

/** CPU time (user + system, ms) a process has used so far (Linux /proc). */
export function cpuMsOf(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks at 100 Hz
}

/**
 * Waits until the server has been idle (under 5 % of a core) for a whole second — its
 * background work after a setup (webhook deliveries, e-mails, boleto registration) done — so a
 * page measurement sees the page, not the setup's aftermath. Gives up after `maxMs`; returns
 * how long it waited.
 */
export async function untilIdle(server: Pick<Server, 'pid'>, maxMs = 20_000): Promise<number> {
  const started = Date.now();
  let last = cpuMsOf(server.pid);
  let quietSince = Date.now();
  while (Date.now() - started < maxMs) {
    await sleep(250);
    const now = cpuMsOf(server.pid);
    if (now - last > 250 * 0.05) quietSince = Date.now();
    last = now;
    if (Date.now() - quietSince >= 1_000) break;
  }
  return Date.now() - started;
}

export type ProviderStub = { port: number; url: string; pid: number; stop(): Promise<void> };

/** The out-of-process provider (bench/lib/provider-stub.ts) on 127.0.0.1, started and awaited. */
export async function startProviderStub(port: number = BENCH_PORTS.provider): Promise<ProviderStub> {
  hookExit();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'bench', 'lib', 'provider-stub.ts'), String(port)], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stub: ProviderStub = {
    port,
    url,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        if ((await Promise.race([exited, sleep(3000).then(() => 'timeout' as const)])) === 'timeout') child.kill('SIGKILL');
        await exited;
      }
      children.delete(child);
    },
  };
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`provider stub exited (${child.exitCode}): ${output}`);
    try {
      if ((await fetch(`${url}/__stub/stats`)).status === 200) return stub;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      await stub.stop();
      throw new Error(`provider stub did not answer within 20 s: ${output}`);
    }
    await sleep(100);
  }
}
