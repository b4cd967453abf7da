/**
 * T17 from run.ts: runs bench/t17-import.ts in a child process (the react-server condition
 * makes `server-only` importable outside Next): the 5,000-line product import and the catalog's
 * queries with 1,000 products × 6 variants.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmtMs, type TargetResult } from './lib/report';
import { ROOT } from './lib/server';

export const T17 = { id: 'T17', title: 'product import of 5,000 lines; catalog, category and search with 1,000 products × 6 variants', target: 'import in seconds; report' };

type Figures = {
  import: { lines: number; kb: number; previewMs: number; importMs: number; againMs: number; exportMs: number; exportKb: number };
  sixthSizeMs: number;
  counts: { products: number; variants: number };
  queries: { name: string; p50: number; p95: number; runs: number }[];
};

export async function runT17(opts: { quick: boolean; log: (s: string) => void }): Promise<TargetResult> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-t16-')), 't16.json');
  const args = [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), '--conditions=react-server', path.join(ROOT, 'bench/t17-import.ts'), out];
  if (opts.quick) args.push('--quick');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'pipe'], env: { ...process.env, LOG_LEVEL: 'silent' } });
    child.stderr.on('data', (d: Buffer) => d.toString().split('\n').filter(Boolean).forEach((l) => opts.log(l)));
    child.on('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0 || !fs.existsSync(out)) throw new Error(`t17-import exited ${code}`);
  const data = JSON.parse(fs.readFileSync(out, 'utf8')) as Figures;
  fs.rmSync(path.dirname(out), { recursive: true, force: true });
  const i = data.import;
  const worst = data.queries.reduce((w, q) => (q.p95 > w.p95 ? q : w), data.queries[0]);
  return {
    ...T17,
    headline: `5,000 lines (${i.kb} KB): preview ${fmtMs(i.previewMs)}, import ${fmtMs(i.importMs)}, again (no change) ${fmtMs(i.againMs)}, export ${fmtMs(i.exportMs)}; ${data.counts.variants} variants: worst query p95 ${fmtMs(worst.p95)} (${worst.name})`,
    verdict: i.importMs < 60_000 ? 'report' : 'fail',
    details: data,
    notes: data.queries.map((q) => `${q.name}: p50 ${fmtMs(q.p50)}, p95 ${fmtMs(q.p95)} (${q.runs} runs)`),
  };
}
