/**
 * Test fixtures for products: a product's stock lives on its variants (lib/catalog/variants.ts),
 * so a fixture sets it there. Every inserted product has its implicit variant (a trigger).
 */
import { and, eq, isNull } from 'drizzle-orm';
import { database } from '@/db';
import { productVariants, products } from '@/db/schema';

type NewProduct = typeof products.$inferInsert & { stock?: number | null };

/** Inserts a product (with its implicit variant holding `stock`) and returns its id. */
export async function insertProduct({ stock = null, ...values }: NewProduct): Promise<number> {
  const [row] = await database().db.insert(products).values(values).returning({ id: products.id });
  await setStock(row.id, stock);
  return row.id;
}

/** Sets the stock of a product's implicit variant (a product without options). */
export async function setStock(productId: number, stock: number | null): Promise<void> {
  await database().db.update(productVariants).set({ stock }).where(and(eq(productVariants.productId, productId), isNull(productVariants.option1)));
}

/** The stock of a product's implicit variant. */
export async function stockOfProduct(productId: number): Promise<number | null> {
  const [row] = await database()
    .db.select({ stock: productVariants.stock })
    .from(productVariants)
    .where(and(eq(productVariants.productId, productId), isNull(productVariants.option1)));
  return row.stock;
}

/** Gives a product the options and a variant per combination (values in order), each with its stock. */
export async function insertProductWithVariants(
  values: NewProduct,
  options: { name: string; values: string[] }[],
  variants: { values: string[]; stock: number | null; sku?: string; priceCents?: number }[],
): Promise<{ productId: number; variantIds: number[] }> {
  const productId = await insertProduct({ ...values, options: JSON.stringify(options) });
  const { db } = database();
  await db.update(productVariants).set({ active: false }).where(eq(productVariants.productId, productId));
  const variantIds: number[] = [];
  for (const [position, v] of variants.entries()) {
    const [row] = await db
      .insert(productVariants)
      .values({ productId, position, option1: v.values[0] ?? null, option2: v.values[1] ?? null, option3: v.values[2] ?? null, stock: v.stock, sku: v.sku ?? null, priceCents: v.priceCents ?? null })
      .returning({ id: productVariants.id });
    variantIds.push(row.id);
  }
  return { productId, variantIds };
}

export async function variantStock(variantId: number): Promise<number | null> {
  const [row] = await database().db.select({ stock: productVariants.stock }).from(productVariants).where(eq(productVariants.id, variantId));
  return row.stock;
}
