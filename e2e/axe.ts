/**
 * Accessibility in every journey: axe-core (WCAG 2.2 A/AA rules) on the page as it is shown
 * at that moment. Call it on every page a journey visits, in the states a person sees (a form
 * with its errors shown, an order before and after payment), so a regression fails `npm test`.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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
  // The scan reads computed styles: wait for fonts so contrast and sizes are the final ones.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Next streams a page's metadata: while a router.refresh() re-renders the page (an order
  // page polling its status) the <title> can be out of the document for a moment. Give it
  // that moment; a page without a title still fails the scan below.
  await page.waitForFunction(() => document.title.trim() !== '', undefined, { timeout: 3000 }).catch(() => undefined);
  let builder = new AxeBuilder({ page }).withTags([...WCAG_TAGS]);
  if (options.include) builder = builder.include(options.include);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const disabled = Object.keys(options.disableRules ?? {});
  if (disabled.length) builder = builder.disableRules(disabled);
  const { violations } = await builder.analyze();
  const report = violations.map((v) => ({
    rule: v.id,
    impact: v.impact,
    help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => ({ target: n.target.join(' '), summary: n.failureSummary })),
  }));
  expect(report, `axe (WCAG 2.2 A/AA) on ${page.url()}:\n${JSON.stringify(report, null, 2)}`).toEqual([]);
}
