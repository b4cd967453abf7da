/**
 * GET /api/v1/checkouts/abandoned: the saved checkouts, newest change first, keyset-paged like
 * the orders (docs/reference.md), and the `checkout.abandoned` event's `data.checkout`. The API
 * key is the merchant's: contacts are not masked.
 */
import 'server-only';
import { and, desc, eq, like, lt, or, sql } from 'drizzle-orm';
import { database } from '@/db';
import { checkoutDrafts, emailOutbox, type CheckoutDraftRow } from '@/db/schema';
import { isExpired } from '@/lib/checkout/drafts/reminders';
import { parseFields, parseLines } from '@/lib/checkout/drafts/drafts';
import { shopNow } from '@/lib/embedded-provider/clock';

export type ApiAbandonedCheckout = {
  id: string;
  status: 'open' | 'recovered' | 'expired';
  contact: { email: string | null; phone: string | null; name: string | null };
  total: number;
  /** Where it was left: the cart's checkout, a payment link (`source_ref` its code) or an API session (its id). */
  source: 'cart' | 'link' | 'session';
  source_ref: string | null;
  /** A payment link's line has no product (`product_id` null). */
  items: { product_id: number | null; variant_id: number | null; name: string; quantity: number; unit_price: number }[];
  reminders_sent: number;
  order_id: string | null;
  updated_at: string;
};

export async function apiAbandoned(d: CheckoutDraftRow, now = shopNow()): Promise<ApiAbandonedCheckout> {
  const sent = await database()
    .db.select({ n: sql<number>`count(*)` })
    .from(emailOutbox)
    .where(and(like(emailOutbox.dedupeKey, `draft:${d.id}:%`), sql`${emailOutbox.status} <> 'skipped'`));
  return {
    id: d.id,
    status: d.status === 'converted' ? 'recovered' : isExpired(d, now) ? 'expired' : 'open',
    contact: { email: d.email, phone: d.phone ? `+55${d.phone}` : null, name: parseFields(d.fields).name ?? null },
    total: d.totalCents,
    source: d.source,
    source_ref: d.sourceRef,
    items: parseLines(d.lines).map((l) => ({ product_id: l.productId, variant_id: l.variantId ?? null, name: l.name, quantity: l.quantity, unit_price: l.unitCents })),
    reminders_sent: Number(sent[0]?.n ?? 0),
    order_id: d.orderId,
    updated_at: d.updatedAt,
  };
}

const encodeCursor = (d: Pick<CheckoutDraftRow, 'updatedAt' | 'id'>) => Buffer.from(`${d.updatedAt}|${d.id}`, 'utf8').toString('base64url');
function decodeCursor(cursor: string): { updatedAt: string; id: string } | null {
  const m = /^(\d{4}-\d\d-\d\dT[\d:.]+Z)\|([0-9a-f-]{36})$/.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  return m ? { updatedAt: m[1], id: m[2] } : null;
}

/** A page, newest change first; `null` when the cursor is not one this API gave. */
export async function listApiAbandoned(limit: number, cursor?: string): Promise<{ data: ApiAbandonedCheckout[]; next_cursor: string | null } | null> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (after === null) return null;
  const where = after ? or(lt(checkoutDrafts.updatedAt, after.updatedAt), and(eq(checkoutDrafts.updatedAt, after.updatedAt), lt(checkoutDrafts.id, after.id))) : undefined;
  const rows = await database().db.select().from(checkoutDrafts).where(where).orderBy(desc(checkoutDrafts.updatedAt), desc(checkoutDrafts.id)).limit(limit + 1);
  const page = rows.slice(0, limit);
  const now = shopNow();
  return { data: await Promise.all(page.map((d) => apiAbandoned(d, now))), next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null };
}

/** The draft a `checkout.abandoned` event names (its dedupe key), as the webhook's `data.checkout`. */
export async function abandonedOfEvent(dedupeKey: string): Promise<ApiAbandonedCheckout | null> {
  const id = dedupeKey.startsWith('checkout.abandoned:') ? dedupeKey.slice('checkout.abandoned:'.length) : null;
  if (!id) return null;
  const [d] = await database().db.select().from(checkoutDrafts).where(eq(checkoutDrafts.id, id));
  return d ? apiAbandoned(d) : null;
}
