/**
 * Checkout sessions as the shop keeps them (created by lib/public-api, paid at /c/<id>): reading one,
 * its state, and the step that ties it to its one order inside that order's transaction.
 * A session's lines were priced when it was created; the order takes them as they are.
 */
import 'server-only';
import { cache } from 'react';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppSchema } from '@/db';
import { database } from '@/db';
import { get, run, type AnyDb, type Step } from '@/db/driver';
import { apiKeyOrigins, checkoutSessions, orders, type CheckoutSessionRow, type OrderStatus } from '@/db/schema';
import type { OrderLine } from '@/lib/orders/pricing';

export type SessionCustomer = { name?: string; document?: string; email?: string; phone?: string };
export type SessionState = 'open' | 'complete' | 'expired';

export type CheckoutSession = {
  id: string;
  apiKeyId: string;
  lines: OrderLine[];
  amountTotalCents: number;
  customer: SessionCustomer;
  methods: ('pix' | 'boleto')[];
  successUrl: string;
  cancelUrl: string | null;
  metadata: Record<string, string>;
  expiresAt: string;
  createdAt: string;
  orderId: string | null;
};

export function sessionOf(row: CheckoutSessionRow): CheckoutSession {
  return {
    id: row.id,
    apiKeyId: row.apiKeyId,
    lines: JSON.parse(row.lines) as OrderLine[],
    amountTotalCents: row.amountTotalCents,
    customer: JSON.parse(row.customer) as SessionCustomer,
    methods: row.methods.split(',') as ('pix' | 'boleto')[],
    successUrl: row.successUrl,
    cancelUrl: row.cancelUrl,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    expiresAt: row.expiresAt,
    createdAt: row.createdAt,
    orderId: row.orderId,
  };
}

const SESSION_ID = /^cs_[A-Za-z0-9_-]{20,64}$/;

export async function sessionById(id: string): Promise<CheckoutSession | null> {
  if (!SESSION_ID.test(id)) return null;
  const [row] = await database().db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row ? sessionOf(row) : null;
}

/**
 * complete: its order is paid (or was, and was refunded); expired: past its expiry with no
 * order, or its order ended unpaid; open otherwise (no order yet, or one waiting for payment).
 */
export function sessionState(session: Pick<CheckoutSession, 'expiresAt'>, orderStatus: OrderStatus | null, now = Date.now()): SessionState {
  if (orderStatus === 'paid' || orderStatus === 'refunded') return 'complete';
  if (orderStatus === 'canceled' || orderStatus === 'expired') return 'expired';
  if (orderStatus === 'pending') return 'open';
  return Date.parse(session.expiresAt) <= now ? 'expired' : 'open';
}

export type SessionRefusal = 'not_found' | 'expired' | 'taken';

/**
 * Inside the order's transaction, right before the order is inserted: the session must exist,
 * be unexpired and have no order yet. Returns its lines. Writes nothing; `attachSessionOrder`
 * (after the insert) sets `order_id`, whose unique index is the last guard: two tabs paying the
 * same session make one order.
 */
export function* claimSession(tx: AnyDb<AppSchema>, sessionId: string, nowMs: number): Generator<Step, { ok: true; session: CheckoutSession } | { ok: false; reason: SessionRefusal }, unknown> {
  const row = yield* get(tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId)));
  if (!row) return { ok: false, reason: 'not_found' };
  if (row.orderId) return { ok: false, reason: 'taken' };
  if (Date.parse(row.expiresAt) <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, session: sessionOf(row) };
}

/** Sets the session's order, only if it has none (compare-and-set); throws otherwise, rolling the order back. */
export function* attachSessionOrder(tx: AnyDb<AppSchema>, sessionId: string, orderId: string): Generator<Step, void, unknown> {
  const changed = yield* run(
    tx
      .update(checkoutSessions)
      .set({ orderId })
      .where(and(eq(checkoutSessions.id, sessionId), isNull(checkoutSessions.orderId))),
  );
  if (changed !== 1) throw new Error(`checkout session ${sessionId} already has an order`);
}

/**
 * The session an order was placed from, if any (for the order page's "Voltar para a loja" and the
 * API's order). The order page asks twice (the return link, the Pix offer): once per render.
 */
export const sessionOfOrder = cache(readSessionOfOrder);

async function readSessionOfOrder(orderId: string): Promise<CheckoutSession | null> {
  const [row] = await database().db.select().from(checkoutSessions).where(eq(checkoutSessions.orderId, orderId));
  return row ? sessionOf(row) : null;
}

/** The order's status for a session (null: none yet). */
export async function sessionOrderStatus(session: CheckoutSession): Promise<{ status: OrderStatus; token: string } | null> {
  if (!session.orderId) return null;
  const [o] = await database().db.select({ status: orders.status, token: orders.token }).from(orders).where(eq(orders.id, session.orderId));
  return o ?? null;
}

export const SESSION_REFUSAL_MESSAGES: Record<SessionRefusal, string> = {
  not_found: 'Esta sessão de pagamento não existe. Volte para a loja e tente de novo.',
  expired: 'Esta sessão de pagamento expirou. Volte para a loja e tente de novo.',
  taken: 'Esta sessão de pagamento já tem um pedido.',
};

/**
 * Where "Voltar para a loja" (or the way back without paying) may lead for this session: its own
 * URL, and only while that URL's origin is one its key registered when creating sessions.
 * Anything else: nowhere (null), never an open redirect.
 */
export async function safeReturnUrl(session: CheckoutSession, which: 'success' | 'cancel'): Promise<string | null> {
  const url = which === 'success' ? session.successUrl : session.cancelUrl;
  if (!url || !URL.canParse(url)) return null;
  const u = new URL(url);
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
  const [known] = await database()
    .db.select({ origin: apiKeyOrigins.origin })
    .from(apiKeyOrigins)
    .where(and(eq(apiKeyOrigins.apiKeyId, session.apiKeyId), eq(apiKeyOrigins.origin, u.origin)));
  return known ? url : null;
}

/** "Voltar para a loja" of an order placed from a session: the session's success_url, when safe. */
export async function storeReturnUrlOfOrder(orderId: string): Promise<string | null> {
  const session = await sessionOfOrder(orderId);
  return session ? safeReturnUrl(session, 'success') : null;
}
