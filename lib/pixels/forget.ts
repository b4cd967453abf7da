/**
 * "Recusar" after an earlier "Aceitar": what this browser let the shop keep for the pixels and
 * not yet send goes. The order pages it opened with consent kept their context
 * (pixel_order_contexts) for a Purchase sent when the order is paid; refusing deletes those
 * contexts — found by the order whose page the shopper refused on (its token), and by the
 * browser's own Meta and Google cookies — with any of their orders' events still pending. So an
 * order paid after the refusal sends no Purchase with the buyer's hashed contact.
 */
import 'server-only';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import { database } from '@/db';
import { all, run } from '@/db/driver';
import { orders, pixelEvents, pixelOrderContexts } from '@/db/schema';

export type RefusingBrowser = { orderToken?: string | null; fbp?: string | null; gaClientId?: string | null };

/** The order token in a shop path (`/orders/<token>` and its pages), or null. */
export function orderTokenOfPath(path: string): string | null {
  return /^\/orders\/([A-Za-z0-9_-]{20,100})(?:[/?#]|$)/.exec(path)?.[1] ?? null;
}

/** Deletes this browser's pending pixel contexts and their unsent events; how many contexts went. */
export async function forgetPendingPixelContexts(b: RefusingBrowser): Promise<number> {
  const which: SQL[] = [];
  if (b.orderToken) which.push(inArray(pixelOrderContexts.orderId, database().db.select({ id: orders.id }).from(orders).where(eq(orders.token, b.orderToken))));
  if (b.fbp) which.push(eq(pixelOrderContexts.fbp, b.fbp));
  if (b.gaClientId) which.push(eq(pixelOrderContexts.gaClientId, b.gaClientId));
  if (which.length === 0) return 0;
  return database().transaction(function* (tx) {
    const gone = yield* all(tx.select({ orderId: pixelOrderContexts.orderId }).from(pixelOrderContexts).where(or(...which)));
    if (gone.length === 0) return 0;
    const ids = gone.map((g) => g.orderId);
    yield* run(tx.delete(pixelEvents).where(and(inArray(pixelEvents.orderId, ids), eq(pixelEvents.status, 'pending'))));
    yield* run(tx.delete(pixelOrderContexts).where(inArray(pixelOrderContexts.orderId, ids)));
    return ids.length;
  });
}
