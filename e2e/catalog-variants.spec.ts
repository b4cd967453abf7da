/**
 * Variants, end to end: the merchant creates a T-shirt with two options ("Tamanho", "Cor"),
 * sets one variant's stock to 1 in the grid and puts it in "Roupas"; a shopper finds it by
 * search and through the category menu, picks "M / Preto" (radio groups of
 * buttons, the choice in the URL) and pays with Pix; that variant then shows "Esgotado" while
 * the others stay on sale; the merchant sees the variant on the order, in the CSV and on the
 * declaração de conteúdo. axe on every new page and state.
 */
import { expect, test } from '@playwright/test';
import { pdfPagesText } from '../test/fulfilment/pdf-text';
import { expectNoAxeViolations } from './axe';
import { appQuery, fillPix, payWithCode, signIn, tokenFromUrl, unquotedCsv } from './shop-helpers';

const NAME = `Camiseta básica ${Date.now().toString(36)}`;

test('a T-shirt in sizes and colours: one variant sold out by a Pix sale, the others still on sale; the merchant sees the variant everywhere', async ({ page, browser, request }) => {
  test.setTimeout(180_000);
  await signIn(page, '/dashboard/produtos/novo');
  await page.getByLabel('Nome').fill(NAME);
  await page.getByLabel('Preço').fill('49,90');
  await page.getByLabel('Peso (g)').fill('200');
  await page.getByLabel('Altura (cm)').fill('3');
  await page.getByLabel('Largura (cm)').fill('25');
  await page.getByLabel('Comprimento (cm)').fill('30');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page).toHaveURL(/\/dashboard\/produtos\/\d+\?criado=1$/);
  const productId = Number(/produtos\/(\d+)/.exec(page.url())![1]);

  // Two options: every combination at once.
  await page.getByLabel('Nome da opção').fill('Tamanho');
  await page.getByLabel('Valores').fill('P, M, G');
  await page.getByRole('button', { name: 'Adicionar opção' }).click();
  await page.getByLabel('Nome da opção').nth(1).fill('Cor');
  await page.getByLabel('Valores').nth(1).fill('Preto, Branco');
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Opções salvas: 6 variantes.')).toBeVisible();
  await page.reload();
  const grid = page.getByRole('table');
  await expect(grid.getByRole('columnheader')).toHaveText(['Variante', 'SKU', 'Preço', 'Estoque', 'Peso (g)', 'Altura (cm)', 'Largura (cm)', 'Comprimento (cm)', 'NCM', 'Origem', 'GTIN', 'Ativa']);
  await expect(grid.getByRole('rowheader')).toHaveText(['P / Preto', 'P / Branco', 'M / Preto', 'M / Branco', 'G / Preto', 'G / Branco']);
  for (const v of ['P / Preto', 'P / Branco', 'M / Branco', 'G / Preto', 'G / Branco']) await page.getByLabel(`Estoque: ${v}`).fill('10');
  await page.getByLabel('Estoque: M / Preto').fill('1');
  await page.getByLabel('SKU: M / Preto').fill(`CAM-M-PRETO-${productId}`);
  // In the "Roupas" category, saved with the grid by the one "Salvar produto".
  await page.getByRole('checkbox', { name: 'Roupas' }).check();
  await page.getByRole('button', { name: 'Salvar produto' }).click();
  await expect(page.getByText('Produto salvo.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/dashboard/produtos/categorias');
  await expect(page.getByRole('heading', { name: 'Nova categoria' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The shopper, on a phone: picks "M" then "Preto"; the URL names the variant.
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 412, height: 915 } });
  const shop = await context.newPage();
  const slug = appQuery<{ slug: string }>('select slug from products where id = ?', productId)[0].slug;
  // Found by search (any case, no accents) and through its category in the header's menu.
  await shop.goto('/');
  await shop.getByRole('navigation', { name: 'Categorias' }).getByRole('link', { name: 'Buscar produtos' }).click();
  await shop.getByLabel('Buscar produtos').fill(`CAMISETA BASICA ${NAME.split(' ').pop()}`);
  await shop.getByRole('button', { name: 'Buscar' }).click();
  await expect(shop).toHaveURL(/\/busca\?q=/);
  await expect(shop.getByRole('list', { name: 'Produtos' }).getByRole('link', { name: NAME })).toBeVisible();
  await expectNoAxeViolations(shop);
  await shop.goto('/busca?q=nada-parecido-xyz');
  await expect(shop.getByText('Nenhum produto encontrado para “nada-parecido-xyz”', { exact: false })).toBeVisible();
  await expect(shop.getByRole('main').getByRole('link', { name: 'Roupas' })).toBeVisible();
  await expectNoAxeViolations(shop);
  await shop.getByRole('navigation', { name: 'Categorias' }).getByRole('link', { name: 'Roupas' }).click();
  await expect(shop).toHaveURL(/\/categorias\/roupas$/);
  await expect(shop.getByRole('heading', { name: 'Roupas', level: 1 })).toBeVisible();
  await expect(shop.locator('link[rel=canonical]')).toHaveAttribute('href', /\/categorias\/roupas$/);
  await expect(shop.locator('meta[property="og:title"]')).toHaveAttribute('content', /^Roupas — /);
  await expectNoAxeViolations(shop);
  await shop.getByRole('list', { name: 'Produtos' }).getByRole('link', { name: NAME }).click();
  await expect(shop).toHaveURL(new RegExp(`/products/${slug}$`));
  await expect(shop.getByRole('radiogroup', { name: 'Tamanho' })).toBeVisible();
  await shop.getByRole('radiogroup', { name: 'Cor' }).getByRole('radio', { name: 'Branco' }).click();
  await expect(shop.getByRole('radiogroup', { name: 'Cor' }).getByRole('radio', { name: 'Branco' })).toHaveAttribute('aria-checked', 'true');
  await shop.getByRole('radiogroup', { name: 'Tamanho' }).getByRole('radio', { name: 'M' }).click();
  await expect(shop.getByRole('radiogroup', { name: 'Tamanho' }).getByRole('radio', { name: 'M' })).toHaveAttribute('aria-checked', 'true');
  await shop.getByRole('radiogroup', { name: 'Cor' }).getByRole('radio', { name: 'Preto' }).click();
  await expect(shop.getByRole('radiogroup', { name: 'Cor' }).getByRole('radio', { name: 'Preto' })).toHaveAttribute('aria-checked', 'true');
  await expect(shop.getByRole('radiogroup', { name: 'Tamanho' }).getByRole('radio', { name: 'M' })).toHaveAttribute('aria-checked', 'true');
  await expect(shop).toHaveURL(/\?variante=\d+$/);
  const mPreto = shop.url();
  await expect(shop.getByText('Última unidade')).toBeVisible();
  await expectNoAxeViolations(shop);
  await shop.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
  await expect(shop).toHaveURL(/\/cart$/);
  await expect(shop.getByRole('link', { name: `${NAME} — M / Preto` })).toBeVisible();
  await shop.goto('/checkout');
  // On a phone the summary is folded: the line is there, named by its variant.
  await expect(shop.getByText(`1 × ${NAME} — M / Preto`).first()).toBeAttached();
  await fillPix(shop);
  await shop.getByRole('button', { name: 'Pagar com Pix' }).click();
  await expect(shop).toHaveURL(/\/orders\/[A-Za-z0-9_-]{20,}$/, { timeout: 20_000 });
  const token = tokenFromUrl(shop.url());
  await payWithCode(request, await shop.getByLabel('Pix copia e cola').inputValue());
  await expect(shop.getByText('Pago', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  await expect(shop.getByText(`${NAME} — M / Preto`).first()).toBeVisible();

  // That variant is sold out (even by its shared link); the others are still on sale.
  await shop.goto(mPreto);
  await expect(shop.getByText('Esgotado', { exact: true })).toBeVisible();
  await expect(shop.getByRole('button', { name: 'Adicionar ao carrinho' })).toHaveCount(0);
  await expectNoAxeViolations(shop);
  await shop.goto(`/products/${slug}`);
  await expect(shop.getByRole('button', { name: 'Adicionar ao carrinho' })).toBeVisible();
  // From "P / Preto", "M" would make the sold-out "M / Preto": it cannot be chosen.
  await expect(shop.getByRole('radiogroup', { name: 'Tamanho' }).getByRole('radio', { name: 'M (esgotado)' })).toHaveAttribute('aria-disabled', 'true');
  await shop.getByRole('radiogroup', { name: 'Cor' }).getByRole('radio', { name: 'Branco' }).click();
  await expect(shop.getByRole('radiogroup', { name: 'Cor' }).getByRole('radio', { name: 'Branco' })).toHaveAttribute('aria-checked', 'true');
  await shop.getByRole('radiogroup', { name: 'Tamanho' }).getByRole('radio', { name: 'M' }).click();
  await expect(shop.getByRole('radiogroup', { name: 'Tamanho' }).getByRole('radio', { name: 'M' })).toHaveAttribute('aria-checked', 'true');
  await expect(shop.getByRole('radiogroup', { name: 'Cor' }).getByRole('radio', { name: 'Preto (esgotado)' })).toHaveAttribute('aria-disabled', 'true');
  await expect(shop.getByRole('button', { name: 'Adicionar ao carrinho' })).toBeVisible();
  await expectNoAxeViolations(shop);
  await context.close();

  // The merchant: the order's line, the CSV's SKU and Variante, the declaração.
  const [{ id: orderId }] = appQuery<{ id: string }>('select id from orders where token = ?', token);
  await page.goto(`/dashboard/orders/${orderId}`);
  await expect(page.getByText(`${NAME} — M / Preto`).first()).toBeVisible();
  await expectNoAxeViolations(page);
  const csv = unquotedCsv(await (await page.request.get('/dashboard/orders/export')).text());
  const [header, ...rows] = csv.replace(/^\uFEFF/, '').split('\r\n');
  const columns = header.split(';');
  const row = rows.find((r) => r.includes(orderId))!.split(';');
  expect(row[columns.indexOf('SKU')]).toBe(`CAM-M-PRETO-${productId}`);
  expect(row[columns.indexOf('Variante')]).toBe('M / Preto');
  const declaration = await page.request.get(`/dashboard/orders/documents?kind=declaracao&order=${orderId}`);
  expect(declaration.status()).toBe(200);
  const [text] = await pdfPagesText(new Uint8Array(await declaration.body()));
  expect(text).toContain(`${NAME} — M / Preto`);

  // Out of the shop again (the journeys after this one count the seed's catalog).
  await page.goto(`/dashboard/produtos/${productId}`);
  await page.getByRole('button', { name: 'Arquivar produto' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Arquivar' }).click();
  await expect(page).toHaveURL(/\/dashboard\/produtos\?arquivado=1$/);
});
