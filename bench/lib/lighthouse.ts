/**
 * Lighthouse (the npm package) on Debian's Chromium, driven through puppeteer-core: its
 * default config, i.e. the mobile preset with simulated throttling (Moto G Power class
 * device, slow 4G), four categories. A navigation gives all four scores and the lab metrics;
 * a snapshot (a state reached by clicking, e.g. the checkout with boleto selected) gives
 * accessibility, best practices and SEO of what is on screen.
 */
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type { Browser, Page } from 'puppeteer-core';
import { median, round } from './stats';

export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
type Category = (typeof CATEGORIES)[number];

export type LighthouseRun = {
  scores: Partial<Record<Category, number>>;
  lcpMs?: number;
  tbtMs?: number;
  cls?: number;
  fcpMs?: number;
  finalUrl: string;
  /** Audits that lost points (id: title), for the report. */
  failing: string[];
  /** True when the page asks not to be indexed (robots meta). */
  noindex: boolean;
  /**
   * Simulated runs asked for it only (`countLcpScripts`): the script requests Lighthouse's
   * simulated LCP counted (its pessimistic graph). A chunk that finished before the largest paint of the real (unthrottled) load joins
   * that graph; this is what makes a page's simulated LCP jump from one run to the next.
   */
  lcpScripts?: number;
};

export type LanternNodeTiming = { kind: 'network' | 'cpu'; url?: string; resourceType?: string; startMs: number; endMs: number };

/**
 * The requests and main-thread tasks Lighthouse's simulated LCP was made of (its pessimistic
 * graph, which the simulation's LCP takes the mean of with the optimistic one), in simulated
 * time. Reads Lighthouse's own computed artifact: an internal module, so this is pinned to
 * lighthouse 12.
 */
export async function simulatedLcpGraph(result: { lhr: unknown; artifacts: unknown }): Promise<{ timingMs: number; optimisticMs: number; pessimisticMs: number; nodes: LanternNodeTiming[] }> {
  type LanternNode = { type: string; request?: { url: string; resourceType?: string } };
  type Estimate = { timeInMs: number; nodeTimings: Map<LanternNode, { startTime: number; endTime: number }> };
  const { LanternLargestContentfulPaint } = (await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js' as string)) as {
    LanternLargestContentfulPaint: { request(data: unknown, context: unknown): Promise<{ timing: number; optimisticEstimate: Estimate; pessimisticEstimate: Estimate }> };
  };
  const a = result.artifacts as Record<string, unknown>;
  const settings = (result.lhr as { configSettings: unknown }).configSettings;
  const lcp = await LanternLargestContentfulPaint.request(
    { trace: a.Trace, devtoolsLog: a.DevtoolsLog, gatherContext: a.GatherContext, settings, URL: a.URL, simulator: null, SourceMaps: a.SourceMaps ?? [] },
    { computedCache: new Map(), settings },
  );
  const nodes = [...lcp.pessimisticEstimate.nodeTimings.entries()]
    .sort((x, y) => x[1].endTime - y[1].endTime)
    .map(([node, t]): LanternNodeTiming => ({
      kind: node.type === 'network' ? 'network' : 'cpu',
      url: node.request?.url,
      resourceType: node.request?.resourceType,
      startMs: t.startTime,
      endMs: t.endTime,
    }));
  return { timingMs: lcp.timing, optimisticMs: lcp.optimisticEstimate.timeInMs, pessimisticMs: lcp.pessimisticEstimate.timeInMs, nodes };
}

export async function launchForLighthouse(): Promise<Browser> {
  const puppeteer = await import('puppeteer-core');
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-lh-'));
  return puppeteer.launch({
    executablePath: CHROME_PATH,
    headless: true,
    userDataDir,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
}

type Lhr = {
  finalDisplayedUrl: string;
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] }>;
  audits: Record<string, { score: number | null; scoreDisplayMode: string; title: string; numericValue?: number; details?: { items?: unknown[] } }>;
};

function summarise(lhr: Lhr): LighthouseRun {
  const scores: LighthouseRun['scores'] = {};
  for (const c of CATEGORIES) {
    const s = lhr.categories[c]?.score;
    if (typeof s === 'number') scores[c] = Math.round(s * 100);
  }
  const failing = new Set<string>();
  for (const c of CATEGORIES) {
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || a.scoreDisplayMode === 'notApplicable' || a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'manual') continue;
      if (ref.weight > 0 && a.score !== null && a.score < 0.9) failing.add(`${ref.id}${a.numericValue !== undefined ? ` (${round(a.numericValue, 2)})` : ''}`);
    }
  }
  const num = (id: string) => lhr.audits[id]?.numericValue;
  // What moved, when something did: a shift seen in one run of three is otherwise untraceable.
  if ((num('cumulative-layout-shift') ?? 0) > 0.01) {
    const items = (lhr.audits['layout-shifts']?.details?.items ?? []) as { node?: { selector?: string }; score?: number }[];
    for (const item of items.slice(0, 3)) failing.add(`shifted: ${item.node?.selector ?? '?'} (${round(item.score ?? 0, 3)})`);
  }
  const indexable = lhr.audits['is-crawlable'];
  return {
    scores,
    lcpMs: num('largest-contentful-paint'),
    tbtMs: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    fcpMs: num('first-contentful-paint'),
    finalUrl: lhr.finalDisplayedUrl,
    failing: [...failing],
    noindex: indexable ? indexable.score === 0 : false,
  };
}

