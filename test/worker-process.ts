/**
 * Runs a test worker (a TypeScript file under test/) in a process of its own, as another server
 * instance would be: its own connections to the same SQLite files, the same environment, logs
 * silenced. The worker prints one JSON line last; that line is the answer.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';

export const ROOT = path.resolve(__dirname, '..');

function startWorker<I extends 'ignore' | 'pipe'>(script: string, args: (string | number)[], stdin: I) {
  return spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.resolve(ROOT, script), ...args.map(String)], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'silent' },
    stdio: [stdin, 'pipe', 'pipe'],
  }) as ChildProcessByStdio<I extends 'pipe' ? Writable : null, Readable, Readable>;
}

/** The worker's last JSON line once it exits; `onOutput` sees everything it printed so far. */
function answerOf<T>(child: ChildProcessByStdio<Writable | null, Readable, Readable>, onOutput?: (out: string, before: string) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => {
      const before = out;
      out += c;
      onOutput?.(out, before);
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
  });
}

export function runWorker<T>(script: string, args: (string | number)[]): Promise<T> {
  return answerOf<T>(startWorker(script, args, 'ignore'));
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
  const children = argsPerWorker.map((args) => startWorker(script, args, 'pipe'));
  const runs = children.map((child) =>
    answerOf<T>(child, (out, before) => {
      if (!before.includes('ready\n') && out.includes('ready\n') && ++ready === children.length) go();
    }),
  );
  await allReady;
  for (const child of children) child.stdin.end('go\n');
  return Promise.all(runs);
}
