/**
 * T17 — the catalog with variants (issue 43), in-process on a scratch database with the real
 * schema and the seed:
 * 1. "Importar produtos" with a 5,000-line CSV (1,000 products × 5 sizes, categories, SKUs,
 *    stock, weight and size): the preview, the import (one transaction per product), the same
 *    file again (nothing changes), and "Exportar produtos" of the result.
 * 2. The shop's listing queries with 1,000 products × 6 variants (a second import adds a sixth
 *    size to every product): the catalog page (first and last of 24, each sort), a category's
 *    page and FTS5 search — the app's own functions (lib/catalog/search.ts), p50/p95.
 *
 * Run by bench/run.ts in a child process (needs the react-server condition for `server-only`):
 *   npx tsx --conditions=react-server bench/t17-import.ts <out.json> [--quick]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { percentile, median, round } from './lib/stats';

const outFile = process.argv[2];
const quick = process.argv.includes('--quick');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-t16-'));
process.env.DATABASE_URL = `file:${path.join(dir, 'app.db')}`;
process.env.LOG_LEVEL = 'silent';

const HEADER = 'Slug;Nome;Descrição;Preço;Categorias;Opção 1;Valor 1;SKU;Estoque;Peso (g);Altura (cm);Largura (cm);Comprimento (cm)';

function csv(sizes: string[]): Uint8Array {
  const lines = [HEADER];
  for (let p = 0; p < 1000; p++) {
    for (const size of sizes) {
      lines.push(`produto-${p};Camiseta estampada ${p};Algodão penteado, estampa ${p}.;${19 + (p % 180)},90;${['Roupas', 'Verão', 'Promoção'][p % 3]};Tamanho;${size};CAM-${p}-${size};${p % 9};${200 + (p % 50)};2;25;30`);
    }
  }
  return new TextEncoder().encode(lines.join('\r\n') + '\r\n');
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t = performance.now();
  const value = await fn();
  return { ms: round(performance.now() - t, 1), value };
}

async function main() {
  const { database, ensureMigrated } = await import('@/db');
  const { seed } = await import('@/db/seed');
  await ensureMigrated();
  await seed(database(), { demoMerchant: false });
  const { previewImport, applyImportFile } = await import('@/lib/catalog/product-import');
  const { exportProductsCsv } = await import('@/lib/catalog/product-export');
  const search = await import('@/lib/catalog/search');

  const five = csv(['PP', 'P', 'M', 'G', 'GG']);
  const preview = await timed(() => previewImport(five));
  const first = await timed(() => applyImportFile(five));
  const again = await timed(() => applyImportFile(five));
  const exported = await timed(() => exportProductsCsv('http://127.0.0.1:3270'));
  const summaryOf = (r: { value: { ok: boolean } }) => ((r.value as { summary?: unknown }).summary ?? r.value);
  const importFigures = {
    lines: 5000,
    kb: round(five.byteLength / 1024, 0),
    previewMs: preview.ms,
    importMs: first.ms,
    againMs: again.ms,
    exportMs: exported.ms,
    exportKb: round(exported.value.length / 1024, 0),
    first: summaryOf(first),
    again: summaryOf(again),
  };

  // A sixth size for every product: 1,000 × 6 variants.
  const six = await timed(() => applyImportFile(csv(['PP', 'P', 'M', 'G', 'GG', 'XG'])));
  const { db } = database();
  const client = (db as unknown as { $client: import('better-sqlite3').Database }).$client;
  const counts = client.prepare("select (select count(*) from products) products, (select count(*) from product_variants where active = 1) variants").get();
  const roupas = (await search.listCategories()).find((c) => c.name === 'Roupas')!;
  const runs = quick ? 30 : 200;
  const cases: [string, () => Promise<unknown>][] = [
    ['catalog page 1, Mais recentes', () => search.sortedCatalogPage(1, 'recentes')],
    ['catalog page 1, Menor preço', () => search.sortedCatalogPage(1, 'menor-preco')],
    ['catalog page 1, Maior preço', () => search.sortedCatalogPage(1, 'maior-preco')],
    ['catalog last page (42), Mais recentes', () => search.sortedCatalogPage(42, 'recentes')],
    ['category "Roupas" page 1', () => search.categoryProducts(roupas.id, 1, 'recentes')],
    ['search "camiseta" (matches 1,000)', () => search.searchProducts('camiseta', 1, 'recentes')],
    ['search "estampa 77" (matches few)', () => search.searchProducts('estampa 77', 1, 'recentes')],
    ['search "cam-512-xg" (a SKU)', () => search.searchProducts('cam-512-xg', 1, 'recentes')],
  ];
  const queries = [];
  for (const [name, fn] of cases) {
    for (let i = 0; i < 5; i++) await fn();
    const ms: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      await fn();
      ms.push(performance.now() - t);
    }
    queries.push({ name, p50: round(median(ms), 2), p95: round(percentile(ms, 95), 2), runs });
  }
  fs.writeFileSync(outFile, JSON.stringify({ import: importFigures, sixthSizeMs: six.ms, counts, queries }, null, 2));
}

main()
  .catch((e) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => fs.rmSync(dir, { recursive: true, force: true }));
