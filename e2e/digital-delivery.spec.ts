/**
 * Digital delivery: a shopper buys the seed's e-book with Pix; nothing of it shows before "Pago";
 * once paid the order page offers "Baixar". The signed link (the e-mail's) opens a page that a
 * mail scanner may fetch without spending a use; its "Baixar" downloads the file byte for byte
 * and opens a download session whose range requests spend nothing more. The merchant sees the access on the order; the demonstration account
 * cannot take the buyer's file (disabled controls with the reason, the route refuses); the owner
 * re-sends the access.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addToCart, appQuery, DEMO, fillPix, payWithCode, signIn, tokenFromUrl } from './shop-helpers';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

test('the e-book: bought with Pix, paid in the sandbox, "Baixar" downloads it byte for byte; the demo account gets no download', async ({ page, browser, request }) => {
  await addToCart(page, 'ebook-guia-do-cafe-coado');
  await page.goto('/checkout');
  // Nothing to ship: no address asked.
  await expect(page.getByRole('textbox', { name: 'CEP' })).toHaveCount(0);
  await fillPix(page, { email: 'leitora@exemplo.com.br' });
  await page.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(page).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(page.url());
  // Before "Pago": nothing of it reachable.
  await expect(page.getByTestId('digital-access')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /Baixar/ })).toHaveCount(0);

  await payWithCode(request, await page.getByLabel('Pix copia e cola').inputValue());
  await expect(page.getByTestId('order-status')).toHaveText('Pago', { timeout: 20_000 });
  const offer = page.getByTestId('digital-access');
  await expect(offer).toBeVisible({ timeout: 20_000 });
  await expect(offer.getByRole('heading', { name: 'Seu produto digital' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The e-mail's link opens the product's page. A mail scanner fetching it (GET, HEAD) spends nothing.
  const start = await offer.locator('form').getAttribute('action');
  expect(start).toMatch(/^\/d\/[^/]+\/baixar$/);
  const link = start!.replace(/\/baixar$/, '');
  expect((await request.get(link, { maxRedirects: 0 })).status()).toBe(200);
  expect((await request.head(link, { maxRedirects: 0 })).status()).toBe(200);
  expect((await request.get(start!, { maxRedirects: 0 })).status()).toBe(303);
  expect(appQuery<{ n: number }>('select count(*) as n from digital_access a join orders o on o.id = a.order_id where o.token = ?', token)[0].n).toBe(0);

  await page.goto(link);
  const linkPage = page.getByTestId('digital-link');
  await expect(linkPage.getByRole('heading', { name: 'E-book: Guia do café coado' })).toBeVisible();
  await expect(linkPage).toContainText('ainda pode ser usado 5 de 5 vezes');
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([page.waitForEvent('download'), linkPage.getByRole('button', { name: 'Baixar' }).click()]);
  expect(download.suggestedFilename()).toBe('guia-do-cafe-coado.pdf');
  const got = await readFile((await download.path())!);
  const stored = Buffer.concat(
    appQuery<{ bytes: Buffer }>(
      `select c.bytes from digital_file_chunks c join product_digital d on d.file_id = c.file_id join products p on p.id = d.product_id where p.slug = 'ebook-guia-do-cafe-coado' order by c.seq`,
    ).map((r) => r.bytes),
  );
  expect(got.subarray(0, 5).toString()).toBe('%PDF-');
  expect(sha(got)).toBe(sha(stored));

  // The press opened a download session: a player's ranges within it spend no further use.
  const session = download.url();
  expect(session).toMatch(/\/baixar\?sessao=1\./);
  const part = await request.get(session, { headers: { Range: 'bytes=0-99' } });
  expect(part.status()).toBe(206);
  expect(part.headers()['content-range']).toBe(`bytes 0-99/${stored.byteLength}`);
  expect((await part.body()).equals(stored.subarray(0, 100))).toBe(true);
  expect((await request.get(session, { headers: { Range: `bytes=${stored.byteLength}-` } })).status()).toBe(416);
  // The session's page offers the same download again, spending nothing; a broken link says why.
  await page.goto(`${link}?sessao=${new URL(session).searchParams.get('sessao')}`);
  await expect(page.getByTestId('digital-opened').getByRole('link', { name: 'Baixar' })).toHaveAttribute('href', new URL(session).pathname + new URL(session).search);
  await expectNoAxeViolations(page);
  await page.goto('/d/1.0.1.nope');
  await expect(page.getByTestId('digital-refused')).toHaveText('Este link de acesso não é válido.');
  await expectNoAxeViolations(page);

  // Counted and logged; the order (nothing to ship) counts as delivered, once.
  const [order] = appQuery<{ id: string; fulfillment_status: string }>('select id, fulfillment_status from orders where token = ?', token);
  expect(order.fulfillment_status).toBe('delivered');
  expect(appQuery<{ n: number }>(`select count(*) as n from payment_events where order_id = ? and type = 'digital_accessed'`, order.id)[0].n).toBe(1);

  // The demonstration account (another browser): sees the access, may not re-send, revoke nor download.
  const demo = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const tab = await demo.newPage();
  await signIn(tab, `/dashboard/orders/${order.id}`, DEMO);
  const card = tab.getByTestId('digital-card');
  await expect(card).toContainText('Usado 1 de 5 vezes');
  await expect(card).toContainText('Entregue: acessado pela primeira vez');
  await expect(card.getByRole('button', { name: 'Reenviar acesso' })).toBeDisabled();
  await expect(card.getByTestId('permission-note').first()).toHaveText('Conta de demonstração: não pode baixar os arquivos dos compradores nem reenviar ou revogar acessos.');
  await expectNoAxeViolations(tab);
  const [{ id: productId }] = appQuery<{ id: number }>(`select id from products where slug = 'ebook-guia-do-cafe-coado'`);
  expect((await tab.request.get(`/api/dashboard/products/${productId}/digital`)).status()).toBe(403);
  await tab.goto(`/dashboard/produtos/${productId}`);
  await expect(tab.getByTestId('digital-current')).toContainText('Arquivo guia-do-cafe-coado.pdf');
  await expect(tab.getByTestId('digital-current').getByRole('link', { name: 'Baixar' })).toHaveCount(0);
  await expectNoAxeViolations(tab);
  await demo.close();

  // The owner: "Reenviar acesso" renews the link and queues the paid e-mail again; the product's section offers its file.
  await signIn(page, `/dashboard/orders/${order.id}`);
  await page.getByTestId('digital-card').getByRole('button', { name: 'Reenviar acesso' }).click();
  await expect(page.getByTestId('digital-card')).toContainText('Acesso reenviado');
  await expect(page.getByTestId('digital-card')).toContainText('Usado 0 de 5 vezes');
  expect(appQuery<{ n: number }>(`select count(*) as n from email_outbox where order_id = ? and dedupe_key = ?`, order.id, `email:${order.id}:paid:access:1`)[0].n).toBe(1);
  await expectNoAxeViolations(page);
  await page.goto(`/dashboard/produtos/${productId}`);
  await expect(page.getByTestId('digital-current').getByRole('link', { name: 'Baixar' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Arquivo/ })).toBeChecked();
  await expectNoAxeViolations(page);
});