async function freshPage(browser: Browser, base: string, cookies: { name: string; value: string }[]): Promise<Page> {
  const page = await browser.newPage();
  if (cookies.length) await browser.setCookie(...cookies.map((c) => ({ ...c, domain: new URL(base).hostname, path: '/' })));
  return page;
}

/**
 * How Lighthouse slows the load down: `simulate` (its default: an unthrottled load replayed on
 * slow 4G and a 4× slower CPU by its model) or `devtools` (Chromium really throttles the
 * network and the CPU during the load, so the figure does not hang on which request happened to
 * finish first on loopback).
 */
export type Throttling = 'simulate' | 'devtools';

/**
 * What a run scores: every category, or performance alone. The accessibility, best-practices
 * and SEO audits read the page's markup, which is the same on every load, so one run of a page
 * needs them; its other runs are for the timings (and cost a fifth less without them).
 */
export type Scope = 'all' | 'performance';

/**
 * One Lighthouse navigation of base+path (cookies set first: a cart). Lighthouse sometimes
 * loses its own trace on a busy host (NO_NAVSTART, NO_FCP): such a run is retried, twice at most.
 */
export async function navigationRun(
  browser: Browser,
  base: string,
  pathname: string,
  cookies: { name: string; value: string }[] = [],
  throttling: Throttling = 'simulate',
  scope: Scope = 'all',
  countLcpScripts = false,
): Promise<LighthouseRun> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await navigationOnce(browser, base, pathname, cookies, throttling, scope, countLcpScripts);
    } catch (e) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|trace/i.test(String(e))) throw e;
    }
  }
}

async function navigationOnce(
  browser: Browser,
  base: string,
  pathname: string,
  cookies: { name: string; value: string }[],
  throttling: Throttling,
  scope: Scope,
  countLcpScripts: boolean,
): Promise<LighthouseRun> {
  const { default: lighthouse } = await import('lighthouse');
  const page = await freshPage(browser, base, cookies);
  try {
    const result = await lighthouse(`${base}${pathname}`, { logLevel: 'error', output: 'json', onlyCategories: scope === 'all' ? [...CATEGORIES] : ['performance'], throttlingMethod: throttling }, undefined, page);
    if (!result) throw new Error(`lighthouse gave no result for ${pathname}`);
    if (result.lhr.runtimeError) throw new Error(`lighthouse ${pathname}: ${result.lhr.runtimeError.message}`);
    const run = summarise(result.lhr as unknown as Lhr);
    // Lantern's graph is computed again for this: only the runs that ask pay for it.
    if (countLcpScripts && throttling === 'simulate') run.lcpScripts = (await simulatedLcpGraph(result)).nodes.filter((n) => n.kind === 'network' && n.resourceType === 'Script').length;
    return run;
  } finally {
    await page.close();
  }
}

/** A snapshot after `act` (e.g. choosing boleto on the checkout): accessibility, best practices, SEO. */
export async function snapshotRun(
  browser: Browser,
  base: string,
  pathname: string,
  act: (page: Page) => Promise<void>,
  cookies: { name: string; value: string }[] = [],
): Promise<LighthouseRun> {
  const { snapshot } = await import('lighthouse');
  const page = await freshPage(browser, base, cookies);
  try {
    await page.goto(`${base}${pathname}`, { waitUntil: 'networkidle0' });
    await act(page);
    const result = await snapshot(page, { config: { extends: 'lighthouse:default', settings: { onlyCategories: [...CATEGORIES] } } });
    if (!result) throw new Error(`lighthouse snapshot gave no result for ${pathname}`);
    return summarise(result.lhr as unknown as Lhr);
  } finally {
    await page.close();
  }
}

export type PageFigures = {
  page: string;
  path: string;
  runs: number;
  performance?: number;
  accessibility?: number;
  bestPractices?: number;
  seo?: number;
  lcpMs?: number;
  /** Every run's LCP, in run order: the median hides how bimodal it is (BENCHMARKS.md T5). */
  lcpRunsMs: number[];
  tbtMs?: number;
  cls?: number;
  noindex: boolean;
  failing: string[];
};

const med = (xs: (number | undefined)[]) => {
  const v = xs.filter((x): x is number => typeof x === 'number');
  return v.length ? median(v) : undefined;
};

/** Medians over the runs, score by score and metric by metric; audits failing in any run. */
export function medianFigures(page: string, pathname: string, runs: LighthouseRun[]): PageFigures {
  return {
    page,
    path: pathname,
    runs: runs.length,
    performance: med(runs.map((r) => r.scores.performance)),
    accessibility: med(runs.map((r) => r.scores.accessibility)),
    bestPractices: med(runs.map((r) => r.scores['best-practices'])),
    seo: med(runs.map((r) => r.scores.seo)),
    lcpMs: med(runs.map((r) => r.lcpMs)),
    lcpRunsMs: runs.flatMap((r) => (typeof r.lcpMs === 'number' ? [Math.round(r.lcpMs)] : [])),
    tbtMs: med(runs.map((r) => r.tbtMs)),
    cls: med(runs.map((r) => r.cls)),
    noindex: runs.some((r) => r.noindex),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
  };
}
