/**
 * The WhatsApp channel of the one outbox (lib/outbox/README.md): `sendWhatsappRow(row)` sends one
 * message and says how it went (sent with Meta's wamid, a retryable failure, or a permanent one
 * with the reason in the shopkeeper's words); the helper claims rows with a lease (the Node
 * host's loop, a request's after-pass and the cron route never send one row twice), retries after
 * 10 s · 4^(n−1) (at most 1 h) and gives up after 8 attempts. The message is filled from the
 * order as it is at send time (a "Pedido enviado" carries "Nota fiscal" when the order's NF-e is
 * authorised by then); an instructions message for an order already paid is skipped.
 */
import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { db } from '@/db';
import { checkoutDrafts, orders, payments, whatsappOptOuts, whatsappOutbox, currentPaymentOf, type WhatsappOutboxRow } from '@/db/schema';
import { orderLabel } from '@/lib/orders/words';
import { getShopIdentity } from '@/lib/shop';
import { afterAttempts, drainChannel, exponentialBackoff, type DrainResult, type OutboxChannel } from '@/lib/outbox/outbox';
import { outboxWorker } from '@/lib/outbox/worker';
import { env } from '@/lib/config/env';
import { draftLinkToken } from '@/lib/email';
import { reviewLinkToken } from '@/lib/security';
import { buyerInvoiceLink } from '@/lib/nfe';
import { cloudApi, reasonInWords, WhatsappError, type CloudApi, type TemplateMessage } from './cloud-api';
import { DRAFT_WHATSAPP_KEY } from './enqueue';
import { buildCartReminder, buildReviewRequest, buildTemplate, OPT_OUT_ANSWER, type MessageData } from './messages';
import { connectionOf, getWhatsappSettings, type WhatsappConnection } from './settings';
import { inProcessFetch, whatsappSandbox } from './sandbox';

export const LEASE_MS = 60_000;
export const MAX_ATTEMPTS = 8;
/** 10 s, 40 s, 2 min 40 s … at most 1 h. */
export const retryDelayMs = exponentialBackoff(10_000, 4, 3600_000);

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
      hasInvoice: (await buyerInvoiceLink(order.id, order.token)) !== null,
    },
  };
}

/**
 * A saved checkout's reminder, filled from the draft as it is at send time: its total, the shop,
 * and the restore link's token as the button's URL suffix (`/checkout/retomar/{{1}}`; the page's
 * GET spends nothing, only its button's POST does). A draft converted or gone since is not sent.
 */
async function cartReminderOf(key: string): Promise<{ template: TemplateMessage } | { skip: string }> {
  const m = DRAFT_WHATSAPP_KEY.exec(key);
  if (!m) return { skip: 'lembrete desconhecido' };
  const [draft] = await db().select().from(checkoutDrafts).where(eq(checkoutDrafts.id, m[1]));
  if (!draft) return { skip: 'o carrinho não existe mais' };
  if (draft.status !== 'open') return { skip: 'a compra já foi finalizada' };
  if (!draft.whatsappConsent) return { skip: 'o comprador retirou o consentimento' };
  const token = draftLinkToken('restore', { id: draft.id, nonce: draft.restoreNonce, step: Number(m[2]) }, env().authSecret);
  const built = buildCartReminder({ shopName: (await getShopIdentity()).name, totalCents: draft.totalCents, resumeToken: token });
  return built.ok ? { template: built.template } : { skip: built.reason };
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
    if (row.kind === 'cart_reminder') {
      const built = await cartReminderOf(row.dedupeKey);
      if ('skip' in built) return { outcome: 'skipped', reason: built.skip };
      return { outcome: 'sent', ...(await client.sendTemplate(row.recipient, built.template)) };
    }
    if (!row.orderId) return { outcome: 'failed', reason: 'mensagem sem pedido' };
    const loaded = await messageData(row.orderId);
    if (!loaded) return { outcome: 'skipped', reason: 'pedido não encontrado' };
    if (row.kind === 'instructions' && loaded.status !== 'pending') return { outcome: 'skipped', reason: 'o pedido já não está aguardando pagamento' };
    if (row.kind === 'review_request') {
      // A refund since the request was written takes the right to review away (lib/reviews/eligibility.ts).
      if (loaded.status !== 'paid') return { outcome: 'skipped', reason: 'o pedido não pode mais ser avaliado' };
      const review = buildReviewRequest({ shopName: loaded.data.shopName, orderLabel: loaded.data.orderLabel, reviewToken: reviewLinkToken(row.orderId, env().authSecret) });
      if (!review.ok) return { outcome: 'failed', reason: review.reason };
      return { outcome: 'sent', ...(await client.sendTemplate(row.recipient, review.template)) };
    }
    const built = buildTemplate(row.kind, loaded.data);
    if (!built.ok) return { outcome: 'failed', reason: built.reason };
    return { outcome: 'sent', ...(await client.sendTemplate(row.recipient, built.template)) };
  } catch (e) {
    if (!(e instanceof WhatsappError)) throw e;
    const reason = reasonInWords(e.code, e.message);
    return e.kind === 'retry' ? { outcome: 'retry', reason } : { outcome: 'failed', reason };
  }
}

/**
 * The WhatsApp channel of the one outbox (lib/outbox): the helper claims a row with its lease,
 * calls `send`, backs off, gives up and settles; this says how to send one row, what is
 * permanent, and the channel's own columns (Meta's wamid, the first delivery status).
 */
export function whatsappChannel(deps: { client?: CloudApi } = {}): OutboxChannel<WhatsappOutboxRow, string> {
  return {
    name: 'whatsapp',
    table: whatsappOutbox,
    keyed: (keys) => inArray(whatsappOutbox.dedupeKey, [...keys]),
    leaseMs: LEASE_MS,
    batch: 10,
    retryDelayMs,
    givesUp: afterAttempts(MAX_ATTEMPTS),
    async send(row) {
      const r = await sendWhatsappRow(row, deps);
      if (r.outcome === 'sent') return { ok: true, detail: r.wamid };
      if (r.outcome === 'skipped') return { skip: r.reason };
      return { ok: false, permanent: r.outcome === 'failed', reason: r.reason };
    },
    settle: ({ outcome, reason, detail, endedAt }) => ({
      set:
        outcome === 'sent'
          ? { wamid: detail, delivery: 'sent', sentAt: new Date(endedAt).toISOString(), lastError: null, updatedAt: new Date(endedAt).toISOString() }
          : { lastError: reason, updatedAt: new Date(endedAt).toISOString() },
    }),
  };
}

export const whatsappWorker = outboxWorker({ name: 'whatsapp', intervalMs: 2_000, channel: () => whatsappChannel() });

/** One pass over the due rows (only `keys` when given): the sandbox page sends a reply's answer at once. */
export async function drainWhatsapp(deps: { keys?: readonly string[]; now?: () => number; client?: CloudApi } = {}): Promise<DrainResult> {
  return drainChannel(whatsappChannel(deps), { keys: deps.keys, now: deps.now });
}
