import { asc, desc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { categories, productCategories, productVariants, products } from '@/db/schema';
import { prepareDatabase } from '@/test/payments/db';
import { COLUMN_ORDER, COLUMNS, parseImportFile } from './import-file';
import { exportProductsCsv } from './product-export';
import { applyImportFile, confirmImport, previewImport, storeImport } from './product-import';

beforeAll(prepareDatabase);

const APP = 'http://shop.test';
const enc = (s: string) => new TextEncoder().encode(s);
const HEADER = 'Slug;Nome;Descrição;Preço;Categorias;Opção 1;Valor 1;Opção 2;Valor 2;SKU;Preço da variante;Estoque;Peso (g);Altura (cm);Largura (cm);Comprimento (cm)';
const file = (...lines: string[]) => enc([HEADER, ...lines].join('\r\n') + '\r\n');

/** Windows-1252 bytes of Latin-1 text (what Excel on Windows saves). */
function cp1252(text: string): Uint8Array {
  return Uint8Array.from([...text].map((c) => {
    const code = c.charCodeAt(0);
    if (code > 0xff) throw new Error('not latin-1');
    return code;
  }));
}

async function variantsOf(slug: string) {
  const { db } = database();
  const [p] = await db.select().from(products).where(eq(products.slug, slug));
  const vs = await db.select().from(productVariants).where(eq(productVariants.productId, p.id));
  return { product: p, variants: vs.filter((v) => v.active) };
}

describe('parseImportFile: bad files', () => {
  it('reads Windows-1252 as well as UTF-8 (accents intact), comma or semicolon', () => {
    const latin = parseImportFile(cp1252('Slug,Nome,Preço\ncafe-sitio,Café do Sítio,"49,90"\n'));
    expect(latin).toMatchObject({ ok: true, encoding: 'windows-1252', products: [{ slug: 'cafe-sitio', name: 'Café do Sítio', priceCents: 4990 }] });
    const utf8 = parseImportFile(enc('\uFEFFSlug;Nome;Preço\ncafe-sitio;Café do Sítio;49,90\n'));
    expect(utf8).toMatchObject({ ok: true, encoding: 'utf-8', products: [{ name: 'Café do Sítio' }] });
  });

  it('refuses a binary file, an empty one, and names the missing columns', () => {
    expect(parseImportFile(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0]))).toEqual({ ok: false, error: expect.stringContaining('não é um CSV') });
    expect(parseImportFile(enc(''))).toEqual({ ok: false, error: 'O arquivo está vazio.' });
    const r = parseImportFile(enc('Slug;Descrição\ncafe;x\n'));
    expect(r).toEqual({ ok: false, error: expect.stringContaining('"Nome", "Preço"') });
  });

  it('a duplicate SKU, a negative stock and a formula are refused on their line, naming the column; their products are not imported', () => {
    const r = parseImportFile(
      file(
        'camiseta;Camiseta;;59,90;;Tamanho;P;;;CAM-P;;3;200;2;20;30',
        'camiseta;;;;;Tamanho;M;;;CAM-P;;3;200;2;20;30',
        'caneca;Caneca;;39,90;;;;;;;;-2;300;10;10;10',
        'formula;"=HYPERLINK(""http://x"";""clique"")";;10,00;;;;;;;;;300;10;10;10',
        'ok-produto;Produto bom;;10,00;;;;;;OK-1;;5;300;10;10;10',
        "neutralizado;'=Nome com sinal;;10,00;;;;;;;;;300;10;10;10",
      ),
    );
    if (!r.ok) throw new Error(r.error);
    const byLine = new Map(r.errors.map((e) => [e.line, e.message]));
    expect(byLine.get(3)).toMatch(/^SKU: o SKU "CAM-P" já está na linha 2/);
    expect(byLine.get(2)).toMatch(/^outra linha do produto "camiseta" tem erro/);
    expect(byLine.get(4)).toMatch(/^Estoque: use um número inteiro de 0/);
    expect(byLine.get(5)).toMatch(/^Nome: começa com "="/);
    expect(r.products.map((p) => p.slug)).toEqual(['ok-produto', 'neutralizado']);
    // The export's apostrophe is dropped: the name is what the shop had.
    expect(r.products[1].name).toBe('=Nome com sinal');
    expect(r.refused).toBe(3);
  });

  it('a later line that says another name for the product is refused', () => {
    const r = parseImportFile(file('x;Xícara;;10,00;;Cor;Azul;;;;;;300;10;10;10', 'x;Caneca;;;;Cor;Verde;;;;;;300;10;10;10'));
    if (!r.ok) throw new Error(r.error);
    expect(r.errors).toEqual([
      { line: 2, slug: 'x', message: expect.stringMatching(/^outra linha/) },
      { line: 3, slug: 'x', message: expect.stringMatching(/^Nome: difere da linha 2/) },
    ]);
  });
});

