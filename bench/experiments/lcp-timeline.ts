/**
 * The T5 analysis in BENCHMARKS.md: for the checkout page and the blank page of the same
 * build, (1) how the warm HTML arrives (chunk times and sizes) and (2) in headless Chromium
 * (Pixel 7, CPU 4×) every paint and LCP candidate with its element, beside TTFB,
 * DOMContentLoaded and load — to see whether LCP waits for the HTML, the CSS or the scripts.
 *   npx tsx bench/experiments/lcp-timeline.ts [rounds] [--block-js]   (--block-js: Next's script files are not
 *   served, so nothing hydrates: what the paint costs without them)
 */
import { mobileContext, withServerAndBrowser } from '../lib/browser';
import { runExperiment } from '../lib/experiment';

const OBSERVE = `window.__e = [];
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__e.push([e.entryType, Math.round(e.startTime), e.element ? e.element.tagName + '#' + e.element.id : '']); }).observe({ type: 'largest-contentful-paint', buffered: true });
new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__e.push([e.name, Math.round(e.startTime)]); }).observe({ type: 'paint', buffered: true });`;
const NAV = `(() => { const n = performance.getEntriesByType('navigation')[0]; return { ttfb: Math.round(n.responseStart), responseEnd: Math.round(n.responseEnd), dcl: Math.round(n.domContentLoadedEventEnd), load: Math.round(n.loadEventEnd) }; })()`;

async function main() {
  const rounds = Number(process.argv[2]) || 2;
  const cookie = 'balcao_cart=1x2';
  await withServerAndBrowser(async (s, browser) => {
    for (const path of ['/checkout', '/bench/blank']) {
      for (let i = 0; i < 5; i++) await (await fetch(`${s.url}${path}`, { headers: { cookie } })).text();
      const t = performance.now();
      const r = await fetch(`${s.url}${path}`, { headers: { cookie } });
      const chunks: string[] = [];
      for (const reader = r.body!.getReader(); ; ) {
        const { done, value } = await reader.read();
        if (done) break;
        chunks.push(`${Math.round(performance.now() - t)} ms: ${value.length} B`);
      }
      console.log(`${path.padEnd(13)} HTML chunks ${chunks.join(', ')}`);
    }
    for (let round = 0; round < rounds; round++) {
      for (const path of ['/checkout', '/bench/blank']) {
        const context = await mobileContext(browser, s.url, [{ name: 'balcao_cart', value: '1x2' }]);
        const page = await context.newPage();
        await page.addInitScript(OBSERVE);
        if (process.argv.includes('--block-js')) await page.route('**/_next/static/**/*.js', (route) => route.abort());
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await page.goto(`${s.url}${path}`, { waitUntil: 'load' });
        await page.waitForTimeout(1500);
        console.log(`${path.padEnd(13)} ${JSON.stringify(await page.evaluate(NAV))} ${JSON.stringify(await page.evaluate('window.__e'))}`);
        await context.close();
      }
    }
  });
}
runExperiment(main);
