/**
 * The T5 analysis, one level down from lcp-timeline.ts: a Chromium performance trace of each
 * load (Pixel 7, CPU 4×, cold context) of the checkout page and the blank page, and the
 * renderer main thread's work before the LCP, summed by trace event (ParseHTML, style
 * recalculation, layout, paint, script evaluation, …), median over the rounds.
 *   npx tsx bench/experiments/lcp-trace.ts [rounds=3] [--path=/checkout] [--list=Layout,Paint] [--all] [--css-replace=<from>=><to>] [--css-append=<rules>] [--net] [--threads]  (--list: each such event, when and how long; --all: every event name's total; --net: each request's send and finish; --threads: every thread's top-level work before the LCP)
 */
import { mobileContext, withServerAndBrowser } from '../lib/browser';
import { runExperiment } from '../lib/experiment';
import { median } from '../lib/stats';

type Stats = { lcp: number[]; byKind: Map<string, number[]>; busy: number[] };
type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: Record<string, unknown> };

/** Top-level renderer main-thread events (no nesting double count): the ones Chromium's DevTools groups as tasks' children. */
const KINDS = ['ParseHTML', 'ParseAuthorStyleSheet', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'Commit', 'EvaluateScript', 'v8.compile', 'FunctionCall', 'RunMicrotasks', 'TimerFire', 'EventDispatch', 'HitTest', 'v8.run', 'ResourceReceivedData', 'v8.parseOnBackground'];

