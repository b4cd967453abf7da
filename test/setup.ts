/**
 * Runs before every vitest file. Files share a worker process (`isolate: false` in
 * vitest.config.mts: loading the app's modules once per process instead of once per file), so
 * each file starts from the same ground as if it had a process of its own: the environment as
 * the file before found it, a process context of its own (lib/process/context.ts: the configuration
 * read anew, no connection or cache of the file before), and its own scratch folder with its
 * own SQLite files, so files never share a database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, vi } from 'vitest';
import { startProcessContext } from '@/lib/process/context';

/** What a file changed of the process, undone after its tests (`undo` below). */
type FileGround = { processEnv: NodeJS.ProcessEnv; envBefore: NodeJS.ProcessEnv; dir: string };
const shared = globalThis as { testFileGround?: FileGround };

// A file that failed before its tests (an import that threw) never ran its afterAll: its
// environment and databases would become the next file's. Undone here first.
if (shared.testFileGround) undo(shared.testFileGround);

// The environment as the file found it (the process's, with its vitest project's `env`): what
// the file changes of it is undone after its tests.
// A file may swap process.env for a plain copy: the process's own object comes back too.
const processEnv = process.env;
const envBefore = { ...process.env };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-test-'));
shared.testFileGround = { processEnv, envBefore, dir };
process.env.DATABASE_URL ??= `file:${path.join(dir, 'app.db')}`;
process.env.SANDBOX_DATABASE_URL ??= `file:${path.join(dir, 'sandbox.db')}`;
// Every other scratch folder a test makes (os.tmpdir() reads TMPDIR on each call, and child
// processes inherit it) goes in there too, and all of it is gone with the file's tests.
process.env.TMPDIR = dir;
process.env.LOG_LEVEL ??= 'silent';
// The anti-abuse caps (3 unpaid orders per CPF/CNPJ, 3 e-mails a day per recipient) would stop
// the many orders one test file places for one buyer; the tests of the caps set them back.
process.env.UNPAID_ORDERS_PER_DOCUMENT ??= '1000';
process.env.EMAILS_PER_RECIPIENT_PER_DAY ??= '1000';
startProcessContext();

afterAll(() => undo(shared.testFileGround!));

/** What a file changed of the process goes with it: its doubles, timers and stubs, its connections (closed with its context), its environment, then its folder. */
function undo(ground: FileGround) {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  startProcessContext();
  process.env = ground.processEnv;
  for (const name of Object.keys(process.env)) if (!(name in ground.envBefore)) delete process.env[name];
  Object.assign(process.env, ground.envBefore);
  fs.rmSync(ground.dir, { recursive: true, force: true });
  shared.testFileGround = undefined;
}
