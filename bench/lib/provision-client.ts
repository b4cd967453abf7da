/**
 * Runs bench/lib/provision.ts (the product's own functions: API key, webhook endpoint, coupon,
 * order events) in a child process with the react-server condition, against a bench server's
 * database files. Returns its JSON answer.
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import type { Server } from './server';

const ROOT = path.resolve(__dirname, '..', '..');

function envFor(server: Pick<Server, 'appDbPath' | 'sandboxDbPath' | 'url'>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: `file:${server.appDbPath}`,
    SANDBOX_DATABASE_URL: `file:${server.sandboxDbPath}`,
    APP_URL: server.url,
    LOG_LEVEL: 'warn',
    SEED_ON_EMPTY: 'false',
  };
}

export function provision<T>(server: Pick<Server, 'appDbPath' | 'sandboxDbPath' | 'url'>, command: Record<string, unknown>): T {
  const r = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join(ROOT, 'bench', 'lib', 'provision.ts'), JSON.stringify(command)], {
    cwd: ROOT,
    env: envFor(server),
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`provision ${String(command.kind)} failed (exit ${r.status}): ${(r.stderr || r.stdout).slice(-800)}`);
  const last = r.stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(last) as T;
}

/** The same, without blocking the event loop (a receiver in this process keeps answering meanwhile). */
export function provisionAsync<T>(server: Pick<Server, 'appDbPath' | 'sandboxDbPath' | 'url'>, command: Record<string, unknown>): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join(ROOT, 'bench', 'lib', 'provision.ts'), JSON.stringify(command)], {
      cwd: ROOT,
      env: envFor(server),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`provision ${String(command.kind)} failed (exit ${code}): ${(err || out).slice(-800)}`));
      resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '') as T);
    });
  });
}
