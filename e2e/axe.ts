/**
 * Accessibility in every journey: axe-core (WCAG 2.2 A/AA rules) on the page as it is shown
 * at that moment. Call it on every page a journey visits, in the states a person sees (a form
 * with its errors shown, an order before and after payment), so a regression fails `npm test`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { source as AXE_SOURCE, type Result } from 'axe-core';
import { e2eRunKey } from '../scripts/e2e-run-key.mjs';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

export type AxeOptions = {
  /** CSS selectors left out of the scan (for a third party's markup; never for our own). */
  exclude?: string[];
  /** Only this part of the page (e.g. an open dialog). */
  include?: string;
  /** Rules turned off, each with a reason a reviewer can check (kept rare on purpose). */
  disableRules?: Record<string, string>;
};

/**
 * Scans that passed in this run, by the page's state (stateOf): the same page in the same
 * state — a checkout form filled in by another journey, an order page paid for another buyer —
 * is scanned once per run, whichever worker saw it first. A scan that fails is never recorded,
 * so it fails again next time. The workers share them as one empty file per state, in a folder
 * named by the run as its seeded shop is (scripts/e2e-server.mjs, which clears older runs').
 */
const passed = new Set<string>();
// The run's random owner password names it (playwright.config.ts); without one, this worker's only.
const RUN_PASSWORD = process.env.E2E_OWNER_PASSWORD;
const PASSED_DIR = RUN_PASSWORD ? path.resolve('data', `e2e-axe-${e2eRunKey(RUN_PASSWORD)}`) : undefined;
const counts = { scanned: 0, skipped: 0 };

function passedBefore(state: string): boolean {
  if (passed.has(state)) return true;
  if (!PASSED_DIR || !fs.existsSync(path.join(PASSED_DIR, state))) return false;
  passed.add(state);
  return true;
}

function recordPassed(state: string) {
  passed.add(state);
  if (!PASSED_DIR) return;
  fs.mkdirSync(PASSED_DIR, { recursive: true });
  fs.writeFileSync(path.join(PASSED_DIR, state), '');
}

/** How many scans ran and how many were skipped as already passed, in this worker (e2e/axe-self.spec.ts). */
export function axeScanCounts(): Readonly<typeof counts> {
  return { ...counts };
}

/** Whether the page has a non-empty title within 3 s. */
const titleIsBack = (page: Page) =>
  page
    .waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 3000 })
    .then(() => true)
    .catch(() => false);

export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  const where = new URL(page.url()).pathname;
  // The scan reads computed styles: wait for fonts so contrast and sizes are the final ones.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Next streams a page's metadata: while a router.refresh() re-renders the page (an order
  // page polling its status) the <title> can be out of the document for a moment. Give it
  // that moment; a page without a title still fails the scan below.
  await titleIsBack(page);
  // A page with frames is always scanned: the state of what is inside them is not read here.
  const state = page.frames().length > 1 ? undefined : await stateOf(page, options);
  if (state && passedBefore(state)) {
    counts.skipped += 1;
    await test.step(`skip axe ${where} (this state passed already)`, () => undefined, { box: true });
    return;
  }
  await test.step(`axe ${where}`, () => scan(page, options), { box: true });
  counts.scanned += 1;
  if (state) recordPassed(state);
}

/**
 * What axe's WCAG rules read of a page, without what differs between two buyers or two orders:
 * the viewport, the focused element, and every element with its attributes — values of those
 * that shape roles, names, relations and styles, only present-or-empty for free text (aria-label,
 * alt, title, href …) — and whether each text node is empty; the CSS inlined in <style>. Scripts
 * and the values typed into fields are left out (a CSP nonce, the RSC payload, a buyer's name),
 * and a run of identical siblings counts once (an order of two items reads as one of three).
 */
