/**
 * One page under Lighthouse, with what T5's summary leaves out: the LCP element and its
 * phases, render-blocking requests, the requests before LCP, and every audit losing points.
 * Writes the full report (open the .html in a browser) to bench/results/lighthouse/.
 *   npx tsx bench/tools/lighthouse-page.ts <path> [--cart] [--devtools] [--url=http://127.0.0.1:3270]
 * --devtools: Chromium's real throttling instead of the simulation (the long tasks are then the real ones).
 * Without --url it starts the bench build under `next start` (and stops it after).
 * It also lists what Lighthouse's simulation counted for LCP: its rule is that every request
 * that finished before the LCP observed on the real (unthrottled) load is replayed on slow 4G,
 * so a page whose largest paint comes after the framework's scripts have arrived carries their
 * download (BENCHMARKS.md, T5).
 * With a path like /orders/pix it makes the order first (pix | boleto | paid | receipt).
 */
import fs from 'node:fs';
import path from 'node:path';
import { paymentOfOrder } from '../lib/app-db';
import { runExperiment } from '../lib/experiment';
import { CHROME_PATH, launchForLighthouse, simulatedLcpGraph } from '../lib/lighthouse';
import { ensureBuild, ROOT, startServer, type Server } from '../lib/server';
import { checkoutOrThrow, sandboxPayWhenPayable } from '../lib/shop';
import { sleep } from '../lib/stats';

type Audit = { id: string; title: string; score: number | null; scoreDisplayMode: string; displayValue?: string; numericValue?: number; details?: { type: string; items?: Record<string, unknown>[] } };

async function orderPath(server: Server, kind: string): Promise<string> {
  const token = await checkoutOrThrow(server.url, kind === 'boleto' ? 'boleto' : 'pix');
  const wait = async (done: () => boolean) => {
    for (let i = 0; i < 60 && !done(); i++) {
      await fetch(`${server.url}/api/orders/${token}/status`);
      await sleep(300);
    }
  };
  if (kind === 'boleto') await wait(() => Boolean(paymentOfOrder(server.appDbPath, token).digitable_line));
  if (kind === 'paid' || kind === 'receipt') {
    await sandboxPayWhenPayable(server.url, paymentOfOrder(server.appDbPath, token).pix_code!);
    await wait(() => paymentOfOrder(server.appDbPath, token).status === 'paid');
  }
  return kind === 'receipt' ? `/orders/${token}/receipt` : `/orders/${token}`;
}

/** The requests and tasks Lighthouse's simulated LCP was made of, with their simulated times. */
async function printSimulatedLcp(result: { lhr: unknown; artifacts: unknown }, base: string) {
  const lcp = await simulatedLcpGraph(result);
  console.log(`simulated LCP ${Math.round(lcp.timingMs)} ms = mean of an optimistic ${Math.round(lcp.optimisticMs)} and a pessimistic ${Math.round(lcp.pessimisticMs)} ms graph; the pessimistic one:`);
  for (const n of lcp.nodes) console.log(`  ${String(Math.round(n.startMs)).padStart(5)}–${String(Math.round(n.endMs)).padEnd(5)} ms  ${n.kind === 'network' ? n.url!.replace(base, '') : 'main-thread task'}`);
}

async function main() {
  const args = process.argv.slice(2);
  let target = args.find((a) => !a.startsWith('--')) ?? '/';
  const url = args.find((a) => a.startsWith('--url='))?.slice(6);
  let server: Server | undefined;
  if (!url) {
    ensureBuild(false);
    server = await startServer();
  }
  const base = url ?? server!.url;
  try {
    const kind = /^\/orders\/(pix|boleto|paid|receipt)$/.exec(target)?.[1];
    if (kind) {
      if (!server) throw new Error('order pages need the tool to start its own server (no --url)');
      target = await orderPath(server, kind);
    }
    const { default: lighthouse } = await import('lighthouse');
    const browser = await launchForLighthouse();
    try {
      if (args.includes('--cart')) await browser.setCookie({ name: 'balcao_cart', value: '1x2', domain: new URL(base).hostname, path: '/' });
      await fetch(`${base}${target}`, { headers: args.includes('--cart') ? { cookie: 'balcao_cart=1x2' } : {} }); // warm the server
      const page = await browser.newPage();
      const throttlingMethod = args.includes('--devtools') ? 'devtools' : 'simulate';
      const result = await lighthouse(`${base}${target}`, { logLevel: 'error', output: ['json', 'html'], throttlingMethod }, undefined, page);
      if (!result) throw new Error('no result');
      const lhr = result.lhr as unknown as { categories: Record<string, { score: number }>; audits: Record<string, Audit> };
      console.log(`${target} (Chromium ${CHROME_PATH})`);
      console.log(Object.entries(lhr.categories).map(([k, v]) => `${k} ${Math.round(v.score * 100)}`).join(' · '));
      for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index']) console.log(`  ${id}: ${lhr.audits[id]?.displayValue}`);
      const show = (id: string, max = 12) => {
        const a = lhr.audits[id];
        if (!a?.details?.items?.length) return;
        console.log(`${id}: ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ''}`);
        for (const item of a.details.items.slice(0, max)) console.log(`  ${JSON.stringify(item).slice(0, 300)}`);
      };
      for (const id of ['largest-contentful-paint-element', 'lcp-breakdown-insight', 'render-blocking-resources', 'render-blocking-insight', 'network-requests', 'bootup-time', 'mainthread-work-breakdown', 'long-tasks']) show(id, id === 'network-requests' ? 30 : 12);
      if (throttlingMethod === 'simulate') await printSimulatedLcp(result, base);
      console.log('losing points:');
      for (const a of Object.values(lhr.audits)) {
        if (a.score !== null && a.score < 0.9 && !['informative', 'notApplicable', 'manual'].includes(a.scoreDisplayMode)) console.log(`  ${a.id} (${a.score}): ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ''}`);
      }
      const dir = path.join(ROOT, 'bench', 'results', 'lighthouse');
      fs.mkdirSync(dir, { recursive: true });
      const name = target.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'catalog';
      const [json, html] = result.report as string[];
      fs.writeFileSync(path.join(dir, `${name}.json`), json);
      fs.writeFileSync(path.join(dir, `${name}.html`), html);
      console.log(`report: bench/results/lighthouse/${name}.html`);
    } finally {
      await browser.close();
    }
  } finally {
    await server?.stop();
  }
}

runExperiment(main);
