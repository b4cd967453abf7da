/**
 * The merchant's options and variants of a product ("Opções", "Variantes"): each save is one
 * transaction (db/driver generator bodies). A variant that no longer matches the options is
 * deactivated, never deleted: orders and the stock ledger keep pointing at it.
 */
import 'server-only';
import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { database } from '@/db';
import { all, get, run, type AnyDb, type Step } from '@/db/driver';
import { productPhotos, productVariants, products, type ProductVariant } from '@/db/schema';
import type { AppSchema } from '@/db';
import { saveProductIn, STOCK_CHANGED, type SaveResult } from './admin';
import type { ProductValues } from './product-form';
import { cellName, type VariantEdit } from './variant-form';
import { checkOptions, combinations, comboKey, DIMENSIONS_REQUIRED, effectiveOf, missingDimensions, readOptions, valuesOf, type ProductOption } from './variants';

type Tx = AnyDb<AppSchema>;

export type VariantSaveResult =
  | { ok: true; message: string }
  | { ok: false; error: string; fieldErrors?: Record<string, string>; /** A row whose stock changed meanwhile: what it is now. */ currentStock?: { variantId: number; stock: number | null } };

/** A product's variants in the grid's order (inactive ones too: the merchant may turn them back on). */
export async function variantsForEdit(productId: number): Promise<{ options: ProductOption[]; variants: ProductVariant[] }> {
  const { db } = database();
  const [p] = await db.select({ options: products.options }).from(products).where(eq(products.id, productId));
  const options = readOptions(p?.options);
  const rows = await db.select().from(productVariants).where(eq(productVariants.productId, productId)).orderBy(asc(productVariants.position), asc(productVariants.id));
  // With options, the grid shows the combinations; without, the implicit variant (no values).
  return { options, variants: rows.filter((v) => valuesOf(v).length === options.length) };
}

/**
 * "Opções": the product's options, and at once a variant for every combination (new ones start
 * with the stock tracking of the variant the product was sold as: 0 if it was tracked, else not
 * tracked). Combinations that disappear are deactivated; ones that come back are reactivated.
 */
export async function saveOptions(productId: number, rows: readonly { name: string; values: string }[]): Promise<VariantSaveResult> {
  const checked = checkOptions(rows);
  if (!checked.ok) return { ok: false, error: checked.error, fieldErrors: { [`option${checked.index ?? 0}`]: checked.error } };
  const options = checked.options;
  return database().transaction(function* (tx) {
    const product = yield* get(tx.select({ id: products.id, options: products.options }).from(products).where(eq(products.id, productId)));
    if (!product) return { ok: false, error: 'Este produto não existe mais.' } as VariantSaveResult;
    // The editor posts its options with every "Salvar produto": unchanged ones leave the variants as the grid set them.
    if (JSON.stringify(readOptions(product.options)) === JSON.stringify(options)) return { ok: true, message: '' } as VariantSaveResult;
    const existing = yield* all(tx.select().from(productVariants).where(eq(productVariants.productId, productId)));
    const byCombo = new Map(existing.map((v) => [comboKey(valuesOf(v)), v]));
    const tracked = existing.some((v) => v.active && v.stock !== null);
    const combos = options.length === 0 ? [[]] : combinations(options);
    const wanted = new Set<number>();
    for (const [position, combo] of combos.entries()) {
      const values = { option1: combo[0] ?? null, option2: combo[1] ?? null, option3: combo[2] ?? null };
      const found = byCombo.get(comboKey(combo));
      if (found) {
        wanted.add(found.id);
        yield* run(tx.update(productVariants).set({ ...values, position, active: true }).where(eq(productVariants.id, found.id)));
      } else {
        const row = yield* get(
          tx
            .insert(productVariants)
            .values({ productId, ...values, position, stock: tracked ? 0 : null })
            .returning({ id: productVariants.id }),
        );
        wanted.add(row!.id);
      }
    }
    const gone = existing.filter((v) => !wanted.has(v.id) && v.active).map((v) => v.id);
    if (gone.length > 0) yield* run(tx.update(productVariants).set({ active: false }).where(inArray(productVariants.id, gone)));
    yield* run(tx.update(products).set({ options: JSON.stringify(options) }).where(eq(products.id, productId)));
    return {
      ok: true,
      message: options.length === 0 ? 'Opções removidas: o produto volta a ser vendido como um só.' : `Opções salvas: ${combos.length} ${combos.length === 1 ? 'variante' : 'variantes'}.`,
    } as VariantSaveResult;
  });
}

/** Thrown inside the grid's transaction to roll every row back. */
class GridRefused extends Error {
  constructor(readonly result: Extract<VariantSaveResult, { ok: false }>) {
    super('variant grid refused');
  }
}

/**
 * "Variantes": every row of the grid in one transaction. Each row's stock is a compare-and-set
 * on the stock the grid showed (units sold while the merchant edited are never overwritten);
 * SKUs are unique in the shop; a product that ships and is on sale keeps weight and size on
 * every active variant. Any refusal writes nothing.
 */
export async function saveVariantGrid(productId: number, rows: readonly VariantEdit[]): Promise<VariantSaveResult> {
  return database()
    .transaction(function* (tx) {
      const product = yield* writeGridIn(tx, productId, rows);
      if (product.active && product.requiresShipping && !product.archivedAt) {
        yield* requireDimensions(tx, product);
      }
      return { ok: true, message: 'Variantes salvas.' } as VariantSaveResult;
    })
    .catch((error: unknown) => {
      if (error instanceof GridRefused) return error.result;
      throw error;
    });
}

