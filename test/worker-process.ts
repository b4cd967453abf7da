/**
 * Runs a test worker (a TypeScript file under test/) in a process of its own, as another server
 * instance would be: its own connections to the same SQLite files, the same environment, logs
 * silenced. The worker prints one JSON line last; that line is the answer.
 *
 * Under vitest the worker runs from its bundle, made once per run (test/worker-bundles.ts);
 * elsewhere through tsx.
 */
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { inject } from 'vitest';
import { bundleName } from './worker-bundle-name';

export const ROOT = path.resolve(__dirname, '..');

function entryOf(script: string): string[] {
  const bundles = inject('workerBundles');
  if (!bundles) return ['--import', 'tsx', path.resolve(ROOT, script)];
  const bundle = path.join(bundles, bundleName(script));
  if (!fs.existsSync(bundle)) throw new Error(`${script}: no bundle in ${bundles} (a test worker's name ends in -worker.ts)`);
  return [bundle];
}

function startWorker<I extends 'ignore' | 'pipe'>(script: string, args: (string | number)[], stdin: I) {
  return spawn(process.execPath, ['--conditions=react-server', ...entryOf(script), ...args.map(String)], {
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

/** Time for every worker's stdin to wake it before the start instant. */
const START_AHEAD_MS = 30;

/**
 * Starts one worker per argument list, each in its own process, and makes them race: a worker
 * prints "ready" once loaded and connected, then waits for a line on stdin; every worker gets it
 * at the same moment, once all are ready: "go <instant>", an instant a few milliseconds ahead that
 * a worker may spin to (test/race-start.ts). Answers each worker's last JSON line, in order.
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
  const startAt = Date.now() + START_AHEAD_MS;
  for (const child of children) child.stdin.end(`go ${startAt}\n`);
  return Promise.all(runs);
}
