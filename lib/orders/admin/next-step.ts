/**
 * A paid order's first screen: what to pack (each line with its variant and the product's cover
 * photo, or the catalog's drawing when it has none) and the ONE next action, chosen from how the
 * buyer asked for it — "Comprar etiqueta" for a carrier's service priced at checkout, "Pronto para
 * retirada" for pickup, "Marcar como enviado" for any other delivery. Nothing once the order
 * has moved on (shipped, ready for pickup, delivered) or has nothing to ship.
 */
import 'server-only';
import { inArray } from 'drizzle-orm';
import { db } from '@/db';
import { products, type Order, type OrderItem } from '@/db/schema';
import { coversOf, sourceAtLeast } from '@/lib/catalog';
import { labelRefusal } from '@/lib/fulfilment';
import { checkMove, hasFulfilment } from '@/lib/fulfilment/moves';

export type PackLine = { name: string; variant: string | null; sku: string | null; quantity: number; photo: { url: string; width: number; height: number } | null };
export type NextAction = 'buy_label' | 'ship' | 'ready_for_pickup';
export type NextStep = { lines: PackLine[]; action: NextAction; serviceName: string | null };

export function nextActionOf(order: Order): NextAction | null {
  if (order.status !== 'paid' || !hasFulfilment(order)) return null;
  if (order.shippingMethod === 'pickup') return checkMove(order, 'ready').ok ? 'ready_for_pickup' : null;
  if (!checkMove(order, 'ship').ok) return null;
  return order.shippingServiceId !== null && order.labelStep !== 'generated' && labelRefusal(order) === null ? 'buy_label' : 'ship';
}

export async function nextStepOf(order: Order, items: OrderItem[]): Promise<NextStep | null> {
  const action = nextActionOf(order);
  if (!action) return null;
  const ids = [...new Set(items.map((i) => i.productId).filter((id): id is number => id !== null))];
  const covers = await coversOf(ids);
  // A product without an uploaded photo still has its catalog drawing (the seed's SVGs).
  const drawings = ids.length ? new Map((await db().select({ id: products.id, imagePath: products.imagePath }).from(products).where(inArray(products.id, ids))).map((p) => [p.id, p.imagePath])) : new Map<number, string>();
  const lines = items.map((i) => {
    const cover = i.productId !== null ? covers.get(i.productId) : undefined;
    const base = i.variantName && i.name.endsWith(` — ${i.variantName}`) ? i.name.slice(0, -(i.variantName.length + 3)) : i.name;
    const drawing = i.productId !== null ? drawings.get(i.productId) : undefined;
    const photo = cover ? sourceAtLeast(cover, 96) : drawing ? { url: drawing, width: 96, height: 96 } : null;
    return { name: base, variant: i.variantName, sku: i.sku, quantity: i.quantity, photo };
  });
  return { lines, action, serviceName: order.shippingServiceName };
}
