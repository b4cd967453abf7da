/**
 * Pages against the blank App Router page, interleaved (A, B, A, B…), under one throttling or both:
 *   npx tsx bench/tools/lcp-side-by-side.ts [--devtools | --both] [--rounds=5] [--latency=20] / /products/<slug> …
 * Prints each run's LCP and TBT and the medians; the difference to the floor is what compares
 * on a noisy host. Starts the bench build under `next start` (and stops it after).
 * `--both`: Chromium's devtools throttling and Lighthouse's simulation in the same run, each
 * page under one then the other in every round.
 * `--latency=MS`: every page is loaded through a proxy that delays each packet MS milliseconds
 * each way (bench/lib/latency-proxy.ts), as a network would; without it, loopback.
 * Under the simulation each run also says how many script requests its LCP counted (`s<n>`):
 * Lighthouse replays on slow 4G every request that finished before the largest paint of the
 * real, unthrottled load, so a run whose paint came after the framework's chunks had arrived
 * carries their download. The medians are then also given apart for the runs that counted at
 * most the blank page's usual two scripts and for those that counted more.
 */
import { runExperiment } from '../lib/experiment';
import { launchForLighthouse, navigationRun, type Throttling } from '../lib/lighthouse';
import { startLatencyProxy } from '../lib/latency-proxy';
import { ensureBuild, startServer } from '../lib/server';
import { median } from '../lib/stats';

async function main() {
  const args = process.argv.slice(2);
  const throttlings: Throttling[] = args.includes('--both') ? ['devtools', 'simulate'] : [args.includes('--devtools') ? 'devtools' : 'simulate'];
  const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 5);
  const latency = Number(args.find((a) => a.startsWith('--latency='))?.slice(10) ?? 0);
  const pages = [...args.filter((a) => !a.startsWith('--')), '/bench/blank'];
  ensureBuild(false);
  const server = await startServer();
  const proxy = latency > 0 ? await startLatencyProxy(server.url, latency) : undefined;
  const base = proxy?.url ?? server.url;
  const browser = await launchForLighthouse();
  try {
    for (const p of pages) await (await fetch(`${base}${p}`)).arrayBuffer();
    const runs = new Map(throttlings.map((t) => [t, new Map(pages.map((p) => [p, [] as { lcp: number; tbt: number; scripts?: number }[]]))]));
    for (let r = 0; r < rounds; r++) {
      for (const p of pages) {
        for (const t of throttlings) {
          const run = await navigationRun(browser, base, p, [], t, 'all', true);
          runs.get(t)!.get(p)!.push({ lcp: Math.round(run.lcpMs ?? NaN), tbt: Math.round(run.tbtMs ?? NaN), scripts: run.lcpScripts });
        }
      }
    }
    const network = latency > 0 ? `${latency} ms each way (proxy)` : 'loopback';
    for (const [t, byPage] of runs) {
      console.log(`${t}, ${rounds} rounds interleaved, ${network}`);
      const floor = median(byPage.get('/bench/blank')!.map((x) => x.lcp));
      for (const [p, list] of byPage) {
        const lcp = median(list.map((x) => x.lcp));
        const over = p === '/bench/blank' ? '' : ` (${lcp - floor >= 0 ? '+' : ''}${((lcp - floor) / 1000).toFixed(2)} s)`;
        console.log(`${p.padEnd(36)} LCP median ${lcp} ms${over}, TBT median ${median(list.map((x) => x.tbt))} ms   runs ${list.map((x) => `${x.lcp}/${x.tbt}${x.scripts === undefined ? '' : `/s${x.scripts}`}`).join(' ')}`);
        if (t === 'simulate') console.log(`${''.padEnd(36)} ${splitByScripts(list)}`);
      }
    }
  } finally {
    await browser.close();
    await proxy?.close();
    await server.stop();
  }
}

/** The simulated runs apart: those whose LCP counted at most two scripts, and those that counted more. */
function splitByScripts(list: { lcp: number; scripts?: number }[]): string {
  const part = (name: string, xs: { lcp: number }[]) => `${name}: ${xs.length} run${xs.length === 1 ? '' : 's'}${xs.length ? `, median ${median(xs.map((x) => x.lcp))} ms` : ''}`;
  return `${part('≤ 2 scripts counted', list.filter((x) => (x.scripts ?? 0) <= 2))}; ${part('more', list.filter((x) => (x.scripts ?? 0) > 2))}`;
}

runExperiment(main);
