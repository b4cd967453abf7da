/**
 * vitest's global setup: bundles every test worker (test/**\/*-worker.ts, started by
 * test/worker-process.ts) once per run, before any file starts one.
 *
 * A race starts several workers at once, and a crash test one per round. Under `--import tsx`
 * each of them would compile the app's TypeScript on its own (tsx's cache is per file, and every
 * process walks the whole import graph again); a bundle is one CommonJS file that Node loads as it
 * is. The app's code and the workspace's packages (which ship TypeScript) go in the bundle; every
 * other package stays outside and loads from node_modules, as the server loads it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { TestProject } from 'vitest/node';
import { bundleName } from './worker-bundle-name';

const ROOT = path.resolve(import.meta.dirname, '..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder with one bundle per worker, named after its path under test/ (see bundleName). */
    workerBundles: string;
  }
}

function workerScripts(dir = path.join(ROOT, 'test')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return workerScripts(file);
    return entry.name.endsWith('-worker.ts') ? [file] : [];
  });
}

/** Bare imports load from node_modules at run time, except the app's alias and the workspace's packages. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (/^(@\/|@balcao\/)/.test(args.path) ? undefined : { path: args.path, external: true }));
  },
};

/**
 * Every vitest project runs its global setup: the first builds the bundles, the others take the
 * same folder (the projects share vitest's main process), and the last to end removes it.
 */
const shared = globalThis as { testWorkerBundles?: { outdir: Promise<string>; users: number } };

export default async function setup(project: TestProject) {
  shared.testWorkerBundles ??= { outdir: buildBundles(), users: 0 };
  const bundles = shared.testWorkerBundles;
  bundles.users += 1;
  const outdir = await bundles.outdir;
  project.provide('workerBundles', outdir);
  return () => {
    if (--bundles.users > 0) return;
    fs.rmSync(outdir, { recursive: true, force: true });
    shared.testWorkerBundles = undefined;
  };
}

async function buildBundles(): Promise<string> {
  // Inside the project: the packages left outside the bundle resolve from its node_modules.
  const cache = path.join(ROOT, 'node_modules', '.cache');
  fs.mkdirSync(cache, { recursive: true });
  // A run that was killed left its folder: named by its vitest process, it goes once that is gone.
  for (const old of fs.readdirSync(cache)) {
    const pid = /^balcao-test-workers-(\d+)-/.exec(old)?.[1];
    if (pid && !isAlive(Number(pid))) fs.rmSync(path.join(cache, old), { recursive: true, force: true });
  }
  const outdir = fs.mkdtempSync(path.join(cache, `balcao-test-workers-${process.pid}-`));
  await build({
    entryPoints: Object.fromEntries(workerScripts().map((file) => [bundleName(file).replace(/\.cjs$/, ''), file])),
    outdir,
    outExtension: { '.js': '.cjs' },
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    // The workers run as the server does (`--conditions=react-server`): `server-only` and the
    // packages with a server build resolve as they do there.
    conditions: ['react-server'],
    tsconfig: path.join(ROOT, 'tsconfig.json'),
    plugins: [packagesOutside],
    logLevel: 'warning',
  });
  return outdir;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}