async function stateOf(page: Page, options: AxeOptions): Promise<string> {
  const dom = await page.evaluate(() => {
    const FREE_TEXT = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'aria-placeholder', 'alt', 'title', 'placeholder', 'value', 'href', 'src', 'srcset', 'action', 'formaction', 'nonce', 'integrity', 'datetime', 'download']);
    const active = document.activeElement;
    // One element and what is inside it; a run of identical siblings (a list's items, a table's
    // rows that differ only in their words) counts once, unless they carry ids (duplicate ids).
    const walk = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent?.trim() ? '#' : '';
      if (!(node instanceof Element)) return '';
      const tag = node.tagName.toLowerCase();
      if (tag === 'script') return '';
      const attrs = [...node.attributes]
        .map((a) => (FREE_TEXT.has(a.name) ? `${a.name}${a.value.trim() ? '+' : '-'}` : `${a.name}=${a.value}`))
        .sort();
      const live: string[] = [];
      if (node === active) live.push('focus');
      if (node instanceof HTMLInputElement && (node.type === 'checkbox' || node.type === 'radio') && node.checked) live.push('checked');
      if (node instanceof HTMLDetailsElement && node.open) live.push('open');
      if (node instanceof HTMLDialogElement && node.open) live.push('open');
      if (tag === 'style') live.push(`css=${node.textContent ?? ''}`);
      const children: string[] = [];
      for (const child of node.childNodes) {
        const part = walk(child);
        if (part && !(part === children[children.length - 1] && !part.includes(' id='))) children.push(part);
      }
      return `<${tag} ${attrs.join(' ')}${live.length ? ` !${live.join(' !')}` : ''}>${children.join('')}</>`;
    };
    return `${window.innerWidth}x${window.innerHeight}@${window.devicePixelRatio}${walk(document.documentElement)}`;
  });
  return createHash('sha256').update(JSON.stringify(options)).update('\0').update(dom).digest('hex');
}

async function scan(page: Page, options: AxeOptions): Promise<void> {
  const run = () => (page.frames().length > 1 ? scanWithFrames(page, options) : scanDocument(page, options));
  let violations = await run();
  // The title waited for above can still leave for a moment during the scan, when the page's
  // status poll re-renders it (router.refresh) while axe reads the head. Only when it is the one
  // finding and the title is back does the page get a second, full scan; a page without a title
  // fails both.
  if (violations.length === 1 && violations[0].id === 'document-title' && (await titleIsBack(page))) violations = await run();
  const report = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
  }));
  expect(report, `axe (WCAG 2.2 A/AA) on ${page.url()}:\n${JSON.stringify(report, null, 2)}`).toEqual([]);
}

/**
 * A page without frames: axe-core is injected once per document and run in the page itself.
 * AxeBuilder would inject it two or three times per scan and finish every scan in a new tab,
 * which made a scan cost about twice as much; the rules and the results are the same.
 */
async function scanDocument(page: Page, options: AxeOptions): Promise<Result[]> {
  const injected = await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function');
  if (!injected) await page.evaluate(AXE_SOURCE);
  // axe's context: the whole document unless a part is named or left out.
  const context: { include?: string[]; exclude?: string[] } = {};
  if (options.include) context.include = [options.include];
  if (options.exclude?.length) context.exclude = options.exclude;
  const runOptions = {
    runOnly: { type: 'tag', values: [...WCAG_TAGS] },
    rules: Object.fromEntries(Object.keys(options.disableRules ?? {}).map((id) => [id, { enabled: false }])),
    resultTypes: ['violations'],
    iframes: false,
  };
  return page.evaluate(
    async ({ context, runOptions }) => {
      const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Result[] }> } }).axe;
      return (await axe.run(Object.keys(context).length ? context : document, runOptions)).violations;
    },
    { context, runOptions },
  );
}

/** A page with frames (the mail catcher's message): AxeBuilder follows axe into each frame. */
async function scanWithFrames(page: Page, options: AxeOptions): Promise<Result[]> {
  let builder = new AxeBuilder({ page, axeSource: AXE_SOURCE }).withTags([...WCAG_TAGS]);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const disabled = Object.keys(options.disableRules ?? {});
  if (disabled.length) builder = builder.disableRules(disabled);
  return (await builder.analyze()).violations;
}