export type EditorSaveResult = { product: SaveResult; variants?: undefined } | { product?: undefined; variants: Extract<VariantSaveResult, { ok: false }> };

/**
 * The product editor's one "Salvar produto": the product's fields and every row of its grid in
 * one transaction, all or nothing. The grid is written first so the product's own check of
 * weight and size (saveProductIn) sees each variant as it is being saved, with the product's
 * new values where a variant's are blank.
 */
export async function saveProductWithVariants(productId: number, values: ProductValues, shownStock: number | null | undefined, rows: readonly VariantEdit[]): Promise<EditorSaveResult> {
  return database()
    .transaction(function* (tx) {
      if (rows.length > 0) yield* writeGridIn(tx, productId, rows);
      const saved = yield* saveProductIn(tx, productId, values, shownStock);
      // A refused product takes the grid's rows back with it.
      if (!saved.ok) throw new ProductRefused(saved);
      return { product: saved } as EditorSaveResult;
    })
    .catch((error: unknown) => {
      if (error instanceof GridRefused) return { variants: error.result } as EditorSaveResult;
      if (error instanceof ProductRefused) return { product: error.result } as EditorSaveResult;
      throw error;
    });
}

class ProductRefused extends Error {
  constructor(readonly result: SaveResult) {
    super('product refused');
  }
}

/** Each row of the grid, a compare-and-set on its shown stock; throws GridRefused (the caller's transaction rolls back). */
function* writeGridIn(tx: Tx, productId: number, rows: readonly VariantEdit[]): Generator<Step, typeof products.$inferSelect, unknown> {
  const product = yield* get(tx.select().from(products).where(eq(products.id, productId)));
  if (!product) throw new GridRefused({ ok: false, error: 'Este produto não existe mais.' });
  for (const row of rows) {
    if (row.photoId) {
      // Only one of this product's own photos.
      const photo = yield* get(tx.select({ id: productPhotos.id }).from(productPhotos).where(and(eq(productPhotos.id, row.photoId), eq(productPhotos.productId, productId))));
      if (!photo) throw new GridRefused({ ok: false, error: 'Revise os campos destacados.', fieldErrors: { [cellName(row.id, 'photo')]: 'Esta foto não é mais do produto: escolha outra.' } });
    }
    if (row.sku) {
      const holder = yield* get(
        tx
          .select({ id: productVariants.id })
          .from(productVariants)
          .where(and(sql`lower(${productVariants.sku}) = lower(${row.sku})`, ne(productVariants.id, row.id))),
      );
      if (holder) throw new GridRefused({ ok: false, error: 'Revise os campos destacados.', fieldErrors: { [cellName(row.id, 'sku')]: 'Este SKU já é usado por outra variante da loja.' } });
    }
    const stillShown = row.stockShown === undefined ? undefined : sql`${productVariants.stock} IS ${row.stockShown}`;
    const changed = yield* run(
      tx
        .update(productVariants)
        .set({
          sku: row.sku,
          priceCents: row.priceCents,
          stock: row.stock,
          weightGrams: row.weightGrams,
          heightCm: row.heightCm,
          widthCm: row.widthCm,
          lengthCm: row.lengthCm,
          active: row.active,
          ...(row.ncm !== undefined ? { ncm: row.ncm } : {}),
          ...(row.origin !== undefined ? { origin: row.origin } : {}),
          ...(row.gtin !== undefined ? { gtin: row.gtin } : {}),
          ...(row.photoId !== undefined ? { photoId: row.photoId } : {}),
        })
        .where(and(eq(productVariants.id, row.id), eq(productVariants.productId, productId), stillShown)),
    );
    if (changed === 0) {
      const now = yield* get(tx.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, row.id)));
      const said = now ? `${STOCK_CHANGED}. Estoque agora: ${now.stock === null ? 'não controlado' : now.stock}.` : 'Esta variante não existe mais.';
      throw new GridRefused({ ok: false, error: said, fieldErrors: { [cellName(row.id, 'stock')]: said }, ...(now ? { currentStock: { variantId: row.id, stock: now.stock } } : {}) });
    }
  }
  return product;
}

/** Refuses (GridRefused) when an active variant of a product on sale that ships lacks weight or size. */
function* requireDimensions(tx: Tx, product: typeof products.$inferSelect): Generator<Step, void, unknown> {
  const options = readOptions(product.options);
  const active = (yield* all(tx.select().from(productVariants).where(and(eq(productVariants.productId, product.id), eq(productVariants.active, true))))).filter(
    (v) => valuesOf(v).length === options.length,
  );
  const fieldErrors: Record<string, string> = {};
  for (const v of active) {
    for (const f of missingDimensions(effectiveOf(v, product))) fieldErrors[cellName(v.id, f)] = DIMENSIONS_REQUIRED;
  }
  if (Object.keys(fieldErrors).length > 0) throw new GridRefused({ ok: false, error: DIMENSIONS_REQUIRED, fieldErrors });
}

/** The implicit variant of a product without options (tests and the import use it). */
export function* implicitVariant(tx: Tx, productId: number): Generator<Step, ProductVariant | undefined, unknown> {
  return yield* get(tx.select().from(productVariants).where(and(eq(productVariants.productId, productId), isNull(productVariants.option1))));
}
