/** Debian's Chromium through Playwright, as the e2e suite runs it (Pixel 7 mobile profile). */
import { chromium, devices, type Browser, type BrowserContext } from '@playwright/test';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--no-first-run'];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
}

export async function mobileContext(browser: Browser, base: string, cookies: { name: string; value: string }[] = []): Promise<BrowserContext> {
  const { defaultBrowserType: _ignored, ...pixel7 } = devices['Pixel 7'];
  const context = await browser.newContext({ ...pixel7, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  if (cookies.length) await context.addCookies(cookies.map((c) => ({ ...c, url: base })));
  return context;
}
