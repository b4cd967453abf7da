/**
 * Where the webhook route's time goes (the T2 analysis in BENCHMARKS.md): req/s of each layer,
 * interleaved against the bare POST in the same run:
 *   bare POST · webhook for an unknown token (rate limit, lookup, body, delivery log, 404) ·
 *   the sandbox read alone (GET /api/sandbox/v1/pix/<id>, what the fetch-back calls) ·
 *   the whole webhook for a paid payment (lookup + fetch-back + transaction + log).
 *   npx tsx bench/experiments/webhook-breakdown.ts [seconds] [--only=<label words>] [--connections=20] [--cpu-prof]
 */
import { paymentOfOrder } from '../lib/app-db';
import { runExperiment } from '../lib/experiment';
import { compareThroughput } from '../lib/load';
import path from 'node:path';
import { ensureBuild, ROOT, startServer } from '../lib/server';
import { checkoutOrThrow, sandboxHeaders, sandboxPayWhenPayable } from '../lib/shop';
import { sleep } from '../lib/stats';

async function main() {
  const seconds = Number(process.argv[2]) || 3;
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
  const connections = Number(process.argv.find((a) => a.startsWith('--connections='))?.slice(14) ?? 20);
  const cpuProf = process.argv.includes('--cpu-prof') ? ['--cpu-prof', `--cpu-prof-dir=${path.join(ROOT, 'bench', 'results', 'prof')}`] : [];
  ensureBuild(false);
  const s = await startServer({ nodeArgs: cpuProf });
  try {
    const token = await checkoutOrThrow(s.url);
    const p = paymentOfOrder(s.appDbPath, token);
    await sandboxPayWhenPayable(s.url, p.pix_code!);
    while (paymentOfOrder(s.appDbPath, token).status !== 'paid') await sleep(100);
    const body = JSON.stringify({ id: 'evt-1', type: 'QRCodeCompleted', created_at: new Date().toISOString(), data: { id: p.provider_id } });
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, body };
    const bare = { label: 'bare POST', url: `${s.url}/api/bench/bare`, ...post };
    const layers = [
      { label: 'webhook, unknown token (404)', url: `${s.url}/api/webhooks/payments/${'x'.repeat(32)}`, ...post },
      { label: 'sandbox GET /v1/pix/<id>', url: `${s.url}/api/sandbox/v1/pix/${p.provider_id}`, headers: sandboxHeaders() },
      { label: 'webhook, paid payment (200)', url: `${s.url}/api/webhooks/payments/${p.webhook_token}`, ...post },
    ];
    for (const layer of layers.filter((l) => !only || l.label.includes(only))) {
      const c = await compareThroughput(layer, bare, { rounds: 3, seconds, connections, warmupSeconds: 1 });
      console.log(`${layer.label.padEnd(34)} ${c.medianRatio.toFixed(2)}× of bare (${c.medianA} vs ${c.medianB} req/s; non-2xx ${c.non2xxA})`);
    }
  } finally {
    await s.stop();
  }
}
runExperiment(main);
