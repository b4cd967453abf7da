/**
 * The accessibility scan itself: a page with known violations must fail it, a clean page
 * must pass, and a part left out (exclude) or a rule turned off must not be reported. No
 * server needed: the pages are set in place.
 */
import { expect, test } from '@playwright/test';
import { axeScanCounts, expectNoAxeViolations } from './axe';

const BROKEN = `<!doctype html><html lang="pt-BR"><head><title>Quebrada</title></head><body><main>
  <h1>Página quebrada</h1>
  <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" class="photo">
  <p style="color:#bbb;background:#fff" class="faint">Texto claro demais</p>
</main></body></html>`;

test('a page with an image without alt and low contrast fails; a clean one passes', async ({ page }) => {
  await page.setContent(BROKEN);
  const failure = await expectNoAxeViolations(page).then(() => null, (error: Error) => error.message);
  expect(failure).toContain('image-alt');
  expect(failure).toContain('color-contrast');

  // A second scan of the same document (axe already injected) still sees them.
  const again = await expectNoAxeViolations(page).then(() => null, (error: Error) => error.message);
  expect(again).toContain('image-alt');

  // Left out or turned off, they are not reported.
  await expectNoAxeViolations(page, { exclude: ['img.photo'], disableRules: { 'color-contrast': 'checked here' } });
  await expectNoAxeViolations(page, { include: 'h1' });

  await page.setContent('<!doctype html><html lang="pt-BR"><head><title>Limpa</title></head><body><main><h1>Tudo certo</h1></main></body></html>');
  await expectNoAxeViolations(page);
});

test('a page without a title fails, however long it is given; one whose title leaves for a moment during the scan passes', async ({ page }) => {
  await page.setContent('<!doctype html><html lang="pt-BR"><head></head><body><main><h1>Sem título</h1></main></body></html>');
  const failure = await expectNoAxeViolations(page).then(() => null, (error: Error) => error.message);
  expect(failure).toContain('document-title');

  // The title leaves as axe starts (the first scan sees none) and is back 200 ms later, as when a
  // status poll re-renders the page's head: the second scan sees it.
  await page.setContent('<!doctype html><html lang="pt-BR"><head><title>Pedido</title></head><body><main><h1>Com título</h1><h2>Um estado que nenhum outro teste varre</h2></main></body></html>');
  await page.evaluate(() => {
    type Axe = { run?: (...args: unknown[]) => Promise<unknown> };
    let axe: Axe | undefined;
    let wrapped = false;
    // axe-core sets window.axe as it loads and adds run() after: the first read that finds run()
    // wraps it, so that its first run starts with the title gone.
    Object.defineProperty(window, 'axe', {
      configurable: true,
      set: (value: Axe) => (axe = value),
      get: () => {
        if (axe?.run && !wrapped) {
          wrapped = true;
          const run = axe.run.bind(axe);
          let first = true;
          axe.run = (...args: unknown[]) => {
            if (first) {
              first = false;
              const title = document.querySelector('title')!;
              title.remove();
              setTimeout(() => document.head.append(title), 200);
            }
            return run(...args);
          };
        }
        return axe;
      },
    });
  });
  await expectNoAxeViolations(page);
});

test('a page with a frame is scanned into the frame', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="pt-BR"><head><title>Com moldura</title></head><body><main>
    <h1>Moldura</h1><iframe title="Conteúdo" srcdoc="<img src='data:image/gif;base64,R0lGODlhAQABAAAAACw='>"></iframe></main></body></html>`);
  await expect.poll(() => page.frames().length).toBe(2);
  const failure = await expectNoAxeViolations(page).then(() => null, (error: Error) => error.message);
  expect(failure).toContain('image-alt');
});

test('a state that passed is not scanned again; any change a rule could see is', async ({ page }) => {
  const CLEAN = `<!doctype html><html lang="pt-BR"><head><title>Pedido</title></head><body><main>
    <h1>Pedido <span>ABC123</span></h1><ul><li>Café</li><li>Caneca</li></ul><p class="total">Total: R$ 10,00</p><div id="extra"></div></main></body></html>`;
  await page.setContent(CLEAN);
  await expectNoAxeViolations(page);
  const before = axeScanCounts();

  // Another order in the same state: only the words and the number of items differ.
  await page.setContent(CLEAN.replace('ABC123', 'XYZ789').replace('10,00', '99,90').replace('<li>Caneca</li>', '<li>Caneca</li><li>Prensa</li>'));
  await expectNoAxeViolations(page);
  expect(axeScanCounts()).toEqual({ scanned: before.scanned, skipped: before.skipped + 1 });

  // An element added, an inline style, or an attribute that changes what a rule reads: scanned, and failing.
  const changes: Array<(el: HTMLElement) => void> = [
    (el) => (el.innerHTML = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">'),
    (el) => (el.innerHTML = '<p style="color:#bbb;background:#fff">Texto claro demais</p>'),
    () => document.documentElement.removeAttribute('lang'),
  ];
  for (const change of changes) {
    await page.setContent(CLEAN);
    await page.locator('#extra').evaluate(change);
    const failure = await expectNoAxeViolations(page).then(() => null, (error: Error) => error.message);
    expect(failure).toMatch(/image-alt|color-contrast|html-has-lang/);
  }
  // The same words at another width: scanned again (styles may differ).
  await page.setContent(CLEAN);
  await page.setViewportSize({ width: 1280, height: 900 });
  const scanned = axeScanCounts().scanned;
  await expectNoAxeViolations(page);
  expect(axeScanCounts().scanned).toBe(scanned + 1);
});
