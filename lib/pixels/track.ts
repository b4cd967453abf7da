/**
 * The shop's pages and actions tell the pixels what happened here; each call does nothing
 * unless a pixel is on and the shopper accepted marketing cookies (lib/pixels/visitor.ts).
 * Browsing events are written to the outbox and sent right after the response (the
 * after-pass); the answer is the event id the page's browser event repeats.
 */
import 'server-only';
import { itemsOfProducts } from '@/lib/catalog';
import { withAfterPass } from '@/lib/server/after-pass';
import { contentIdOf, keepOrderContext, newPixelEventId, recordBrowsingEvent } from './record';
import type { PixelEventName, PixelItem } from './payloads';
import { pixelRequest, sends, type PixelRequest } from './visitor';

/** A catalog or cart row as the pixels name it (content id = SKU). */
export function pixelItemOf(p: { id: number; name: string; priceCents: number; sku?: string | null }, quantity = 1): PixelItem {
  return { id: contentIdOf({ sku: p.sku, productId: p.id, name: p.name }), name: p.name, quantity, unitCents: p.priceCents };
}

export type Tracked = { request: PixelRequest; eventId: string } | null;

/** PageView, ViewContent, AddToCart, InitiateCheckout: written once, keyed on a fresh event id. */
export async function trackBrowsing(name: Exclude<PixelEventName, 'Purchase'>, detail: { items?: PixelItem[]; valueCents?: number } = {}): Promise<Tracked> {
  const request = await pixelRequest();
  if (!sends(request)) return null;
  const eventId = newPixelEventId();
  await withAfterPass(() => recordBrowsingEvent({ name, eventId, at: new Date(), url: request.url, visitor: request.visitor, ...detail }, request.on));
  return { request, eventId };
}

/** The order's page, shown to a consenting shopper: their browser's values are kept for the order's Purchase. */
export async function trackOrderPage(orderId: string): Promise<PixelRequest | null> {
  const request = await pixelRequest();
  if (!sends(request)) return null;
  await withAfterPass(() => keepOrderContext(orderId, { ...request.visitor, url: request.url }));
  return request;
}

/** "Adicionar ao carrinho" (a server action): the item added, priced from the catalog. */
export async function trackAddToCart(productId: number, quantity: number, variantId?: number): Promise<void> {
  const request = await pixelRequest();
  if (!sends(request)) return;
  const item = (await itemsOfProducts([productId])).find((p) => p.id === productId && (variantId !== undefined ? p.variantId === variantId : !p.variantName));
  if (!item) return;
  const eventId = newPixelEventId();
  const line = pixelItemOf(item, quantity);
  await withAfterPass(() =>
    recordBrowsingEvent({ name: 'AddToCart', eventId, at: new Date(), url: request.url, visitor: request.visitor, items: [line], valueCents: line.unitCents * quantity }, request.on),
  );
}
