/** Small statistics helpers for the benchmark scripts. */

export function sorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b);
}

/** Nearest-rank percentile (p in 0..100) of unsorted values; NaN for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const s = sorted(values);
  const rank = Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length)));
  return s[rank - 1];
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const s = sorted(values);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export function mean(values: readonly number[]): number {
  return values.length ? values.reduce((a, b) => a + b, 0) / values.length : NaN;
}

export function round(n: number, digits = 2): number {
  if (!Number.isFinite(n)) return n;
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

export type Summary = { n: number; p50: number; p95: number; p99: number; max: number; mean: number };

export function summarize(values: readonly number[]): Summary {
  return {
    n: values.length,
    p50: round(percentile(values, 50), 3),
    p95: round(percentile(values, 95), 3),
    p99: round(percentile(values, 99), 3),
    max: round(values.length ? Math.max(...values) : NaN, 3),
    mean: round(mean(values), 3),
  };
}

/** Runs `fn` `times` times (after `warmup` untimed runs) and returns each run's milliseconds. */
export async function timeRuns(fn: () => unknown, times: number, warmup = Math.min(20, times)): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await fn();
    ms.push(performance.now() - t);
  }
  return ms;
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
