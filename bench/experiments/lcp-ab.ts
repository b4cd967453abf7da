/**
 * T5 A/B: two builds side by side in one run, so that a change is judged against the same
 * machine noise. Build A is .next-bench (the current sources); build B is any other build
 * folder (e.g. the sources before a change, built with NEXT_DIST_DIR=.next-bench-b).
 * Each round loads, in alternating order, the blank page and the checkout of each build
 * (Pixel 7, CPU 4×, a cold context per load, as T5 does) and reports per build the median
 * LCP and FCP and the median of the per-round checkout/blank ratios.
 *   npx tsx bench/experiments/lcp-ab.ts [rounds=15] [--b=.next-bench-b]
 */
import { launchBrowser } from '../lib/browser';
import { runExperiment } from '../lib/experiment';
import { BENCH_PORTS, ensureBuild, startServer } from '../lib/server';
import { median } from '../lib/stats';
import { loadOnce } from '../t5-page-weight';

async function main() {
  const rounds = Number(process.argv[2]) || 15;
  const bDist = process.argv.find((a) => a.startsWith('--b='))?.slice(4) ?? '.next-bench-b';
  ensureBuild(false);
  const a = await startServer();
  const b = await startServer({ port: BENCH_PORTS.second, env: { NEXT_DIST_DIR: bDist } });
  const browser = await launchBrowser();
  const sides = [
    { name: 'A (.next-bench)', url: a.url },
    { name: `B (${bDist})`, url: b.url },
  ];
  type Sample = { lcp: number; fcp: number };
  const results = sides.map(() => ({ checkout: [] as Sample[], blank: [] as Sample[] }));
  try {
    for (const s of sides) for (const path of ['/checkout', '/bench/blank']) await loadOnce(browser, s.url, path); // warm-up
    for (let r = 0; r < rounds; r++) {
      const loads: [number, '/checkout' | '/bench/blank'][] = [
        [0, '/checkout'],
        [1, '/checkout'],
        [0, '/bench/blank'],
        [1, '/bench/blank'],
      ];
      if (r % 2) loads.reverse();
      for (const [i, path] of loads) {
        const l = await loadOnce(browser, sides[i].url, path);
        results[i][path === '/checkout' ? 'checkout' : 'blank'].push({ lcp: l.lcp, fcp: l.fcp });
      }
      process.stdout.write('.');
    }
    console.log(`\n${rounds} rounds, CPU 4×, Pixel 7, cold context per load`);
    sides.forEach((s, i) => {
      const { checkout, blank } = results[i];
      const ratio = (k: keyof Sample) => median(checkout.map((c, j) => c[k] / blank[j][k])).toFixed(2);
      console.log(
        `${s.name.padEnd(22)} checkout LCP ${median(checkout.map((c) => c.lcp)).toFixed(0)} ms FCP ${median(checkout.map((c) => c.fcp)).toFixed(0)} ms; ` +
          `blank LCP ${median(blank.map((c) => c.lcp)).toFixed(0)} ms; ratio LCP ${ratio('lcp')}× FCP ${ratio('fcp')}×`,
      );
    });
  } finally {
    await browser.close();
    await a.stop();
    await b.stop();
  }
}

runExperiment(main);