describe('importing products', () => {
  const tee = file(
    'camiseta-lisa;Camiseta lisa;Algodão;59,90;Roupas | Verão;Tamanho;P;Cor;Preto;LISA-P-PT;;4;180;2;25;30',
    'camiseta-lisa;Camiseta lisa;Algodão;59,90;Roupas | Verão;Tamanho;P;Cor;Branco;LISA-P-BR;;0;180;2;25;30',
    'camiseta-lisa;;;;;Tamanho;G;Cor;Preto;LISA-G-PT;64,90;2;220;2;25;30',
    'camiseta-lisa;;;;;Tamanho;G;Cor;Branco;LISA-G-BR;64,90;;220;2;25;30',
    'caneca-esmaltada;Caneca esmaltada;;39,90;Utensílios;;;;;CAN-1;;10;350;10;10;10',
  );

  it('previews without writing, then applies; the same file again changes nothing', async () => {
    const preview = await previewImport(tee);
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.lines.map((l) => l.status)).toEqual(['novo', 'novo', 'novo', 'novo', 'novo']);
    expect(preview.summary).toMatchObject({ novo: 2, atualizado: 0, semMudanca: 0, erro: 0 });
    expect(await database().db.select().from(products).where(eq(products.slug, 'camiseta-lisa'))).toEqual([]);

    const applied = await applyImportFile(tee);
    expect(applied).toMatchObject({ ok: true, summary: { novo: 2, erro: 0 } });
    const { product, variants } = await variantsOf('camiseta-lisa');
    expect(JSON.parse(product.options)).toEqual([
      { name: 'Tamanho', values: ['P', 'G'] },
      { name: 'Cor', values: ['Preto', 'Branco'] },
    ]);
    expect(product).toMatchObject({ priceCents: 5990, weightGrams: 180, description: 'Algodão' });
    expect(variants.map((v) => [v.option1, v.option2, v.sku, v.priceCents, v.stock, v.weightGrams])).toEqual([
      ['P', 'Preto', 'LISA-P-PT', null, 4, null],
      ['P', 'Branco', 'LISA-P-BR', null, 0, null],
      ['G', 'Preto', 'LISA-G-PT', 6490, 2, 220],
      ['G', 'Branco', 'LISA-G-BR', 6490, null, 220],
    ]);
    const cats = await database()
      .db.select({ name: categories.name })
      .from(productCategories)
      .innerJoin(categories, eq(categories.id, productCategories.categoryId))
      .where(eq(productCategories.productId, product.id));
    expect(cats.map((c) => c.name).sort()).toEqual(['Roupas', 'Verão']);
    const mug = await variantsOf('caneca-esmaltada');
    expect(mug.variants).toMatchObject([{ option1: null, sku: 'CAN-1', stock: 10 }]);

    const again = await previewImport(tee);
    if (!again.ok) throw new Error(again.error);
    expect(again.lines.every((l) => l.status === 'sem mudança')).toBe(true);
    const second = await applyImportFile(tee);
    expect(second).toMatchObject({ ok: true, summary: { novo: 0, atualizado: 0, semMudanca: 2 } });
    expect((await variantsOf('camiseta-lisa')).variants).toEqual(variants);
  });

  it('an update names only what changed; a SKU held by another product is refused on its line', async () => {
    const changed = file(
      'caneca-esmaltada;Caneca esmaltada;;42,00;Utensílios;;;;;CAN-1;;10;350;10;10;10',
      'outro;Outro;;10,00;;;;;;LISA-P-PT;;1;350;10;10;10',
    );
    const preview = await previewImport(changed);
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.lines).toEqual([
      expect.objectContaining({ line: 2, status: 'atualizado' }),
      expect.objectContaining({ line: 3, status: 'erro', message: expect.stringMatching(/^SKU: o SKU "LISA-P-PT" já é de outra variante/) }),
    ]);
    await applyImportFile(changed);
    expect((await variantsOf('caneca-esmaltada')).product.priceCents).toBe(4200);
    expect(await database().db.select().from(products).where(eq(products.slug, 'outro'))).toEqual([]);
  });

  it('export → import is a no-op on the seeded shop and what the tests added', async () => {
    const csv = await exportProductsCsv(APP);
    expect(csv.split('\r\n')[0]).toBe('\uFEFF' + COLUMN_ORDER.map((c) => `"${COLUMNS[c]}"`).join(';'));
    const preview = await previewImport(enc(csv));
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.lines.filter((l) => l.status !== 'sem mudança')).toEqual([]);
    const before = await database().db.select().from(productVariants);
    const applied = await applyImportFile(enc(csv));
    expect(applied).toMatchObject({ ok: true, summary: { novo: 0, atualizado: 0, erro: 0 } });
    expect(await database().db.select().from(productVariants)).toEqual(before);
    expect(await exportProductsCsv(APP)).toBe(csv);
  });

  it('a formula in a product written by the shop is exported with an apostrophe and comes back the same', async () => {
    await applyImportFile(file("sinal;'-10% no Pix;'@loja;10,00;;;;;;;;;300;10;10;10"));
    expect((await variantsOf('sinal')).product).toMatchObject({ name: '-10% no Pix', description: '@loja' });
    const csv = await exportProductsCsv(APP);
    expect(csv).toContain(`"sinal";"'-10% no Pix";"'@loja";"10,00"`);
    const preview = await previewImport(enc(csv));
    expect(preview.ok && preview.lines.filter((l) => l.status !== 'sem mudança')).toEqual([]);
  });

  it('confirming applies the stored file once, and only the file previewed', async () => {
    const bytes = file('confirmado;Confirmado;;10,00;;;;;;;;;300;10;10;10');
    const { id, sha256 } = await storeImport(bytes, 'produtos.csv', null);
    expect(await confirmImport(id, 'f'.repeat(64))).toEqual({ ok: false, error: expect.stringContaining('envie-o de novo') });
    expect(await confirmImport(id, sha256)).toMatchObject({ ok: true, summary: { novo: 1 } });
    expect(await confirmImport(id, sha256)).toMatchObject({ ok: false, alreadyApplied: true });
  });
});

