/**
 * Payment links: create, disable, read. The merchant's use-cases behind /dashboard/links and
 * the buyer's lookup behind /pagar/<code>. What a link has received is always counted from its
 * orders (one GROUP BY on the orders_link_created_idx index), never kept in a counter that
 * could drift from them.
 */
import 'server-only';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { db } from '@/db';
import { orders, paymentLinks, type OrderStatus, type PaymentLink } from '@/db/schema';
import { saoPauloDate } from '@balcao/br/dates';
import { looksLikeToken, newId } from '@/lib/security';
import { logger } from '@/lib/server/log';
import { reservationCutoff } from '@/lib/payment-settings/reservation';
import { getSettings } from '@/lib/payment-settings/settings';
import { looksLikeLinkCode, newLinkCode } from './code';
import type { NewLink } from './link-form';
import { holdsPlace } from './place';
import { linkState, NO_STATS, type LinkState, type LinkStats } from './status';

export type LinkWithStats = { link: PaymentLink; stats: LinkStats; state: LinkState };

function isCodeCollision(error: unknown): boolean {
  const text = `${(error as { message?: string })?.message ?? ''} ${String((error as { cause?: unknown })?.cause ?? '')}`;
  return /UNIQUE constraint failed: payment_links\.code/.test(text);
}

/** Stores a new link under a fresh code (a collision of two 71-bit codes is simply drawn again). */
export async function createLink({ variantRef: _typed, ...value }: NewLink, actor: string): Promise<PaymentLink> {
  for (let attempt = 0; ; attempt++) {
    const row = { id: newId(), code: newLinkCode(), ...value, createdBy: actor };
    try {
      await db().insert(paymentLinks).values(row);
    } catch (error) {
      if (attempt < 3 && isCodeCollision(error)) continue;
      throw error;
    }
    logger().info({ linkId: row.id, actor, amountCents: value.amountCents, maxPayments: value.maxPayments }, 'payment link created');
    return (await linkById(row.id))!;
  }
}

/**
 * "Desativar": from the next request on, /pagar/<code> offers nothing, and an order being
 * placed at this moment is refused inside its own transaction (claimLinkPlace reads
 * disabledAt there). Charges already issued stay payable (their buyer may be paying right
 * now); the merchant can cancel each on its order page. The first disabling time is kept.
 */
