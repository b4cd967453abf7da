/** The products CSV's NF-e columns (NCM, Origem, GTIN): checked as the product form checks them, kept across export → import. */
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { productVariants, products } from '@/db/schema';
import { prepareDatabase } from '@/test/payments/db';
import { parseImportFile } from './import-file';
import { exportProductsCsv } from './product-export';
import { applyImportFile, previewImport } from './product-import';

beforeAll(prepareDatabase);

const enc = (s: string) => new TextEncoder().encode(s);
const OLD_HEADER = 'Slug;Nome;Preço;Opção 1;Valor 1;SKU;Peso (g);Altura (cm);Largura (cm);Comprimento (cm)';
const HEADER = `${OLD_HEADER};NCM;Origem;GTIN`;
const file = (header: string, ...lines: string[]) => enc([header, ...lines].join('\r\n') + '\r\n');

async function stored(slug: string) {
  const { db } = database();
  const [p] = await db.select().from(products).where(eq(products.slug, slug));
  const vs = await db.select().from(productVariants).where(eq(productVariants.productId, p.id));
  return { product: p, variants: vs.filter((v) => v.active).map((v) => [v.option1, v.ncm, v.origin, v.gtin]) };
}

describe('the NF-e columns of the products CSV', () => {
  it('refuses a bad NCM, origin or GTIN on its line, with the form\'s words', () => {
    const r = parseImportFile(
      file(
        HEADER,
        'ncm-curto;A;10,00;;;;300;10;10;10;0901;0;',
        'origem-9;B;10,00;;;;300;10;10;10;09012100;9;',
        'gtin-errado;C;10,00;;;;300;10;10;10;09012100;0;7891234567890',
      ),
    );
    if (!r.ok) throw new Error(r.error);
    expect(r.errors.map((e) => [e.line, e.message])).toEqual([
      [2, 'NCM: O NCM tem 8 dígitos (ex.: 0901.21.00).'],
      [3, 'Origem: use um número de 0 a 8 (0 = Nacional).'],
      [4, 'GTIN: O dígito verificador deste código de barras não confere.'],
    ]);
  });

  it('imports them (a variant that differs keeps its own), exports them at the end, and the file back changes nothing', async () => {
    const applied = await applyImportFile(
      file(
        HEADER,
        'cafe-fiscal;Café fiscal;30,00;Peso;250 g;CF-250;300;10;10;10;0901.21.00;0;7891234567895',
        'cafe-fiscal;;;Peso;1 kg;CF-1K;1100;20;15;10;0901.21.00;0;7891234567901',
      ),
    );
    expect(applied).toMatchObject({ ok: true, summary: { novo: 1, erro: 0 } });
    const { product, variants } = await stored('cafe-fiscal');
    expect(product).toMatchObject({ ncm: '09012100', origin: 0, gtin: '7891234567895' });
    expect(variants).toEqual([
      ['250 g', null, null, null],
      ['1 kg', null, null, '7891234567901'],
    ]);

    const csv = await exportProductsCsv('http://shop.test');
    const [header, ...rows] = csv.split('\r\n');
    expect(header.endsWith('"Fotos";"NCM";"Origem";"GTIN"')).toBe(true);
    expect(rows.filter((l) => l.startsWith('"cafe-fiscal"')).map((l) => l.split(';').slice(-3).join(';'))).toEqual(['"09012100";0;"7891234567895"', '"09012100";0;"7891234567901"']);
    const preview = await previewImport(enc(csv));
    if (!preview.ok) throw new Error(preview.error);
    expect(preview.lines.filter((l) => l.status !== 'sem mudança')).toEqual([]);
  });

  it('a file without the columns (written before them) keeps what the shop has', async () => {
    const r = await applyImportFile(file(OLD_HEADER, 'cafe-fiscal;Café fiscal;30,00;Peso;250 g;CF-250;300;10;10;10', 'cafe-fiscal;;;Peso;1 kg;CF-1K;1100;20;15;10'));
    expect(r).toMatchObject({ ok: true, summary: { novo: 0, atualizado: 0, erro: 0 } });
    expect((await stored('cafe-fiscal')).product).toMatchObject({ ncm: '09012100', origin: 0, gtin: '7891234567895' });
  });
});
