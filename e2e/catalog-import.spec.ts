/**
 * "Importar produtos", end to end: the merchant sends a CSV of 20 products with variants
 * (Windows-1252, as Excel on Windows saves it, ";"), one of its lines wrong; the preview names
 * each line's result ("novo", and the error with its column), nothing is saved yet;
 * "Confirmar importação" saves the others and shows the photo progress; the products are in
 * the shop (search and product page with its variants). "Exportar produtos" gives the file
 * back. axe on every page and state visited.
 */
import path from 'node:path';
import Database from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { appQuery, PORT, signIn, unquotedCsv } from './shop-helpers';

const RUN = Date.now().toString(36);
const HEADER = 'Slug;Nome;Descrição;Preço;Categorias;Opção 1;Valor 1;SKU;Estoque;Peso (g);Altura (cm);Largura (cm);Comprimento (cm);Fotos';

// The shop is shared by every journey of this server: the 20 imported products leave it when
// this one ends (archived, as the dashboard's "Arquivar" does), so the catalog's counts hold.
test.afterAll(() => {
  const db = new Database(path.resolve(`data/e2e-${PORT}/app.db`));
  try {
    db.prepare("update products set active = 0, archived_at = strftime('%Y-%m-%dT%H:%M:%fZ','now') where slug like ?").run(`importado-${RUN}-%`);
  } finally {
    db.close();
  }
});

/** Latin-1 text as Windows-1252 bytes. */
const cp1252 = (text: string) => Buffer.from(text, 'latin1');

function csv(): Buffer {
  const lines = [HEADER];
  for (let p = 1; p <= 20; p++) {
    const slug = `importado-${RUN}-${p}`;
    const photo = p === 1 ? `/images/products/nao-existe-${RUN}.webp` : '';
    for (const size of ['P', 'M', 'G']) {
      lines.push(`${slug};Avental importado ${p} ${RUN};Algodão cru, lavável.;${40 + p},90;Utensílios;Tamanho;${size};AV-${RUN}-${p}-${size};${p};300;2;30;40;${photo}`);
    }
  }
  // Line 62: a stock below zero, refused with its column.
  lines.push(`errado-${RUN};Produto errado;;10,00;;;;;-3;300;2;30;40;`);
  return cp1252(lines.join('\r\n') + '\r\n');
}

test('importing 20 products with variants: preview, confirm, found in the shop; export gives them back', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  await signIn(page, '/dashboard/produtos');
  await page.getByRole('link', { name: 'Importar produtos' }).click();
  await expect(page.getByRole('heading', { name: 'Importar produtos' })).toBeVisible();
  await expectNoAxeViolations(page);

  const file = csv();
  // The photo of product 1 is on the shop's own origin (allowed by the guard) and does not exist.
  const withOrigin = Buffer.from(file.toString('latin1').replaceAll('/images/products/', `${baseURL}/images/products/`), 'latin1');
  await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'produtos.csv', mimeType: 'text/csv', buffer: withOrigin });
  await page.getByRole('button', { name: 'Ver prévia' }).click();
  await expect(page.getByRole('heading', { name: 'Prévia da importação' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('(lido como Windows-1252)')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: '61 linhas: 20 produtos novos, 0 atualizados, 0 sem mudança, 1 com erro.' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Resultado de cada linha' });
  await expect(table.getByRole('row', { name: `2 Avental importado 1 ${RUN} novo` })).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`^62 errado-${RUN} erro: Estoque: use um número inteiro de 0`) })).toBeVisible();
  // The refused line is also listed first, alone, above the 61 lines.
  const refusedLines = page.getByRole('table', { name: 'Linhas com erro' }).getByRole('row');
  await expect(refusedLines).toHaveCount(2);
  await expect(refusedLines.nth(1)).toHaveAccessibleName(new RegExp(`^62 errado-${RUN} erro: Estoque:`));
  await expectNoAxeViolations(page);
  // Nothing is saved before the confirmation.
  expect(appQuery('select id from products where slug like ?', `importado-${RUN}-%`)).toEqual([]);

  await page.getByRole('button', { name: 'Confirmar importação' }).click();
  await expect(page.getByRole('heading', { name: 'Importação concluída' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Importado. 61 linhas: 20 produtos novos' })).toBeVisible();
  await expect(page.getByTestId('photo-progress')).toHaveText(/Fotos: 0 de 1 baixadas \(1 não pôde ser baixada/, { timeout: 15_000 });
  await expectNoAxeViolations(page);
  expect(appQuery<{ n: number }>('select count(*) n from product_variants v join products p on p.id = v.product_id where p.slug like ? and v.active = 1', `importado-${RUN}-%`)[0].n).toBe(60);

  // In the shop: found by search (accents folded), the variants a radio group.
  await page.goto(`/busca?q=avental+importado+7+${RUN}`);
  await page.getByRole('link', { name: new RegExp(`Avental importado 7 ${RUN}`) }).first().click();
  await expect(page).toHaveURL(new RegExp(`/products/importado-${RUN}-7`));
  await expect(page.getByRole('heading', { name: `Avental importado 7 ${RUN}` })).toBeVisible();
  await expect(page.getByRole('radiogroup', { name: 'Tamanho' }).getByRole('radio')).toHaveText(['P', 'M', 'G']);
  await expect(page.getByText('R$ 47,90').first()).toBeVisible();
  await expectNoAxeViolations(page);

  // Exported: the imported lines are there, in the same columns.
  const exported = await page.request.get('/dashboard/produtos/exportar');
  expect(exported.headers()['content-type']).toContain('text/csv');
  const text = unquotedCsv(await exported.text());
  expect(text.split('\r\n')[0]).toContain('Slug;Nome;Descrição;Preço;Categorias');
  expect(text).toContain(`importado-${RUN}-7;Avental importado 7 ${RUN};Algodão cru, lavável.;47,90;Utensílios;sim;sim;Tamanho;M;;;;;AV-${RUN}-7-M;;7;300;2;30;40;sim;`);
});
