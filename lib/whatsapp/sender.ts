/**
 * The WhatsApp channel of the outbox: `sendWhatsappRow(row)` sends one message and says how it
 * went (sent with Meta's wamid, a retryable failure, or a permanent one with the reason in the
 * shopkeeper's words); `drainWhatsapp` claims due rows with a lease — one UPDATE that only one
 * process can win, so the Node host's loop, a request's after-pass and the cron route never send
 * one row twice — sends, and records: retry after 10 s · 4^(n−1) (at most 1 h), given up after
 * 8 attempts. The message is filled from the order as it is at send time; an instructions
 * message for an order already paid is skipped.
 */
import 'server-only';
import { and, asc, count, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import { database, db } from '@/db';
import { run } from '@/db/driver';
import { orders, payments, whatsappOptOuts, whatsappOutbox, currentPaymentOf, type WhatsappOutboxRow } from '@/db/schema';
import { orderLabel } from '@/lib/orders/format';
import { getShopIdentity } from '@/lib/shop/identity';
import { intervalLoop } from '@/lib/server/interval-loop';
import { logger } from '@/lib/server/log';
import { cloudApi, reasonInWords, WhatsappError, type CloudApi } from './cloud-api';
import { buildTemplate, OPT_OUT_ANSWER, type MessageData } from './messages';
import { connectionOf, getWhatsappSettings, type WhatsappConnection } from './settings';
import { inProcessFetch, whatsappSandbox } from './sandbox';

export const LEASE_MS = 60_000;
export const MAX_ATTEMPTS = 8;
export function retryDelayMs(attempt: number): number {
  return Math.min(10_000 * 4 ** Math.max(0, attempt - 1), 3600_000);
}

export type SendOutcome = { outcome: 'sent'; wamid: string } | { outcome: 'retry'; reason: string } | { outcome: 'failed'; reason: string } | { outcome: 'skipped'; reason: string };

/** The client a connection gives (the embedded sandbox in process). */
export function clientOf(c: WhatsappConnection, fetchImpl?: typeof fetch): CloudApi {
  return cloudApi({ baseUrl: c.embedded ? 'http://embedded.invalid' : c.baseUrl, token: c.token, phoneNumberId: c.phoneNumberId, fetch: fetchImpl ?? (c.embedded ? inProcessFetch(whatsappSandbox()) : undefined) });
}

async function messageData(orderId: string): Promise<{ data: MessageData; status: string } | null> {
  const [order] = await db().select().from(orders).where(eq(orders.id, orderId));
  if (!order) return null;
  const [payment] = await db().select().from(payments).where(currentPaymentOf(order.id));
  return {
    status: order.status,
    data: {
      shopName: (await getShopIdentity()).name,
      orderLabel: orderLabel(order),
      orderToken: order.token,
      method: order.method,
      totalCents: order.totalCents,
      pixCode: payment?.pixCode ?? null,
      payableUntil: payment?.payableUntil ?? null,
      digitableLine: payment?.digitableLine ?? null,
      dueDate: payment?.dueDate ?? null,
      trackingCode: order.trackingCode,
      trackingUrl: order.trackingUrl,
    },
  };
}

/** Sends one row's message (no database writes). */
export async function sendWhatsappRow(row: WhatsappOutboxRow, deps: { client?: CloudApi } = {}): Promise<SendOutcome> {
  const conn = connectionOf(await getWhatsappSettings());
  if (!conn) return { outcome: 'failed', reason: 'WhatsApp desligado nas Configurações' };
  const client = deps.client ?? clientOf(conn);
  if (row.kind !== 'opt_out_ack') {
    const [out] = await db().select().from(whatsappOptOuts).where(eq(whatsappOptOuts.phone, row.recipient));
    if (out) return { outcome: 'skipped', reason: 'O número pediu para sair ("SAIR")' };
  }
  try {
    if (row.kind === 'opt_out_ack') return { outcome: 'sent', ...(await client.sendText(row.recipient, OPT_OUT_ANSWER)) };
    if (row.kind === 'cart_reminder' || !row.orderId) return { outcome: 'failed', reason: 'mensagem sem pedido' };
    const loaded = await messageData(row.orderId);
    if (!loaded) return { outcome: 'skipped', reason: 'pedido não encontrado' };
    if (row.kind === 'instructions' && loaded.status !== 'pending') return { outcome: 'skipped', reason: 'o pedido já não está aguardando pagamento' };
    const built = buildTemplate(row.kind, loaded.data);
    if (!built.ok) return { outcome: 'failed', reason: built.reason };
    return { outcome: 'sent', ...(await client.sendTemplate(row.recipient, built.template)) };
  } catch (e) {
    if (!(e instanceof WhatsappError)) throw e;
    const reason = reasonInWords(e.code, e.message);
    return e.kind === 'retry' ? { outcome: 'retry', reason } : { outcome: 'failed', reason };
  }
}

async function claim(row: WhatsappOutboxRow, nowMs: number): Promise<boolean> {
  const iso = new Date(nowMs).toISOString();
  const n = await database().transaction(function* (tx) {
    return yield* run(
      tx
        .update(whatsappOutbox)
        .set({ leaseUntil: new Date(nowMs + LEASE_MS).toISOString(), attempts: row.attempts + 1 })
        .where(and(eq(whatsappOutbox.id, row.id), eq(whatsappOutbox.status, 'pending'), eq(whatsappOutbox.attempts, row.attempts), lte(whatsappOutbox.nextAttemptAt, iso), or(isNull(whatsappOutbox.leaseUntil), lt(whatsappOutbox.leaseUntil, iso)))),
    );
  });
  return n === 1;
}

async function record(row: WhatsappOutboxRow, r: SendOutcome, nowMs: number): Promise<void> {
  const attempts = row.attempts + 1;
  const iso = new Date(nowMs).toISOString();
  const giveUp = r.outcome === 'retry' && attempts >= MAX_ATTEMPTS;
  const set =
    r.outcome === 'sent'
      ? { status: 'sent' as const, wamid: r.wamid, delivery: 'sent' as const, sentAt: iso, lastError: null }
      : { status: r.outcome === 'retry' && !giveUp ? ('pending' as const) : r.outcome === 'skipped' ? ('skipped' as const) : ('failed' as const), lastError: r.reason, nextAttemptAt: new Date(nowMs + retryDelayMs(attempts)).toISOString() };
  await database().transaction(function* (tx) {
    yield* run(tx.update(whatsappOutbox).set({ ...set, leaseUntil: null, updatedAt: iso }).where(eq(whatsappOutbox.id, row.id)));
  });
  if (r.outcome !== 'sent') logger().info({ whatsappOutboxId: row.id, kind: row.kind, outcome: r.outcome, reason: r.reason }, 'whatsapp message not sent');
}

export type DrainResult = { sent: number; retry: number; failed: number };

/** One pass over the due rows (only `keys` when given: a request's after-pass). */
export async function drainWhatsapp(deps: { keys?: readonly string[]; now?: () => number; client?: CloudApi } = {}): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retry: 0, failed: 0 };
  if (deps.keys?.length === 0) return result;
  const now = deps.now ?? Date.now;
  const iso = new Date(now()).toISOString();
  const due = await db()
    .select()
    .from(whatsappOutbox)
    .where(and(eq(whatsappOutbox.status, 'pending'), lte(whatsappOutbox.nextAttemptAt, iso), or(isNull(whatsappOutbox.leaseUntil), lt(whatsappOutbox.leaseUntil, iso)), deps.keys ? inArray(whatsappOutbox.dedupeKey, [...deps.keys]) : undefined))
    .orderBy(asc(whatsappOutbox.nextAttemptAt))
    .limit(25);
  for (const row of due) {
    if (!(await claim(row, now()))) continue;
    let r: SendOutcome;
    try {
      r = await sendWhatsappRow(row, deps);
    } catch (e) {
      r = { outcome: 'retry', reason: `erro interno: ${(e as Error).message.slice(0, 120)}` };
    }
    await record(row, r, now());
    if (r.outcome === 'sent') result.sent++;
    else if (r.outcome === 'retry') result.retry++;
    else result.failed++;
  }
  return result;
}

export async function whatsappWorkLeft(iso = new Date().toISOString()): Promise<number> {
  const [row] = await db().select({ n: count() }).from(whatsappOutbox).where(and(eq(whatsappOutbox.status, 'pending'), lte(whatsappOutbox.nextAttemptAt, iso)));
  return row?.n ?? 0;
}

const loop = intervalLoop(
  'whatsapp.sender',
  () => drainWhatsapp(),
  (error) => logger().error({ err: error instanceof Error ? error.message : String(error) }, 'whatsapp sender pass failed'),
);
export const startWhatsappSender = (ms = 2_000) => loop.start(ms);
export const stopWhatsappSender = () => loop.stop();
