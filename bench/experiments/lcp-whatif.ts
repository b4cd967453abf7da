/**
 * T5 what-ifs without a rebuild: the same server, the same browser, loads interleaved round
 * robin, each variant a rewrite of the checkout's HTML in flight (every variant, the blank
 * page included, goes through the same interception so that its cost is on every side).
 *   npx tsx bench/experiments/lcp-whatif.ts [rounds=12] [--only=checkout,inline-css]
 * Variants:
 *   blank        /bench/blank as served
 *   checkout     /checkout as served
 *   blank-again  /bench/blank again (the noise floor: what a page compared with itself measures)
 *   blank-css    /bench/blank with the checkout's stylesheets instead of its own
 *   inline-css   /checkout with its stylesheets inlined as <style> in the head
 *   one-css      /checkout with its stylesheets merged into one file
 *   font-sans    inline-css with the font stack replaced by the generic sans-serif
 *   font-uniform inline-css with every element in one font (400 16px sans-serif)
 *   no-header    /checkout without the shop's header
 *   blank-body   /checkout's head with the blank page's body
 *   blank-chunk  /bench/blank with the checkout's own script tags added
 *   no-chunk     /checkout without its own script tags (the ones the blank page does not have)
 *   defer        /checkout with Next's chunk scripts deferred instead of async
 *   no-wide      /checkout without the summary's desktop copy
 *   no-svg       /checkout without its inline SVG icons
 *   append       /checkout with the rules given by --append=<css> added in a <style> at the end of the head
 *   no-js        /checkout without Next's scripts (no chunk, no inline RSC payload)
 *   no-rsc       /checkout without the inline RSC payload scripts (chunks still load)
 * Prints median FCP and LCP per variant, and the median of per-round ratios to the blank page.
 */
import type { Browser, Route } from '@playwright/test';
import { mobileContext, withServerAndBrowser } from '../lib/browser';
import { runExperiment } from '../lib/experiment';
import { median } from '../lib/stats';

type Variant = { name: string; path: string; rewrite?: (html: string, css: Map<string, string>) => string };

const LINK = /<link rel="stylesheet" href="([^"]+)"[^>]*\/>/g;

/** The blank page's <body>, read once at start-up (for the blank-body variant). */
let blankBody = '';
/** The checkout's script tags that the blank page does not have (its own client code). */
let checkoutOnlyScripts: string[] = [];
const SCRIPT_TAG = /<script src="([^"]+)"[^>]*><\/script>/g;

const VARIANTS: Variant[] = [
  { name: 'blank', path: '/bench/blank' },
  { name: 'checkout', path: '/checkout' },
  // The noise floor: the blank page again, as a variant of its own.
  { name: 'blank-again', path: '/bench/blank' },
  // The blank page with the checkout's stylesheets linked instead of its own one.
  {
    name: 'blank-css',
    path: '/bench/blank',
    rewrite: (html, css) => html.replace(LINK, () => [...css.keys()].map((href) => `<link rel="stylesheet" href="${href}" data-precedence="next"/>`).join('')),
  },
  {
    name: 'inline-css',
    path: '/checkout',
    rewrite: (html, css) => html.replace(LINK, (_m, href: string) => `<style>${css.get(href) ?? ''}</style>`),
  },
  {
    name: 'one-css',
    path: '/checkout',
    rewrite: (html) => {
      const hrefs = [...html.matchAll(LINK)].map((m) => m[1]);
      let first = true;
      return html.replace(LINK, () => {
        if (!first) return '';
        first = false;
        return `<link rel="stylesheet" href="/__merged.css?${encodeURIComponent(hrefs.join(','))}"/>`;
      });
    },
  },
  {
    name: 'font-sans',
    path: '/checkout',
    rewrite: (html, css) => html.replace(LINK, (_m, href: string) => `<style>${(css.get(href) ?? '').replace(/--font:[^;]+;/, '--font: sans-serif;')}</style>`),
  },
  {
    name: 'font-uniform',
    path: '/checkout',
    rewrite: (html, css) => html.replace(LINK, (_m, href: string) => `<style>${css.get(href) ?? ''}\n*{font:400 16px/1.5 sans-serif!important}</style>`),
  },
  { name: 'no-header', path: '/checkout', rewrite: (html) => html.replace(/<header\b[\s\S]*?<\/header>/, '') },
  // The checkout's head (stylesheets, scripts) with the blank page's body: is it the page or what it loads?
  { name: 'blank-body', path: '/checkout', rewrite: (html) => html.replace(/<body\b[\s\S]*<\/body>/, blankBody) },
  // The checkout's own client chunks: added to the blank page, removed from the checkout.
  { name: 'blank-chunk', path: '/bench/blank', rewrite: (html) => html.replace('</head>', `${checkoutOnlyScripts.join('')}</head>`) },
  { name: 'no-chunk', path: '/checkout', rewrite: (html) => checkoutOnlyScripts.reduce((h, tag) => h.split(tag).join(''), html) },
  // Next's chunk scripts deferred instead of async: they then run after the parser, never between its chunks.
  { name: 'defer', path: '/checkout', rewrite: (html) => html.replace(/<script src="([^"]+)" async=""/g, '<script src="$1" defer=""') },
  // The summary's desktop copy (hidden on a phone) left out of the HTML.
  { name: 'no-wide', path: '/checkout', rewrite: (html) => html.replace(/<div class="[^"]*_wide"[\s\S]*?<\/div>(?=<\/section>)/, '') },
  { name: 'no-svg', path: '/checkout', rewrite: (html) => html.replace(/<svg\b[\s\S]*?<\/svg>/g, '') },
  {
    name: 'append',
    path: '/checkout',
    rewrite: (html) => html.replace('</head>', `<style>${process.argv.find((a) => a.startsWith('--append='))?.slice(9) ?? ''}</style></head>`),
  },
  { name: 'no-js', path: '/checkout', rewrite: (html) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<link rel="preload" as="script"[^>]*\/>/g, '') },
  { name: 'no-rsc', path: '/checkout', rewrite: (html) => html.replace(/<script(?![^>]*\bsrc=)[^>]*>[\s\S]*?<\/script>/g, '') },
];

