/**
 * Runs a test worker (a TypeScript file under test/) in a process of its own, as another server
 * instance would be: its own connections to the same SQLite files, the same environment, logs
 * silenced. The worker prints one JSON line last; that line is the answer.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '..');

export function runWorker<T>(script: string, args: (string | number)[]): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const child = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.resolve(ROOT, script), ...args.map(String)], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('close', () => {
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()!) as T);
      } catch {
        reject(new Error(`worker said: ${out} ${err}`));
      }
    });
  });
}

/**
 * Starts one worker per argument list, each in its own process, and makes them race: a worker
 * prints "ready" once loaded and connected, then waits for a line on stdin; every worker gets it
 * at the same moment, once all are ready. Answers each worker's last JSON line, in order.
 */
export async function raceWorkers<T>(script: string, argsPerWorker: (string | number)[][]): Promise<T[]> {
  let ready = 0;
  let go: () => void = () => {};
  const allReady = new Promise<void>((resolve) => (go = resolve));
  const children = argsPerWorker.map((args) =>
    spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.resolve(ROOT, script), ...args.map(String)], {
      cwd: ROOT,
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['pipe', 'pipe', 'pipe'],
    }),
  );
  const runs = children.map(
    (child) =>
      new Promise<T>((resolve, reject) => {
        let out = '';
        let err = '';
        child.stdout.on('data', (c) => {
          const before = out;
          out += c;
          if (!before.includes('ready\n') && out.includes('ready\n') && ++ready === children.length) go();
        });
        child.stderr.on('data', (c) => (err += c));
        child.on('error', reject);
        child.on('close', () => {
          try {
            resolve(JSON.parse(out.trim().split('\n').pop()!) as T);
          } catch {
            reject(new Error(`worker said: ${out} ${err}`));
          }
        });
      }),
  );
  await allReady;
  for (const child of children) child.stdin.end('go\n');
  return Promise.all(runs);
}
