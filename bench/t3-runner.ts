/**
 * T3 from run.ts: runs bench/t3-queries.ts in a child process (the react-server condition
 * makes `server-only` importable outside Next) and turns its figures into a verdict.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmtMs, fmtRatio, type TargetResult } from './lib/report';
import { ROOT } from './lib/server';

export const T3 = { id: 'T3', title: 'Drizzle hot-path queries vs raw better-sqlite3; orders page p95 at 100k', target: '≤ 1.2× time; p95 < 20 ms' };

type Case = {
  size: number;
  name: string;
  hotPath: string;
  drizzle: { p50: number; p95: number; mean: number };
  raw: { p50: number; p95: number; mean: number };
  ratioP50: number;
  ratioMean: number;
  plans: string[];
};

export async function runT3(opts: { quick: boolean; log: (s: string) => void }): Promise<TargetResult> {
  const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-t3-')), 't3.json');
  const args = [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), '--conditions=react-server', path.join(ROOT, 'bench/t3-queries.ts'), out];
  if (opts.quick) args.push('--quick');
  const code = await new Promise<number>((resolve) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'pipe'], env: { ...process.env, LOG_LEVEL: 'silent' } });
    child.stderr.on('data', (d: Buffer) => d.toString().split('\n').filter(Boolean).forEach((l) => opts.log(l)));
    child.on('exit', (c) => resolve(c ?? 1));
  });
  if (code !== 0 || !fs.existsSync(out)) throw new Error(`t3-queries exited ${code}`);
  const data = JSON.parse(fs.readFileSync(out, 'utf8')) as { seeds: unknown; results: Case[] };
  fs.rmSync(path.dirname(out), { recursive: true, force: true });

  // Verdict on the app's own functions; "suggestion" rows show what a proposed change gives.
  // At the largest size seeded: 100k in the full run, 10k in bench:quick.
  const size = Math.max(...data.results.map((r) => r.size));
  const atSize = data.results.filter((r) => r.size === size && r.hotPath !== 'suggestion');
  const worstRatio = atSize.reduce((w, r) => (r.ratioP50 > w.ratioP50 ? r : w), atSize[0]);
  const pages = atSize.filter((r) => r.hotPath === 'GET /dashboard/orders');
  const worstPage = pages.reduce((w, r) => (r.drizzle.p95 > w.drizzle.p95 ? r : w), pages[0]);
  const ratioOk = atSize.every((r) => r.ratioP50 <= 1.2);
  const p95Ok = pages.length > 0 && pages.every((r) => r.drizzle.p95 < 20);
  const over = atSize.filter((r) => r.ratioP50 > 1.2).map((r) => `${r.name} ${fmtRatio(r.ratioP50)} (+${fmtMs(r.drizzle.p50 - r.raw.p50)})`);
  const slow = pages.filter((r) => r.drizzle.p95 >= 20).map((r) => `${r.name} p95 ${fmtMs(r.drizzle.p95)}`);
  return {
    ...T3,
    headline:
      `at ${size / 1000}k: worst ${fmtRatio(worstRatio.ratioP50)} (${worstRatio.name}); ` +
      `orders page worst p95 ${fmtMs(worstPage?.drizzle.p95 ?? NaN)} (${worstPage?.name ?? 'n/a'})`,
    verdict: ratioOk && p95Ok ? 'pass' : 'fail',
    details: data,
    notes: [...over.map((s) => `over 1.2×: ${s}`), ...slow.map((s) => `p95 ≥ 20 ms: ${s}`)],
  };
}
