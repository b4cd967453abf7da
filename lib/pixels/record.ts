/**
 * Pixel events enter the outbox here: one row per platform that is on, keyed on the event's
 * cause (`<platform>:<name>:<cause>`, unique), with the platform's body fixed at that moment.
 * A second process, a duplicate webhook or a reload that writes the same cause adds nothing
 * (ON CONFLICT DO NOTHING). The request that wrote a row sends it right after its response
 * (lib/server/after-pass.ts, kind 'pixel'); lib/pixels/sender.ts is the sender.
 *
 * Consent: nothing is written for a shopper who did not accept marketing cookies. An order's
 * Purchase is written only when the order is paid, and only when its buyer's consent was
 * kept (pixel_order_contexts, written when the order's page is shown with consent).
 */
import { createHash, randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import { database, type Tx } from '@/db';
import { get, reads, run, write, type Rows, type Step } from '@/db/driver';
import { orderItems, orders, pixelEvents, pixelOrderContexts, pixelSettings, type PixelPlatform } from '@/db/schema';
import { noteOutboxRow } from '@/lib/server/after-pass';
import type { PixelsOn } from './csp';
import { ga4Body, metaEvent, type PixelEventFacts, type PixelItem, type Visitor } from './payloads';
import { pixelSettingsOf, pixelsOnOf } from './pixels-on';

/** A new event id for a browsing event (one page served, one item added). */
export function newPixelEventId(): string {
  return randomUUID();
}

/**
 * The Purchase's event id, the same for the server's event and the order page's browser event:
 * derived from the order, so neither side needs to store it, and revealing nothing of the id.
 */
export function purchaseEventId(orderId: string): string {
  return `purchase.${createHash('sha256').update(`pixel-purchase:${orderId}`).digest('base64url').slice(0, 22)}`;
}

/** A line's content id: its SKU; a product without variants (no SKU) by its catalog id. */
export function contentIdOf(line: { sku?: string | null; productId?: number | null; name: string }): string {
  return line.sku || (line.productId ? String(line.productId) : line.name.slice(0, 100));
}

export function pixelDedupeKey(platform: PixelPlatform, facts: Pick<PixelEventFacts, 'name'>, cause: string): string {
  return `${platform}:${facts.name}:${cause}`;
}

/** The rows of one event, one per platform that is on; returns how many were new. */
export function* writePixelEvent(
  tx: Tx,
  facts: PixelEventFacts,
  cause: string,
  on: PixelsOn,
  /** `held`: the rows' writes are held (nothing counts them; each is counted as written), so they can travel in one batch. */
  opts: { orderId?: string; now?: Date; held?: boolean } = {},
): Generator<Step, number, unknown> {
  const nowIso = (opts.now ?? new Date()).toISOString();
  let added = 0;
  const bodies: [PixelPlatform, Record<string, unknown>][] = [];
  if (on.meta) bodies.push(['meta', metaEvent(facts)]);
  if (on.ga4) bodies.push(['ga4', ga4Body(facts, fallbackClientId(facts.eventId))]);
  for (const [platform, body] of bodies) {
    const dedupeKey = pixelDedupeKey(platform, facts, cause);
    noteOutboxRow('pixel', dedupeKey);
    const insert = tx
        .insert(pixelEvents)
        .values({
          dedupeKey,
          platform,
          name: platform === 'ga4' ? String((body.events as { name: string }[])[0].name) : facts.name,
          eventId: facts.eventId,
          orderId: opts.orderId ?? null,
          body: JSON.stringify(body),
          nextAttemptAt: nowIso,
          createdAt: nowIso,
        })
        .onConflictDoNothing();
    if (opts.held) {
      yield* write(insert);
      added++;
    } else added += yield* run(insert);
  }
  return added;
}

/** A client id for GA when the browser has no `_ga` cookie yet: stable per event, in GA's shape. */
function fallbackClientId(seed: string): string {
  const h = createHash('sha256').update(`ga-client:${seed}`).digest();
  return `${h.readUInt32BE(0)}.${h.readUInt32BE(4) % 2_000_000_000}`;
}

/** A browsing event (PageView, ViewContent, AddToCart, InitiateCheckout) of a consenting shopper. */
export async function recordBrowsingEvent(facts: PixelEventFacts, on: PixelsOn): Promise<number> {
  if (!on.meta && !on.ga4) return 0;
  return database().transaction(function* (tx) {
    return yield* writePixelEvent(tx, facts, `visit:${facts.eventId}`, on);
  });
}

/**
 * Inside the paying transaction (lib/payments/state-effects.ts, on entering paid): the order's
 * Purchase for each platform on, when its buyer consented. Never at order creation.
 */
export function* recordPurchase(tx: Tx, orderId: string, now = new Date()): Generator<Step, number, unknown> {
  const purchase = purchaseOf(orderId, yield* reads(purchaseQueries(tx, orderId)), now);
  return purchase ? yield* writePixelEvent(tx, purchase.facts, `order:${orderId}`, purchase.on, { orderId, now }) : 0;
}

/**
 * What an order's Purchase reads, as independent queries (the one writer reads them with its
 * other effects' reads, in one round trip on libSQL): the pixels' settings, the buyer's kept
 * context, the order and its lines.
 */
export function purchaseQueries(tx: Tx, orderId: string) {
  return [
    tx.select().from(pixelSettings).where(eq(pixelSettings.id, 1)),
    tx.select().from(pixelOrderContexts).where(eq(pixelOrderContexts.orderId, orderId)),
    tx.select({ number: orders.number, totalCents: orders.totalCents, email: orders.buyerEmail, phone: orders.buyerPhone }).from(orders).where(eq(orders.id, orderId)),
    tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id)),
  ] as const;
}

