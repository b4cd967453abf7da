/**
 * GET /api/v1/checkouts/abandoned: the saved checkouts, newest change first, keyset-paged like
 * the orders (docs/reference.md), and the `checkout.abandoned` event's `data.checkout`. The list
 * follows the key's order scope: a key with "own" sees only the checkouts of its own sessions; a
 * key with "all" sees every saved checkout, but a session id (which opens that checkout prefilled)
 * only for the sessions it created itself.
 */
import 'server-only';
import { and, desc, eq, inArray, like, lt, or, sql, type SQL } from 'drizzle-orm';
import { database } from '@/db';
import { checkoutDrafts, checkoutSessions, emailOutbox, type CheckoutDraftRow } from '@/db/schema';
import { isExpired, parseFields, parseLines } from '@/lib/checkout';
import { shopNow } from '@/lib/embedded-provider/clock';
import type { ApiCaller } from './keys';

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

type Scope = Pick<ApiCaller, 'keyId' | 'orderScope'>;

/** The session ids a key created (the only ones it may be given back). */
const ownSessions = (keyId: string) => database().db.select({ id: checkoutSessions.id }).from(checkoutSessions).where(eq(checkoutSessions.apiKeyId, keyId));

/** The drafts `caller` may list: undefined (no condition) for "all". */
function draftScopeOf(caller: Scope): SQL | undefined {
  if (caller.orderScope === 'all') return undefined;
  return and(eq(checkoutDrafts.source, 'session'), inArray(checkoutDrafts.sourceRef, ownSessions(caller.keyId)));
}

/** `ownSessionIds`: the reader's own sessions (undefined = the shop itself); another key's session id is blanked. */
export async function apiAbandoned(d: CheckoutDraftRow, now = shopNow(), ownSessionIds?: ReadonlySet<string>): Promise<ApiAbandonedCheckout> {
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
    source_ref: d.source === 'session' && ownSessionIds && !ownSessionIds.has(d.sourceRef ?? '') ? null : d.sourceRef,
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
export async function listApiAbandoned(caller: Scope, limit: number, cursor?: string): Promise<{ data: ApiAbandonedCheckout[]; next_cursor: string | null } | null> {
  const after = cursor ? decodeCursor(cursor) : undefined;
  if (after === null) return null;
  const where = after ? or(lt(checkoutDrafts.updatedAt, after.updatedAt), and(eq(checkoutDrafts.updatedAt, after.updatedAt), lt(checkoutDrafts.id, after.id))) : undefined;
  const rows = await database().db.select().from(checkoutDrafts).where(and(where, draftScopeOf(caller))).orderBy(desc(checkoutDrafts.updatedAt), desc(checkoutDrafts.id)).limit(limit + 1);
  const page = rows.slice(0, limit);
  const now = shopNow();
  const refs = page.filter((d) => d.source === 'session' && d.sourceRef).map((d) => d.sourceRef!);
  const own = refs.length ? await database().db.select({ id: checkoutSessions.id }).from(checkoutSessions).where(and(eq(checkoutSessions.apiKeyId, caller.keyId), inArray(checkoutSessions.id, refs))) : [];
  const ownIds = new Set(own.map((r) => r.id));
  return { data: await Promise.all(page.map((d) => apiAbandoned(d, now, ownIds))), next_cursor: rows.length > limit ? encodeCursor(page[page.length - 1]) : null };
}

/** The draft a `checkout.abandoned` event names (its dedupe key), as the webhook's `data.checkout`. */
export async function abandonedOfEvent(dedupeKey: string): Promise<ApiAbandonedCheckout | null> {
  const id = dedupeKey.startsWith('checkout.abandoned:') ? dedupeKey.slice('checkout.abandoned:'.length) : null;
  if (!id) return null;
  const [d] = await database().db.select().from(checkoutDrafts).where(eq(checkoutDrafts.id, id));
  return d ? apiAbandoned(d) : null;
}
