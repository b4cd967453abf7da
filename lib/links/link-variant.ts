/**
 * A payment link that sells one variant of the catalog ("Camiseta básica — M / Preto"): named on
 * the link form by its SKU (or its id), its order line carries the product, the variant, the SKU
 * and the whole name, so it shows everywhere a cart's line does, and the order takes the
 * variant's stock in the transaction that writes it (lib/checkout/place-order.ts). The price is
 * the link's (agreed in the conversation); delivery is agreed there too (a link ships nothing).
 */
import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { database } from '@/db';
import { productVariants, products } from '@/db/schema';
import { lineName, variantLabel } from '@/lib/catalog/forms';

export type LinkVariantLine = { productId: number; variantId: number; sku: string | null; variantName: string | null; name: string };

/** What the buyer of a link is told when the variant it sells has no unit left or is off sale. */
export const LINK_VARIANT_SOLD_OUT = 'O produto deste link esgotou. Nada foi cobrado: fale com a loja.';

export const VARIANT_NOT_FOUND = 'Nenhuma variante à venda com este SKU. Confira o SKU na página do produto (Variantes).';

/** The form's "Variante (SKU)": a SKU (any case) or a variant's id → the variant on sale, or why not. */
export async function resolveLinkVariant(ref: string): Promise<{ ok: true; variantId: number } | { ok: false; error: string }> {
  const text = ref.trim();
  const { db } = database();
  const byId = /^[1-9]\d{0,9}$/.test(text) ? Number(text) : null;
  const [row] = await db
    .select({ id: productVariants.id })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(byId !== null ? eq(productVariants.id, byId) : sql`lower(${productVariants.sku}) = lower(${text})`, eq(productVariants.active, true), isNull(products.archivedAt)))
    .limit(1);
  return row ? { ok: true, variantId: row.id } : { ok: false, error: VARIANT_NOT_FOUND };
}

/** The order line a link's variant makes, or null when it is no longer on sale. */
export async function linkVariantLine(variantId: number): Promise<LinkVariantLine | null> {
  const [row] = await database()
    .db.select({ v: productVariants, productName: products.name, productActive: products.active, archivedAt: products.archivedAt })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(eq(productVariants.id, variantId));
  if (!row || !row.v.active || !row.productActive || row.archivedAt) return null;
  const label = variantLabel(row.v);
  return { productId: row.v.productId, variantId: row.v.id, sku: row.v.sku, variantName: label, name: lineName(row.productName, label) };
}