export async function disableLink(id: string, actor: string): Promise<'disabled' | 'already' | 'not_found'> {
  const now = new Date().toISOString();
  const changed = await db()
    .update(paymentLinks)
    .set({ disabledAt: now, updatedAt: now })
    .where(and(eq(paymentLinks.id, id), isNull(paymentLinks.disabledAt)))
    .returning({ id: paymentLinks.id });
  if (changed.length > 0) {
    logger().info({ linkId: id, actor }, 'payment link disabled');
    return 'disabled';
  }
  return (await linkById(id)) ? 'already' : 'not_found';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export async function linkById(id: string): Promise<PaymentLink | undefined> {
  if (!UUID.test(id)) return undefined;
  const [row] = await db().select().from(paymentLinks).where(eq(paymentLinks.id, id));
  return row;
}

/** The buyer's lookup; a malformed code is unknown without a query. */
export async function linkByCode(code: string): Promise<PaymentLink | undefined> {
  if (!looksLikeLinkCode(code)) return undefined;
  const [row] = await db().select().from(paymentLinks).where(eq(paymentLinks.code, code));
  return row;
}

/**
 * Pending count (and how many still hold a place: placed since the reservation's cutoff),
 * payments received and what they brought in (net of refunds), per link.
 */
export async function statsOfLinks(ids: string[], nowMs = Date.now()): Promise<Map<string, LinkStats>> {
  const out = new Map<string, LinkStats>();
  if (ids.length === 0) return out;
  const holdsSince = reservationCutoff((await getSettings()).stockHoldMinutes, nowMs);
  const rows = await db()
    .select({
      linkId: orders.paymentLinkId,
      pending: sql<number>`sum(case when ${orders.status} = 'pending' then 1 else 0 end)`,
      holding: sql<number>`sum(case when ${orders.status} = 'pending' and ${holdsPlace(holdsSince)} then 1 else 0 end)`,
      paidCount: sql<number>`sum(case when ${orders.status} in ('paid', 'refunded') then 1 else 0 end)`,
      paidCents: sql<number>`sum(case when ${orders.status} in ('paid', 'refunded') then ${orders.totalCents} - ${orders.refundedCents} else 0 end)`,
    })
    .from(orders)
    .where(inArray(orders.paymentLinkId, ids))
    .groupBy(orders.paymentLinkId);
  for (const r of rows) {
    if (r.linkId) out.set(r.linkId, { pending: Number(r.pending ?? 0), holding: Number(r.holding ?? 0), paidCount: Number(r.paidCount ?? 0), paidCents: Number(r.paidCents ?? 0) });
  }
  return out;
}

export async function statsOfLink(id: string): Promise<LinkStats> {
  return (await statsOfLinks([id])).get(id) ?? NO_STATS;
}

export const LINKS_PAGE_SIZE = 50;

/** The merchant's links, newest first, each with its counts and state (São Paulo's today). */
export async function listLinks(page = 1, now: Date = new Date()): Promise<{ rows: LinkWithStats[]; total: number; page: number; pageCount: number }> {
  const [{ n }] = await db().select({ n: sql<number>`count(*)` }).from(paymentLinks);
  const total = Number(n);
  const pageCount = Math.max(1, Math.ceil(total / LINKS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const links = await db()
    .select()
    .from(paymentLinks)
    .orderBy(desc(paymentLinks.createdAt), desc(paymentLinks.id))
    .limit(LINKS_PAGE_SIZE)
    .offset((current - 1) * LINKS_PAGE_SIZE);
  const stats = await statsOfLinks(links.map((l) => l.id));
  const today = saoPauloDate(now);
  return {
    rows: links.map((link) => {
      const s = stats.get(link.id) ?? NO_STATS;
      return { link, stats: s, state: linkState(link, s, today) };
    }),
    total,
    page: current,
    pageCount,
  };
}

/** The newest links' ids and titles for the orders list's filter, and the one selected even when older. */
export async function linkChoices(selected?: string, limit = 200): Promise<{ id: string; title: string }[]> {
  const rows = await db().select({ id: paymentLinks.id, title: paymentLinks.title }).from(paymentLinks).orderBy(desc(paymentLinks.createdAt)).limit(limit);
  if (selected && !rows.some((r) => r.id === selected)) {
    const [extra] = await db().select({ id: paymentLinks.id, title: paymentLinks.title }).from(paymentLinks).where(eq(paymentLinks.id, selected));
    if (extra) rows.push(extra);
  }
  return rows;
}

/** Titles of the links these orders came from (by id). */
export async function linkTitlesOf(ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => !!id))];
  if (wanted.length === 0) return new Map();
  const rows = await db().select({ id: paymentLinks.id, title: paymentLinks.title }).from(paymentLinks).where(inArray(paymentLinks.id, wanted));
  return new Map(rows.map((r) => [r.id, r.title]));
}

/** One link with its counts and state, for its dashboard page. */
export async function linkWithStats(id: string, now: Date = new Date()): Promise<LinkWithStats | undefined> {
  const link = await linkById(id);
  if (!link) return undefined;
  const stats = await statsOfLink(id);
  return { link, stats, state: linkState(link, stats, saoPauloDate(now)) };
}

/** The buyer's view of a link by its code: the link, its counts and state. */
export async function linkForBuyer(code: string, now: Date = new Date()): Promise<LinkWithStats | undefined> {
  const link = await linkByCode(code);
  if (!link) return undefined;
  const stats = await statsOfLink(link.id);
  return { link, stats, state: linkState(link, stats, saoPauloDate(now)) };
}

/**
 * The order this buyer placed through this link (the token their browser kept), if it is one:
 * a returning buyer of a one-off link finds their own order instead of "já foi pago".
 */
export async function buyerOrderOnLink(token: string | undefined, linkId: string): Promise<{ token: string; status: OrderStatus } | null> {
  if (!token || !looksLikeToken(token)) return null;
  const [row] = await db()
    .select({ token: orders.token, status: orders.status })
    .from(orders)
    .where(and(eq(orders.token, token), eq(orders.paymentLinkId, linkId)));
  return row ?? null;
}

/** The cookie in which the buyer's browser keeps its order on a link (path /pagar/<code>). */
export function buyerCookieName(code: string): string {
  return `balcao_link_${code}`;
}
