/**
 * Each benchmark returns a TargetResult; run.ts prints them and writes
 * bench/results/<timestamp>.json (ignored by git) plus a Markdown table for BENCHMARKS.md.
 */
import { execSync } from 'node:child_process';
import os from 'node:os';

export type Verdict = 'pass' | 'fail' | 'report' | 'skipped' | 'error';

export type TargetResult = {
  id: string;
  title: string;
  target: string;
  /** One line: the figures that decide the verdict, e.g. "0.91× (14,210 vs 15,602 req/s)". */
  headline: string;
  verdict: Verdict;
  /** Anything worth keeping: per-round figures, percentiles, plans. */
  details: Record<string, unknown>;
  notes?: string[];
  seconds?: number;
};

export function machine() {
  let gitHead = 'unknown';
  try {
    gitHead = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
  } catch {
    /* not a git checkout */
  }
  return {
    date: new Date().toISOString(),
    cores: os.availableParallelism?.() ?? os.cpus().length,
    cpu: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
    gitHead,
  };
}

export function skipped(id: string, title: string, target: string, why: string): TargetResult {
  return { id, title, target, headline: `skipped: ${why}`, verdict: 'skipped', details: {} };
}

export function markdownTable(results: TargetResult[]): string {
  const rows = results.map((r) => `| ${r.id} | ${r.title} | ${r.target} | ${r.headline.replace(/\|/g, '\\|')} | ${r.verdict.toUpperCase()} |`);
  return ['| Id | Measure | Target | Result | Verdict |', '|---|---|---|---|---|', ...rows].join('\n');
}

export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const fmtRatio = (n: number) => `${n.toFixed(2)}×`;
export const fmtMs = (n: number) => (n >= 100 ? `${Math.round(n)} ms` : `${n.toFixed(n >= 10 ? 1 : 2)} ms`);
