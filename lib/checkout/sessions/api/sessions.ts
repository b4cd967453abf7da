/**
 * POST and GET /api/v1/checkout/sessions: a store's server creates a session (lines priced now,
 * by the orders' one line pricing, lib/orders/pricing.ts `orderLine`: catalog products at the
 * catalog's price, ad-hoc lines at the amount sent), the buyer pays it
 * at /c/<id>. success_url and cancel_url must be https in production; their origins are
 * remembered for the key (api_key_origins) and the hosted checkout sends the buyer nowhere else.
 */
import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { run } from '@/db/driver';
import { apiKeyOrigins, checkoutSessions, orders } from '@/db/schema';
import { env } from '@/lib/config/env';
import { itemsOfProducts, productBySlug, productsByIds, variantByRef, type CatalogItem } from '@/lib/catalog';
import { sessionById, sessionState, type CheckoutSession } from '../sessions';
import { MAX_ORDER_CENTS, MIN_ORDER_CENTS, orderLine, type OrderLine } from '@/lib/orders/pricing';
import { apiError, type ApiResult, type ApiCaller, apiOrderById, SESSION_MAX_HOURS, SESSION_MIN_MINUTES, type CreateSessionRequest } from '@/lib/public-api';

export function sessionUrl(id: string): string {
  return `${env().appUrl}/c/${id}`;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * An https URL, without credentials. Outside production http is fine too; in production plain
 * http is accepted only on a loopback host (a store running on the buyer's own machine, as in a
 * developer's test against a production build): nothing crosses a network unencrypted.
 */
function redirectUrlProblem(url: string): string | null {
  const u = new URL(url);
  if (u.username || u.password) return 'must not carry credentials';
  if (u.protocol === 'https:') return null;
  if (u.protocol === 'http:' && (!env().isProduction || LOOPBACK_HOSTS.has(u.hostname))) return null;
  return env().isProduction ? 'must be an https URL' : 'must be an http(s) URL';
}

async function productOf(ref: string): Promise<CatalogItem | null> {
  const p = /^\d+$/.test(ref) ? ((await productsByIds([Number(ref)]))[0] ?? null) : await productBySlug(ref);
  if (!p) return null;
  // A product named alone sells its implicit variant; one with options must name the variant.
  return (await itemsOfProducts([p.id])).find((v) => !v.variantName) ?? null;
}

/** A variant on sale by its id or its SKU. */
async function variantOf(ref: string): Promise<CatalogItem | null> {
  const v = await variantByRef(ref);
  if (!v) return null;
  return (await itemsOfProducts([v.productId])).find((i) => i.variantId === v.variantId) ?? null;
}

export async function createSession(caller: ApiCaller, req: CreateSessionRequest): Promise<ApiResult> {
  for (const field of ['success_url', 'cancel_url'] as const) {
    const url = req[field];
    const problem = url ? redirectUrlProblem(url) : null;
    if (problem) return apiError('invalid_request', `${field}: ${problem}`, field);
  }
  const lines: OrderLine[] = [];
  for (const [i, item] of req.items.entries()) {
    if ('product_id' in item || 'variant_id' in item) {
      const field = 'product_id' in item ? 'product_id' : 'variant_id';
      const p = 'product_id' in item ? await productOf(item.product_id) : await variantOf(item.variant_id);
      if (!p) {
        const what = field === 'product_id' ? 'no product on sale with this id (a product with options needs variant_id)' : 'no variant on sale with this id or SKU';
        return apiError('invalid_request', `items.${i}.${field}: ${what}`, `items.${i}.${field}`);
      }
      // The hosted checkout asks no delivery address yet: products that ship are sold through the shop's own cart.
      if (p.requiresShipping) return apiError('invalid_request', `items.${i}.${field}: this product needs delivery, which checkout sessions do not offer yet`, `items.${i}.${field}`);
      lines.push(orderLine(p, item.quantity, p.priceCents));
    } else {
      lines.push(orderLine({ name: item.name }, item.quantity, item.amount));
    }
  }
  const total = lines.reduce((n, l) => n + l.lineTotalCents, 0);
  if (total < MIN_ORDER_CENTS) return apiError('invalid_request', `items: the total must be at least ${MIN_ORDER_CENTS} centavos`, 'items');
  if (total > MAX_ORDER_CENTS) return apiError('invalid_request', `items: the total must be at most ${MAX_ORDER_CENTS} centavos`, 'items');

  const now = Date.now();
  const expiresMs = req.expires_at ? Date.parse(req.expires_at) : now + SESSION_MAX_HOURS * 3_600_000;
  if (expiresMs < now + SESSION_MIN_MINUTES * 60_000 || expiresMs > now + SESSION_MAX_HOURS * 3_600_000 + 60_000) {
    return apiError('invalid_request', `expires_at: between ${SESSION_MIN_MINUTES} minutes and ${SESSION_MAX_HOURS} hours from now`, 'expires_at');
  }
  const id = `cs_${randomBytes(24).toString('base64url')}`;
  const expiresAt = new Date(expiresMs).toISOString();
  const methods = req.methods ? [...new Set(req.methods)].sort((a, b) => (a === 'pix' ? -1 : b === 'pix' ? 1 : 0)) : ['pix', 'boleto'];
  const origins = [...new Set([req.success_url, req.cancel_url].flatMap((u) => (u ? [new URL(u).origin] : [])))];
  await database().transaction(function* (tx) {
    yield* run(
      tx.insert(checkoutSessions).values({
        id,
        apiKeyId: caller.keyId,
        lines: JSON.stringify(lines),
        amountTotalCents: total,
        customer: JSON.stringify(req.customer ?? {}),
        methods: methods.join(','),
        successUrl: req.success_url,
        cancelUrl: req.cancel_url ?? null,
        metadata: JSON.stringify(req.metadata ?? {}),
        expiresAt,
        createdAt: new Date(now).toISOString(),
      }),
    );
    for (const origin of origins) yield* run(tx.insert(apiKeyOrigins).values({ apiKeyId: caller.keyId, origin }).onConflictDoNothing());
  });
  return { status: 201, body: { id, url: sessionUrl(id), status: 'open', amount_total: total, expires_at: expiresAt } };
}

export async function sessionJson(session: CheckoutSession): Promise<Record<string, unknown>> {
  const status = session.orderId
    ? (await database().db.select({ status: orders.status }).from(orders).where(eq(orders.id, session.orderId)))[0]?.status ?? null
    : null;
  return {
    id: session.id,
    status: sessionState(session, status),
    amount_total: session.amountTotalCents,
    expires_at: session.expiresAt,
    url: sessionUrl(session.id),
    metadata: session.metadata,
    order: session.orderId ? await apiOrderById(session.orderId) : null,
  };
}

/** A key sees only its own sessions (another key's is 404, as an unknown one). */
export async function readSession(caller: ApiCaller, id: string): Promise<ApiResult> {
  const session = await sessionById(id);
  if (!session || session.apiKeyId !== caller.keyId) return apiError('not_found', 'No checkout session with this id.');
  return { status: 200, body: await sessionJson(session) };
}