async function main() {
  const rounds = Number(process.argv[2]) || 3;
  const list: string[] = process.argv.find((a) => a.startsWith('--list='))?.slice(7).split(',') ?? [];
  const only = process.argv.find((a) => a.startsWith('--path='))?.slice(7);
  const paths = only ? [only] : ['/checkout', '/bench/blank'];
  const results = new Map<string, Stats>();
  await withServerAndBrowser(async (s, browser) => {
    for (const path of paths) for (let i = 0; i < 3; i++) await (await fetch(`${s.url}${path}`, { headers: { cookie: 'balcao_cart=1x2' } })).text();
    for (let round = 0; round < rounds; round++) {
      for (const path of paths) {
        const context = await mobileContext(browser, s.url, [{ name: 'balcao_cart', value: '1x2' }]);
        const page = await context.newPage();
        // --css-replace=<from>=><to>: a what-if on the stylesheets (e.g. one font family instead of the system-ui stack).
        // --css-append=<rules>: the same, appended to every stylesheet (e.g. hide a part of the page).
        const replace = process.argv.find((a) => a.startsWith('--css-replace='))?.slice(14).split('=>');
        const append = process.argv.find((a) => a.startsWith('--css-append='))?.slice(13);
        if (replace || append) {
          await page.route('**/*.css', async (route) => {
            const response = await route.fetch();
            let body = await response.text();
            if (replace) body = body.split(replace[0]).join(replace[1]);
            if (append) body += `\n${append}`;
            await route.fulfill({ response, body });
          });
        }
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'loading', 'blink.user_timing', 'v8', ...(process.env.TRACE_CATEGORIES ?? '').split(',').filter(Boolean)] });
        await page.goto(`${s.url}${path}`, { waitUntil: 'load' });
        await page.waitForTimeout(1500);
        const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
        await context.close();
        const events = trace.traceEvents;
        const nav = events.find((e) => e.name === 'navigationStart' && (e.args?.data as { documentLoaderURL?: string })?.documentLoaderURL?.endsWith(path));
        const lcpEvent = events.filter((e) => e.name === 'largestContentfulPaint::Candidate').pop();
        if (!nav || !lcpEvent) {
          console.log(`${path}: no navigationStart or LCP in the trace`);
          continue;
        }
        const main = { tid: lcpEvent.tid }; // LCP candidates are emitted on the renderer's main thread
        const t0 = nav.ts;
        const t1 = lcpEvent.ts;
        const r: Stats = results.get(path) ?? { lcp: [], byKind: new Map(), busy: [] };
        r.lcp.push((t1 - t0) / 1000);
        const sums = new Map<string, number>();
        let busy = 0;
        const all = new Map<string, number>();
        for (const e of events) {
          if (e.ph !== 'X' || !e.dur || e.pid !== lcpEvent.pid || e.tid !== main.tid) continue;
          if (e.ts < t0 || e.ts > t1) continue;
          const dur = Math.min(e.dur, t1 - e.ts) / 1000;
          if (e.name === 'RunTask') busy += dur;
          if (process.argv.includes('--all')) all.set(e.name, (all.get(e.name) ?? 0) + dur);
          if (KINDS.includes(e.name)) sums.set(e.name, (sums.get(e.name) ?? 0) + dur);
          if (list.includes(e.name)) console.log(`  ${path} ${e.name} at ${((e.ts - t0) / 1000).toFixed(0)} ms for ${dur.toFixed(1)} ms ${JSON.stringify(e.args?.beginData ?? e.args?.data ?? '').slice(0, 160)}`);
        }
        r.busy.push(busy);
        if (process.argv.includes('--threads')) {
          // Every thread's top-level work in the same window (raster, compositor, network, other processes).
          const names = new Map<string, string>();
          for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, String((e.args as { name?: string })?.name ?? ''));
          const perThread = new Map<string, { total: number; top: Map<string, number> }>();
          const open = new Map<string, number>(); // end of the last counted event per thread: nested events are not counted twice
          for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
            if (e.ph !== 'X' || !e.dur || e.ts < t0 || e.ts > t1) continue;
            const key = `${e.pid}:${e.tid}`;
            if ((open.get(key) ?? 0) > e.ts) continue;
            open.set(key, e.ts + e.dur);
            const dur = Math.min(e.dur, t1 - e.ts) / 1000;
            const t = perThread.get(key) ?? { total: 0, top: new Map() };
            t.total += dur;
            t.top.set(e.name, (t.top.get(e.name) ?? 0) + dur);
            perThread.set(key, t);
          }
          for (const [key, t] of [...perThread].sort((a, b) => b[1].total - a[1].total).slice(0, 8)) {
            const top = [...t.top].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(', ');
            console.log(`  ${path} thread ${(names.get(key) ?? key).padEnd(28)} ${t.total.toFixed(1).padStart(7)} ms  ${top}`);
          }
        }
        if (process.argv.includes('--net')) {
          const at = (e: TraceEvent) => ((e.ts - t0) / 1000).toFixed(0).padStart(5);
          const urlOf = new Map<string, string>();
          for (const e of events) {
            const d = e.args?.data as { requestId?: string; url?: string; renderBlocking?: string; priority?: string } | undefined;
            if (!d?.requestId) continue;
            if (e.name === 'ResourceSendRequest') {
              urlOf.set(d.requestId, (d.url ?? '').replace(s.url, '').slice(0, 60));
              console.log(`  ${path} ${at(e)} ms send    ${urlOf.get(d.requestId)} ${d.renderBlocking ?? ''} ${d.priority ?? ''}`);
            }
            if (e.name === 'ResourceFinish') console.log(`  ${path} ${at(e)} ms finish  ${urlOf.get(d.requestId) ?? d.requestId}`);
          }
          console.log(`  ${path} ${((t1 - t0) / 1000).toFixed(0).padStart(5)} ms LCP`);
        }
        if (all.size) console.log(`  ${path} every event name (nested, summed):`, [...all].sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${k} ${v.toFixed(1)}`).join(' | '));
        for (const k of KINDS) {
          const list = r.byKind.get(k) ?? [];
          list.push(sums.get(k) ?? 0);
          r.byKind.set(k, list);
        }
        results.set(path, r);
        console.log(`${path.padEnd(13)} LCP ${((t1 - t0) / 1000).toFixed(0)} ms, main thread busy ${busy.toFixed(0)} ms before it`);
      }
    }
    console.log(`\nmedian ms before LCP (main thread)   ${paths.map((p) => p.padStart(13)).join('')}`);
    const row = (label: string, f: (r: Stats) => number) =>
      console.log(`${label.padEnd(36)}${paths.map((p) => f(results.get(p)!).toFixed(1).padStart(13)).join('')}`);
    row('LCP', (r) => median(r.lcp));
    row('busy (RunTask)', (r) => median(r.busy));
    for (const k of KINDS) row(k, (r) => median(r.byKind.get(k) ?? [0]));
  });
}
runExperiment(main);