describe('the order of imported products', () => {
  const catalogOrder = async () =>
    (await database().db.select({ slug: products.slug }).from(products).where(isNull(products.archivedAt)).orderBy(asc(products.displayOrder), desc(products.id))).map((r) => r.slug);

  it('new products go after the shop\'s, in the file\'s row order; a re-import keeps the order the merchant set', async () => {
    const before = await catalogOrder();
    const rows = file(
      'ordem-cafe;Café em grão;;49,90;;;;;;ORD-CAFE;;5;500;10;10;20',
      'ordem-filtro;Filtro de papel;;12,90;;;;;;ORD-FILTRO;;5;100;5;10;15',
      'ordem-bule;Bule;;89,90;;;;;;ORD-BULE;;5;900;20;20;20',
    );
    expect(await applyImportFile(rows)).toMatchObject({ ok: true, summary: { novo: 3 } });
    expect(await catalogOrder()).toEqual([...before, 'ordem-cafe', 'ordem-filtro', 'ordem-bule']);

    // The merchant moves the kettle to the top by hand ("Ordem de exibição"), then imports a
    // changed file: prices change, the order does not.
    await database().db.update(products).set({ displayOrder: -1 }).where(eq(products.slug, 'ordem-bule'));
    const changed = file(
      'ordem-cafe;Café em grão;;52,90;;;;;;ORD-CAFE;;5;500;10;10;20',
      'ordem-filtro;Filtro de papel;;13,90;;;;;;ORD-FILTRO;;5;100;5;10;15',
      'ordem-bule;Bule;;94,90;;;;;;ORD-BULE;;5;900;20;20;20',
    );
    expect(await applyImportFile(changed)).toMatchObject({ ok: true, summary: { atualizado: 3 } });
    expect(await catalogOrder()).toEqual(['ordem-bule', ...before, 'ordem-cafe', 'ordem-filtro']);
    expect((await variantsOf('ordem-bule')).product).toMatchObject({ priceCents: 9490, displayOrder: -1 });

    // The export is written in the catalog's order, so its rows are the shop's order.
    const slugs = (await exportProductsCsv(APP))
      .split('\r\n')
      .slice(1)
      .map((l) => l.split(';')[0].replace(/"/g, ''))
      .filter((s, i, all) => s && all.indexOf(s) === i);
    expect(slugs).toEqual(await catalogOrder());
  });
});

describe('a 5,000-line file', () => {
  // How long it takes is T17's (bench/t17-import.ts): a wall-clock bound here would fail on a
  // loaded machine without anything being wrong.
  it('is previewed and imported whole, then imported again with nothing changed', async () => {
    const lines: string[] = [];
    for (let p = 0; p < 1000; p++) {
      for (const size of ['PP', 'P', 'M', 'G', 'GG']) lines.push(`produto-${p};Produto ${p};Descrição ${p};${10 + (p % 90)},90;Lote;Tamanho;${size};;;SKU-${p}-${size};;${p % 7};250;5;20;30`);
    }
    const bytes = file(...lines);
    expect(await previewImport(bytes)).toMatchObject({ ok: true, summary: { novo: 1000, erro: 0, lines: 5000 } });
    expect(await applyImportFile(bytes)).toMatchObject({ ok: true, summary: { novo: 1000, erro: 0 } });
    expect(await applyImportFile(bytes)).toMatchObject({ ok: true, summary: { semMudanca: 1000, novo: 0, atualizado: 0 } });
  }, 60_000);
});
