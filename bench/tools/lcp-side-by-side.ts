/**
 * Pages against the blank App Router page, interleaved (A, B, A, B…), under one throttling:
 *   npx tsx bench/tools/lcp-side-by-side.ts [--devtools] [--rounds=5] / /products/<slug> …
 * Prints each run's LCP and TBT and the medians; the difference to the floor is what compares
 * on a noisy host. Starts the bench build under `next start` (and stops it after).
 */
import { runExperiment } from '../lib/experiment';
import { launchForLighthouse, navigationRun } from '../lib/lighthouse';
import { ensureBuild, startServer } from '../lib/server';
import { median } from '../lib/stats';

async function main() {
  const args = process.argv.slice(2);
  const throttling = args.includes('--devtools') ? 'devtools' : 'simulate';
  const rounds = Number(args.find((a) => a.startsWith('--rounds='))?.slice(9) ?? 5);
  const pages = [...args.filter((a) => !a.startsWith('--')), '/bench/blank'];
  ensureBuild(false);
  const server = await startServer();
  const browser = await launchForLighthouse();
  try {
    for (const p of pages) await (await fetch(`${server.url}${p}`)).arrayBuffer();
    const runs = new Map(pages.map((p) => [p, [] as { lcp: number; tbt: number }[]]));
    for (let r = 0; r < rounds; r++) {
      for (const p of pages) {
        const run = await navigationRun(browser, server.url, p, [], throttling);
        runs.get(p)!.push({ lcp: Math.round(run.lcpMs ?? NaN), tbt: Math.round(run.tbtMs ?? NaN) });
      }
    }
    console.log(`${throttling}, ${rounds} rounds interleaved`);
    for (const [p, list] of runs) {
      console.log(`${p.padEnd(36)} LCP median ${median(list.map((x) => x.lcp))} ms, TBT median ${median(list.map((x) => x.tbt))} ms   runs ${list.map((x) => `${x.lcp}/${x.tbt}`).join(' ')}`);
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

runExperiment(main);
