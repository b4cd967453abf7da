/**
 * The accessibility scan itself: a page with known violations must fail it, a clean page
 * must pass, and a part left out (exclude) or a rule turned off must not be reported. No
 * server needed: the pages are set in place.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';

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

test('a page with a frame is scanned into the frame', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="pt-BR"><head><title>Com moldura</title></head><body><main>
    <h1>Moldura</h1><iframe title="Conteúdo" srcdoc="<img src='data:image/gif;base64,R0lGODlhAQABAAAAACw='>"></iframe></main></body></html>`);
  await expect.poll(() => page.frames().length).toBe(2);
  const failure = await expectNoAxeViolations(page).then(() => null, (error: Error) => error.message);
  expect(failure).toContain('image-alt');
});