export type PurchaseReads = Rows<ReturnType<typeof purchaseQueries>>;

/** The Purchase's rows from what `purchaseQueries` read, as held writes only (one batch can carry them). */
export function* queuePurchase(tx: Tx, orderId: string, read: PurchaseReads, now = new Date()): Generator<Step, number, unknown> {
  const purchase = purchaseOf(orderId, read, now);
  return purchase ? yield* writePixelEvent(tx, purchase.facts, `order:${orderId}`, purchase.on, { orderId, now, held: true }) : 0;
}

/** The Purchase's facts, or nothing: no pixel on, no kept consent, no order. */
function purchaseOf(orderId: string, [[settings], [context], [order], lines]: PurchaseReads, now: Date): { facts: PixelEventFacts; on: PixelsOn } | undefined {
  const on = pixelsOnOf(pixelSettingsOf(settings));
  if ((!on.meta && !on.ga4) || !context || !order) return undefined;
  const items: PixelItem[] = lines.map((l) => ({ id: contentIdOf(l), name: l.name, quantity: l.quantity, unitCents: l.unitPriceCents }));
  const visitor: Visitor = { fbp: context.fbp, fbc: context.fbc, gaClientId: context.gaClientId, ip: context.clientIp, userAgent: context.userAgent };
  const facts: PixelEventFacts = {
    name: 'Purchase',
    eventId: purchaseEventId(orderId),
    at: now,
    url: context.sourceUrl,
    valueCents: order.totalCents,
    items,
    orderNumber: order.number ? String(order.number) : orderId,
    buyer: { email: order.email, phone: order.phone },
    visitor,
  };
  return { facts, on };
}

/**
 * The order's page shown to a consenting shopper: what their browser brought is kept for the
 * order's Purchase (the first visit's values win). An order already paid gets its Purchase now
 * (it was paid before its page was shown); the unique key keeps it to one.
 */
export async function keepOrderContext(orderId: string, visitor: Visitor & { url?: string | null }): Promise<void> {
  await database().transaction(function* (tx) {
    yield* run(
      tx
        .insert(pixelOrderContexts)
        .values({
          orderId,
          fbp: visitor.fbp ?? null,
          fbc: visitor.fbc ?? null,
          gaClientId: visitor.gaClientId ?? null,
          clientIp: visitor.ip ?? null,
          userAgent: visitor.userAgent?.slice(0, 500) ?? null,
          sourceUrl: visitor.url ?? null,
        })
        .onConflictDoNothing(),
    );
    const order = yield* get(tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)));
    if (order?.status === 'paid') yield* recordPurchase(tx, orderId);
  });
}
