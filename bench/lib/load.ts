/**
 * HTTP load with autocannon, always against 127.0.0.1, bounded by duration and connections.
 * Comparisons run A and B interleaved (A,B then B,A, …) and report the median of the
 * per-round ratios, so a noisy neighbour slows both sides of a round alike.
 */
import autocannon, { type Options, type Result } from 'autocannon';
import { median, round } from './stats';

export type LoadSpec = Omit<Options, 'duration' | 'connections'> & { label: string };

export type LoadFigures = {
  reqPerSec: number;
  total: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

function assertLocal(url: string) {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1') throw new Error(`load goes to 127.0.0.1 only, not ${host}`);
}

export async function load(spec: LoadSpec, seconds: number, connections: number): Promise<LoadFigures> {
  assertLocal(spec.url);
  const { label: _label, ...options } = spec;
  const r: Result = await autocannon({ ...options, duration: seconds, connections, timeout: 10 });
  return {
    reqPerSec: r.requests.total / Math.max(0.001, seconds),
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

export type Comparison = {
  a: string;
  b: string;
  rounds: { a: LoadFigures; b: LoadFigures; ratio: number }[];
  /** Median over rounds of A req/s ÷ B req/s. */
  medianRatio: number;
  medianA: number;
  medianB: number;
  non2xxA: number;
  non2xxB: number;
  errors: number;
};

/** req/s of A relative to B, interleaved over `rounds` rounds of `seconds` each per side. */
export async function compareThroughput(
  a: LoadSpec,
  b: LoadSpec,
  o: { rounds: number; seconds: number; connections: number; warmupSeconds?: number; between?: () => Promise<void> },
): Promise<Comparison> {
  const warm = o.warmupSeconds ?? 1;
  if (warm > 0) {
    await load(a, warm, o.connections);
    await load(b, warm, o.connections);
  }
  const rounds: Comparison['rounds'] = [];
  for (let i = 0; i < o.rounds; i++) {
    let fa: LoadFigures;
    let fb: LoadFigures;
    if (i % 2 === 0) {
      fa = await load(a, o.seconds, o.connections);
      await o.between?.();
      fb = await load(b, o.seconds, o.connections);
    } else {
      fb = await load(b, o.seconds, o.connections);
      await o.between?.();
      fa = await load(a, o.seconds, o.connections);
    }
    await o.between?.();
    rounds.push({ a: fa, b: fb, ratio: fa.reqPerSec / fb.reqPerSec });
  }
  return {
    a: a.label,
    b: b.label,
    rounds: rounds.map((r) => ({ ...r, ratio: round(r.ratio, 3) })),
    medianRatio: round(median(rounds.map((r) => r.ratio)), 3),
    medianA: round(median(rounds.map((r) => r.a.reqPerSec)), 0),
    medianB: round(median(rounds.map((r) => r.b.reqPerSec)), 0),
    non2xxA: rounds.reduce((n, r) => n + r.a.non2xx, 0),
    non2xxB: rounds.reduce((n, r) => n + r.b.non2xx, 0),
    errors: rounds.reduce((n, r) => n + r.a.errors + r.b.errors + r.a.timeouts + r.b.timeouts, 0),
  };
}
