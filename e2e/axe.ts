/**
 * Accessibility in every journey: axe-core (WCAG 2.2 A/AA rules) on the page as it is shown
 * at that moment. Call it on every page a journey visits, in the states a person sees (a form
 * with its errors shown, an order before and after payment), so a regression fails `npm test`.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { source as AXE_SOURCE, type Result } from 'axe-core';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const;

export type AxeOptions = {
  /** CSS selectors left out of the scan (for a third party's markup; never for our own). */
  exclude?: string[];
  /** Only this part of the page (e.g. an open dialog). */
  include?: string;
  /** Rules turned off, each with a reason a reviewer can check (kept rare on purpose). */
  disableRules?: Record<string, string>;
};

export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}): Promise<void> {
  await test.step(`axe ${new URL(page.url()).pathname}`, () => scan(page, options), { box: true });
}

async function scan(page: Page, options: AxeOptions): Promise<void> {
  // The scan reads computed styles: wait for fonts so contrast and sizes are the final ones.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Next streams a page's metadata: while a router.refresh() re-renders the page (an order
  // page polling its status) the <title> can be out of the document for a moment. Give it
  // that moment; a page without a title still fails the scan below.
  await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 3000 }).catch(() => undefined);
  const violations = page.frames().length > 1 ? await scanWithFrames(page, options) : await scanDocument(page, options);
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
