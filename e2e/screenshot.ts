/**
 * Pictures of the pages the journeys walk: the README's (docs/screenshots) and others for a
 * person to look at (test-results/). A full-page picture costs about as much as a navigation,
 * so they are taken only when asked: UPDATE_SCREENSHOTS=1 writes them all. Whatever a journey
 * asserts around a picture (what it shows, no sideways scroll, the axe scan of its state) is
 * checked on every run.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page, PageScreenshotOptions } from '@playwright/test';

export const UPDATE_SCREENSHOTS = process.env.UPDATE_SCREENSHOTS === '1';

/** Where the README's pictures go: docs/screenshots when refreshing them (SCREENSHOT_DIR overrides). */
export const SCREENSHOT_DIR = process.env.SCREENSHOT_DIR ?? (UPDATE_SCREENSHOTS ? 'docs/screenshots' : 'test-results/screenshots');

export async function screenshot(page: Page, options: PageScreenshotOptions & { path: string }): Promise<void> {
  if (!UPDATE_SCREENSHOTS) return;
  fs.mkdirSync(path.dirname(options.path), { recursive: true });
  await page.screenshot(options);
}
