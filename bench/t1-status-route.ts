/**
 * T1 — req/s of GET /api/orders/<token>/status vs a bare route handler returning the same
 * JSON with the same headers, same build, autocannon, interleaved. The bare handler sits
 * behind the same route shape (GET /api/bench/bare/<token>: a dynamic segment and
 * `await params`), so the ratio is the handler's own overhead over the framework; the
 * framework's extra cost of a dynamic segment over a static path (GET /api/bench/bare) is
 * measured beside it and reported, the same for any handler at such a URL.
 * The order is a real pending Pix order made through the checkout form (the page polls
 * while pending, so refreshSoon's throttled fetch-back is part of the real cost).
 */
import type { BenchContext } from './lib/context';
import { compareThroughput } from './lib/load';
import { fmtInt, fmtRatio, type TargetResult } from './lib/report';
import { checkoutOrThrow } from './lib/shop';

export const T1 = { id: 'T1', title: 'status route req/s vs bare route', target: '≥ 0.85×' };

export async function runT1(ctx: BenchContext, token?: string): Promise<TargetResult> {
  const { server, quick } = ctx;
  const orderToken = token ?? (await checkoutOrThrow(server.url));
  const statusUrl = `${server.url}/api/orders/${orderToken}/status`;
  const bareUrl = `${server.url}/api/bench/bare/${orderToken}`;
  const staticBareUrl = `${server.url}/api/bench/bare`;

  // Same shape and headers, or the comparison means nothing.
  const [s, b] = await Promise.all([fetch(statusUrl), fetch(bareUrl)]);
  const sj = (await s.json()) as Record<string, unknown>;
  const bj = (await b.json()) as Record<string, unknown>;
  const headerNames = (r: Response) => [...r.headers.keys()].filter((k) => !['date', 'x-request-id', 'content-length', 'transfer-encoding'].includes(k)).sort().join(',');
  const sameShape = Object.keys(sj).sort().join(',') === Object.keys(bj).sort().join(',');
  const sameHeaders = headerNames(s) === headerNames(b);
  if (s.status !== 200) throw new Error(`status route answered ${s.status}`);
  if (b.status !== 200) throw new Error(`bare route answered ${b.status}`);

  const cmp = await compareThroughput(
    { label: 'status route', url: statusUrl },
    { label: 'bare route (same [token] shape)', url: bareUrl },
    { rounds: quick ? 3 : 8, seconds: quick ? 1 : 2, connections: 20, warmupSeconds: quick ? 1 : 2 },
  );
  // The framework's own price of the dynamic segment: the same bare handler, static path vs [token].
  // Full runs only (bench:quick stays under two minutes).
  const routing = quick
    ? undefined
    : await compareThroughput(
    { label: 'bare route (same [token] shape)', url: bareUrl },
    { label: 'bare route (static path)', url: staticBareUrl },
    { rounds: 3, seconds: 2, connections: 20, warmupSeconds: 1 },
  );
  const pass = cmp.medianRatio >= 0.85 && cmp.non2xxA === 0 && cmp.errors === 0;
  return {
    ...T1,
    headline: `${fmtRatio(cmp.medianRatio)} (${fmtInt(cmp.medianA)} vs ${fmtInt(cmp.medianB)} req/s, median of ${cmp.rounds.length} rounds, 20 connections)`,
    verdict: pass ? 'pass' : 'fail',
    details: { comparison: cmp, routing, sameShape, sameHeaders, sample: sj },
    notes: [
      ...(routing
        ? [`framework: a bare handler behind [token] runs at ${fmtRatio(routing.medianRatio)} of the same handler on a static path (${fmtInt(routing.medianA)} vs ${fmtInt(routing.medianB)} req/s); status route vs static bare ≈ ${fmtRatio(cmp.medianRatio * routing.medianRatio)}`]
        : []),
      ...(sameShape ? [] : ['JSON shapes differ between the two routes']),
      ...(sameHeaders ? [] : ['header sets differ between the two routes']),
      ...(cmp.non2xxA ? [`status route: ${cmp.non2xxA} non-2xx answers`] : []),
    ],
  };
}
