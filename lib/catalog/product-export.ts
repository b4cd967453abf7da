/**
 * "Exportar produtos": every product not archived, one line per variant, in the format
 * "Importar produtos" reads (import-file.ts), so that exporting and importing the file back
 * changes nothing. A variant's weight and size, NCM, origin and GTIN are written as sold (its own or the product's).
 */
import 'server-only';
import { asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { database } from '@/db';
import { categories, productCategories, productVariants, products } from '@/db/schema';
import { fiscalOf } from '@balcao/br/nfe-fiscal';
import { exportCsv, type ExportLine } from './import-file';
import { photosOf } from './photos';
import { effectiveOf, readOptions, valuesOf } from './variants';

const CHUNK = 500;

export async function* exportLines(appUrl: string): AsyncGenerator<ExportLine> {
  const { db } = database();
  // The catalog's order, so the file's rows are the shop's order (an import appends new products in row order).
  const ids = (await db.select({ id: products.id }).from(products).where(isNull(products.archivedAt)).orderBy(asc(products.displayOrder), desc(products.id))).map((r) => r.id);
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    const [rows, variants, cats, photos] = await Promise.all([
      db.select().from(products).where(inArray(products.id, chunk)),
      db.select().from(productVariants).where(inArray(productVariants.productId, chunk)).orderBy(asc(productVariants.position), asc(productVariants.id)),
      db
        .select({ productId: productCategories.productId, name: categories.name })
        .from(productCategories)
        .innerJoin(categories, eq(categories.id, productCategories.categoryId))
        .where(inArray(productCategories.productId, chunk))
        .orderBy(asc(categories.position), asc(categories.name)),
      photosOf(chunk),
    ]);
    const byId = new Map(rows.map((p) => [p.id, p]));
    for (const p of chunk.flatMap((id) => byId.get(id) ?? [])) {
      const options = readOptions(p.options);
      const own = variants.filter((v) => v.productId === p.id && valuesOf(v).length === options.length);
      const catNames = cats.filter((c) => c.productId === p.id).map((c) => c.name);
      const photoUrls = (photos.get(p.id) ?? []).map((ph) => new URL(ph.sources[ph.sources.length - 1].url, appUrl).toString());
      for (const v of own) {
        const e = effectiveOf(v, p);
        yield {
          slug: p.slug,
          name: p.name,
          description: p.description,
          priceCents: p.priceCents,
          categories: catNames,
          active: p.active,
          requiresShipping: p.requiresShipping,
          options: options.map((o, i) => ({ name: o.name, value: valuesOf(v)[i] })),
          sku: v.sku,
          variantPriceCents: v.priceCents,
          stock: v.stock,
          dimensions: { weightGrams: e.weightGrams, heightCm: e.heightCm, widthCm: e.widthCm, lengthCm: e.lengthCm },
          variantActive: v.active,
          photos: photoUrls,
          fiscal: fiscalOf(p, v),
        };
      }
    }
  }
}

export async function exportProductsCsv(appUrl: string): Promise<string> {
  const lines: ExportLine[] = [];
  for await (const l of exportLines(appUrl)) lines.push(l);
  return exportCsv(lines);
}