async function loadOnce(browser: Browser, base: string, v: Variant, css: Map<string, string>) {
  const context = await mobileContext(browser, base, [{ name: 'balcao_cart', value: '1x2' }]);
  try {
    const page = await context.newPage();
    await page.addInitScript(`
      window.__lcp = 0;
      new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
    `);
    await page.route(`${base}${v.path}`, async (route: Route) => {
      const response = await route.fetch();
      const html = await response.text();
      await route.fulfill({ response, body: v.rewrite ? v.rewrite(html, css) : html });
    });
    await page.route('**/__merged.css*', async (route: Route) => {
      const hrefs = decodeURIComponent(new URL(route.request().url()).search.slice(1)).split(',');
      await route.fulfill({ status: 200, contentType: 'text/css', body: hrefs.map((h) => css.get(h) ?? '').join('\n') });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(`${base}${v.path}`, { waitUntil: 'load' });
    await page.waitForTimeout(1200);
    return (await page.evaluate(`({
      lcp: window.__lcp,
      fcp: (performance.getEntriesByName('first-contentful-paint')[0] || { startTime: 0 }).startTime,
    })`)) as { lcp: number; fcp: number };
  } finally {
    await context.close();
  }
}

async function main() {
  const rounds = Number(process.argv[2]) || 12;
  const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7).split(',');
  const variants = VARIANTS.filter((v) => v.name === 'blank' || !only || only.includes(v.name));
  await withServerAndBrowser(async (s, browser) => {
    const html = await (await fetch(`${s.url}/checkout`, { headers: { cookie: 'balcao_cart=1x2' } })).text();
    const blankHtml = await (await fetch(`${s.url}/bench/blank`)).text();
    blankBody = /<body\b[\s\S]*<\/body>/.exec(blankHtml)?.[0] ?? '';
    const blankSrcs = new Set([...blankHtml.matchAll(SCRIPT_TAG)].map((m) => m[1]));
    checkoutOnlyScripts = [...new Set([...html.matchAll(SCRIPT_TAG)].filter((m) => !blankSrcs.has(m[1])).map((m) => m[0]))];
    console.log(`checkout-only scripts: ${checkoutOnlyScripts.length}`);
    const css = new Map<string, string>();
    for (const m of html.matchAll(LINK)) css.set(m[1], await (await fetch(`${s.url}${m[1]}`)).text());
    for (const v of variants) await loadOnce(browser, s.url, v, css); // warm-up
    const results = new Map<string, { lcp: number; fcp: number }[]>(variants.map((v) => [v.name, []]));
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 ? [...variants].reverse() : variants;
      for (const v of order) results.get(v.name)!.push(await loadOnce(browser, s.url, v, css));
      process.stdout.write('.');
    }
    console.log(`\n${rounds} rounds, CPU 4×, Pixel 7, cold context per load`);
    const blank = results.get('blank')!;
    for (const v of variants) {
      const r = results.get(v.name)!;
      const lcpRatio = median(r.map((x, i) => x.lcp / blank[i].lcp));
      const fcpRatio = median(r.map((x, i) => x.fcp / blank[i].fcp));
      console.log(
        `${v.name.padEnd(12)} FCP ${median(r.map((x) => x.fcp)).toFixed(0).padStart(5)} ms  LCP ${median(r.map((x) => x.lcp)).toFixed(0).padStart(5)} ms   ratio to blank: FCP ${fcpRatio.toFixed(2)}× LCP ${lcpRatio.toFixed(2)}×  (ratio of medians ${(median(r.map((x) => x.lcp)) / median(blank.map((x) => x.lcp))).toFixed(2)}×)`,
      );
    }
  });
}

runExperiment(main);
