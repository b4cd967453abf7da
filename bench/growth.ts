/**
 * Growth — the status route and the merchant's orders page at 1k, 10k and 100k orders in the
 * server's database (seeded straight into the file between steps). Cost must stay flat or
 * logarithmic: each figure is taken side by side with a baseline in the same step (bare route
 * for the status route, the blank page for the orders page) and compared across steps.
 */
import { withDb } from './lib/app-db';
import type { BenchContext } from './lib/context';
import { compareThroughput } from './lib/load';
import { fmtMs, fmtRatio, type TargetResult } from './lib/report';
import { seedOrders } from './lib/seed';
import { merchantCookie } from './lib/shop';
import { median, percentile, round } from './lib/stats';

export const GROWTH = { id: 'GROWTH', title: 'status route and orders page at 1k / 10k / 100k orders', target: 'flat or logarithmic' };

type Step = {
  size: number;
  seedMs: number;
  status: { reqPerSec: number; bareReqPerSec: number; ratio: number };
  pages: Record<string, { p50: number; p95: number; blankP50: number; overBlank: number }>;
};

export async function runGrowth(ctx: BenchContext): Promise<TargetResult> {
  const { server, quick, log } = ctx;
  const cookie = await merchantCookie(server.url);
  const pages: Record<string, string> = {
    'page 1': '/dashboard/orders',
    'status=paid': '/dashboard/orders?status=paid',
    'boleto, 30 days': `/dashboard/orders?method=boleto&from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`,
    'search name': '/dashboard/orders?q=Oliveira',
    'deep page 200': '/dashboard/orders?page=200',
  };
  const timeGet = async (path: string, headers: Record<string, string>) => {
    const t = performance.now();
    const r = await fetch(`${server.url}${path}`, { headers, redirect: 'manual' });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`GET ${path} → ${r.status}`);
    return performance.now() - t;
  };
  const steps: Step[] = [];
  // bench:quick stops at 10k: seeding alone would take a fifth of its two minutes at 100k.
  for (const size of quick ? [1_000, 10_000] : [1_000, 10_000, 100_000]) {
    const current = withDb(server.appDbPath, (db) => Number(db.prepare('SELECT count(*) FROM orders').pluck().get()));
    const seeded = seedOrders(server.appDbPath, Math.max(0, size - current), { seed: size, sampleCount: 20 });
    const paid = seeded.samples.find((s) => s.status === 'paid') ?? seeded.samples[0];
    const cmp = await compareThroughput(
      { label: 'status route', url: `${server.url}/api/orders/${paid.token}/status` },
      { label: 'bare route', url: `${server.url}/api/bench/bare` },
      { rounds: quick ? 2 : 4, seconds: quick ? 1 : 1.5, connections: 20, warmupSeconds: quick ? 0.5 : 1 },
    );
    const n = quick ? 5 : 25;
    const figures: Step['pages'] = {};
    for (const [name, path] of Object.entries(pages)) {
      await timeGet(path, { cookie });
      const a: number[] = [];
      const b: number[] = [];
      for (let i = 0; i < n; i++) {
        a.push(await timeGet(path, { cookie }));
        b.push(await timeGet('/bench/blank', { cookie }));
      }
      figures[name] = { p50: round(median(a), 2), p95: round(percentile(a, 95), 2), blankP50: round(median(b), 2), overBlank: round(median(a) / median(b), 3) };
    }
    steps.push({ size, seedMs: seeded.ms, status: { reqPerSec: cmp.medianA, bareReqPerSec: cmp.medianB, ratio: cmp.medianRatio }, pages: figures });
    log(
      `GROWTH ${size}: status ${fmtRatio(cmp.medianRatio)} of bare (${cmp.medianA} req/s); ` +
        Object.entries(figures)
          .map(([k, v]) => `${k} p50 ${fmtMs(v.p50)} (${fmtRatio(v.overBlank)} blank)`)
          .join('; '),
    );
  }
  const first = steps[0];
  const last = steps[steps.length - 1];
  const statusKept = last.status.ratio / first.status.ratio;
  const top = `${last.size / 1000}k`;
  const pageGrowth = Object.fromEntries(Object.keys(pages).map((k) => [k, round(last.pages[k].overBlank / first.pages[k].overBlank, 2)]));
  // Logarithmic allowance: log(100k)/log(1k) ≈ 1.67; up to 2× over a 100× larger table.
  const worst = Object.entries(pageGrowth).reduce((w, e) => (e[1] > w[1] ? e : w));
  const pass = statusKept >= 0.8 && worst[1] <= 2;
  return {
    ...GROWTH,
    headline:
      `status route keeps ${fmtRatio(statusKept)} of its 1k relative speed at ${top}; ` +
      `orders page cost ${top}/1k: ${Object.entries(pageGrowth)
        .map(([k, v]) => `${k} ${fmtRatio(v)}`)
        .join(', ')}`,
    verdict: pass ? 'pass' : 'fail',
    details: { steps, statusKept: round(statusKept, 3), pageGrowth },
    notes: worst[1] > 2 ? [`orders page "${worst[0]}" grows ${fmtRatio(worst[1])} from 1k to ${top} orders (p50 ${fmtMs(last.pages[worst[0]].p50)} at ${top})`] : [],
  };
}
