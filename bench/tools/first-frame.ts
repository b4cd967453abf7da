/**
 * What a page's largest paint waited for, load after load (bench/lib/first-frame.ts): the time
 * from the document's last byte to the largest paint, the renderer's main-thread time before it,
 * its font lookups, and how many script chunks had finished by then (each joins Lighthouse's
 * simulated LCP). Cold loads in fresh browser contexts at a phone's size, unthrottled, as
 * Lighthouse's simulation observes them.
 *   npx tsx bench/tools/first-frame.ts <path> [--loads=10] [--css='name=CSS' …] [--url=http://127.0.0.1:3270]
 * `--css`: try a style change without a rebuild. Each named CSS is added at the end of the
 * document's <head>, and the loads of every variant (the page as served is `as-served`)
 * are interleaved. All variants, `as-served` too, get the same document from one fetch, so the
 * server's time is out of the comparison. The medians are then comparable in one run; the
 * spread between loads is large on a shared 2-core host, so look at the runs as well.
 * Without --url it starts the bench build under `next start` (and stops it after).
 */
import type { Browser } from 'puppeteer-core';
import { runExperiment } from '../lib/experiment';
import { FIRST_FRAME_CATEGORIES, firstFrame, type FirstFrame, type TraceEvent } from '../lib/first-frame';
import { launchForLighthouse } from '../lib/lighthouse';
import { ensureBuild, startServer, type Server } from '../lib/server';
import { median } from '../lib/stats';

const DROPPED_HEADERS = ['content-encoding', 'content-length', 'transfer-encoding', 'connection', 'keep-alive'];

async function load(browser: Browser, url: string, document: { headers: Record<string, string>; body: string }): Promise<FirstFrame | null> {
  const context = await browser.createBrowserContext();
  try {
    const page = await context.newPage();
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true });
    await page.setCacheEnabled(false);
    await page.setRequestInterception(true);
    page.on('request', (r) => void (r.url() === url && r.isNavigationRequest() ? r.respond({ status: 200, headers: document.headers, body: document.body }) : r.continue()));
    await page.tracing.start({ categories: FIRST_FRAME_CATEGORIES });
    await page.goto(url, { waitUntil: 'networkidle0' });
    const trace = await page.tracing.stop();
    const events = (JSON.parse(Buffer.from(trace!).toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
    return firstFrame(events, url);
  } finally {
    await context.close();
  }
}

async function main() {
  const args = process.argv.slice(2);
  const target = args.find((a) => !a.startsWith('--')) ?? '/';
  const loads = Number(args.find((a) => a.startsWith('--loads='))?.slice(8) ?? 10);
  const given = args.find((a) => a.startsWith('--url='))?.slice(6);
  const variants = new Map<string, string>([['as-served', '']]);
  for (const a of args.filter((x) => x.startsWith('--css='))) {
    const [name, ...css] = a.slice(6).split('=');
    variants.set(name, css.join('='));
  }
  let server: Server | undefined;
  if (!given) {
    ensureBuild(false);
    server = await startServer();
  }
  const base = given ?? server!.url;
  const url = `${base}${target}`;
  const browser = await launchForLighthouse();
  try {
    const res = await fetch(url);
    const html = await res.text();
    const headers: Record<string, string> = {};
    res.headers.forEach((v, k) => {
      if (!DROPPED_HEADERS.includes(k)) headers[k] = v;
    });
    const runs = new Map([...variants.keys()].map((k) => [k, [] as FirstFrame[]]));
    for (let i = 0; i < loads; i++) {
      for (const [name, css] of variants) {
        const body = css ? html.replace('</head>', `<style>${css}</style></head>`) : html;
        const figures = await load(browser, url, { headers, body });
        if (figures) runs.get(name)!.push(figures);
        else console.log(`${name}: a load without a largest paint in its trace (left out)`);
      }
    }
    console.log(`${target}, ${loads} loads per variant, interleaved; medians, then each load`);
    for (const [name, list] of runs) {
      const m = (f: (x: FirstFrame) => number) => Math.round(median(list.map(f)));
      console.log(
        `${name.padEnd(12)} LCP ${m((x) => x.lcpMs)} ms · after the document ${m((x) => x.lcpAfterDocumentMs)} ms · main thread ${m((x) => x.mainThreadMs)} ms · font lookups ${m((x) => x.fontLookups)} · chunks before it ${list.map((x) => `${x.chunksBefore}/${x.chunks}`).join(' ')}`,
      );
      console.log(`${''.padEnd(12)} after the document, each load: ${list.map((x) => Math.round(x.lcpAfterDocumentMs)).join(' ')}`);
    }
  } finally {
    await browser.close();
    await server?.stop();
  }
}

runExperiment(main);
