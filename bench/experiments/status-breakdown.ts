/**
 * Where the status route's time goes (the T1 analysis in BENCHMARKS.md): req/s interleaved
 * against the static bare route, for the dynamic-segment bare route, the status route of a
 * paid order (no refresh) and of a pending order (refreshSoon's throttled fetch-back).
 *   npx tsx bench/experiments/status-breakdown.ts [seconds]
 */
import { runExperiment } from '../lib/experiment';
import { compareThroughput } from '../lib/load';
import { seedOrders } from '../lib/seed';
import { ensureBuild, startServer } from '../lib/server';
import { checkoutOrThrow } from '../lib/shop';

async function main() {
  const seconds = Number(process.argv[2]) || 3;
  ensureBuild(false);
  const s = await startServer();
  try {
    const pending = await checkoutOrThrow(s.url);
    const paid = seedOrders(s.appDbPath, 100, { sampleCount: 20 }).samples.find((o) => o.status === 'paid')!;
    const bare = { label: 'bare (static path)', url: `${s.url}/api/bench/bare` };
    const layers = [
      { label: 'bare ([token] segment)', url: `${s.url}/api/bench/bare/${paid.token}` },
      { label: 'status route, paid order', url: `${s.url}/api/orders/${paid.token}/status` },
      { label: 'status route, pending order', url: `${s.url}/api/orders/${pending}/status` },
    ];
    for (const layer of layers) {
      const c = await compareThroughput(layer, bare, { rounds: 4, seconds, connections: 20, warmupSeconds: 1 });
      console.log(`${layer.label.padEnd(30)} ${c.medianRatio.toFixed(2)}× of bare (${c.medianA} vs ${c.medianB} req/s; non-2xx ${c.non2xxA})`);
    }
  } finally {
    await s.stop();
  }
}
runExperiment(main);
