/**
 * Meta's webhook (`GET`, `POST /api/webhooks/whatsapp`; docs/whatsapp-contract.md "Webhooks").
 * - GET: answers `hub.challenge` only for `hub.mode=subscribe` with the shop's verify token
 *   (compared in constant time); anything else is 403.
 * - POST: the X-Hub-Signature-256 is checked on the raw bytes, with the app secret, before the
 *   body is parsed at all (401 otherwise). Then, tolerantly: `statuses[]` move the shop's own
 *   messages (matched by wamid; a wamid the shop did not send changes nothing) forward only —
 *   sent → delivered → read, failed only before delivered; `messages[]` from a buyer saying
 *   "SAIR" or "PARAR" opt that number out and queue the one answer. Changes for another phone
 *   number id are ignored. A signature proves Meta sent it; the status it reports is still only
 *   applied to a message this shop sent.
 */
import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { z } from 'zod';
import { database, type Tx } from '@/db';
import { run, type Step } from '@/db/driver';
import { whatsappOptOuts, whatsappOutbox, type WhatsappDelivery } from '@/db/schema';
import { noteOutboxRow } from '@/lib/server/after-pass';
import { reasonInWords } from './cloud-api';
import { isOptOut } from './messages';
import { connectionOf, getWhatsappSettings } from './settings';

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether `header` is `sha256=<hex HMAC-SHA256 of raw, keyed with secret>`. */
export function validSignature(raw: Uint8Array, header: string | null, secret: string): boolean {
  if (!header || !secret) return false;
  const expected = `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;
  return safeEqual(header.trim().toLowerCase(), expected);
}

export async function verifySubscription(params: URLSearchParams): Promise<{ status: number; body: string }> {
  const s = await getWhatsappSettings();
  const token = params.get('hub.verify_token') ?? '';
  const challenge = params.get('hub.challenge') ?? '';
  if (params.get('hub.mode') !== 'subscribe' || !s.verifyToken || !safeEqual(token, s.verifyToken) || !challenge) return { status: 403, body: 'Forbidden' };
  return { status: 200, body: challenge.slice(0, 200) };
}

const statusSchema = z.object({
  id: z.string(),
  status: z.string(),
  recipient_id: z.string().optional(),
  errors: z.array(z.object({ code: z.coerce.number().optional(), title: z.string().optional(), message: z.string().optional() }).passthrough()).optional(),
});
const messageSchema = z.object({ from: z.string(), id: z.string(), type: z.string(), text: z.object({ body: z.string() }).optional() });
const valueSchema = z.object({
  metadata: z.object({ phone_number_id: z.string() }).partial().optional(),
  statuses: z.array(z.unknown()).optional(),
  messages: z.array(z.unknown()).optional(),
});
const bodySchema = z.object({ entry: z.array(z.object({ changes: z.array(z.object({ value: z.unknown() })).optional() })) });

const RANK: Record<WhatsappDelivery, number> = { sent: 1, delivered: 2, read: 3, failed: 0 };

function* applyStatus(tx: Tx, s: z.infer<typeof statusSchema>, now: string): Generator<Step, void, unknown> {
  const status = s.status as WhatsappDelivery;
  if (!(status in RANK)) return;
  const at = { delivered: { deliveredAt: now }, read: { readAt: now }, failed: { failedAt: now }, sent: {} }[status];
  // Forward only: a status never moves a message back (a late "delivered" after "read" changes nothing).
  const earlier: WhatsappDelivery[] = status === 'failed' ? ['sent'] : (Object.keys(RANK) as WhatsappDelivery[]).filter((d) => d !== 'failed' && RANK[d] < RANK[status]);
  const error = s.errors?.[0];
  yield* run(
    tx
      .update(whatsappOutbox)
      .set({ delivery: status, updatedAt: now, ...at, ...(status === 'failed' ? { deliveryError: reasonInWords(error?.code ?? null, error?.title ?? error?.message) } : {}) })
      .where(and(eq(whatsappOutbox.wamid, s.id), or(isNull(whatsappOutbox.delivery), inArray(whatsappOutbox.delivery, earlier)))),
  );
}

/** The key of a number's one "Você não receberá mais mensagens desta loja.". */
export const optOutKey = (phone: string) => `whatsapp:optout:${phone}`;

function* optOut(tx: Tx, phone: string): Generator<Step, void, unknown> {
  const added = yield* run(tx.insert(whatsappOptOuts).values({ phone }).onConflictDoNothing());
  if (added === 0) return;
  yield* run(tx.insert(whatsappOutbox).values({ dedupeKey: optOutKey(phone), kind: 'opt_out_ack', recipient: phone }).onConflictDoNothing());
  // Anything still waiting for this number stops here.
  yield* run(
    tx
      .update(whatsappOutbox)
      .set({ status: 'skipped', lastError: 'O número pediu para sair ("SAIR")' })
      .where(and(eq(whatsappOutbox.recipient, phone), eq(whatsappOutbox.status, 'pending'), inArray(whatsappOutbox.kind, ['instructions', 'paid', 'shipped', 'cart_reminder', 'review_request']))),
  );
  noteOutboxRow('whatsapp', optOutKey(phone));
}

export async function handleWhatsappWebhookPost(raw: Uint8Array, signature: string | null): Promise<{ status: number; body: string }> {
  const conn = connectionOf(await getWhatsappSettings());
  if (!conn?.appSecret || !validSignature(raw, signature, conn.appSecret)) return { status: 401, body: 'invalid signature' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(raw));
  } catch {
    return { status: 400, body: 'invalid JSON' };
  }
  const body = bodySchema.safeParse(parsed);
  if (!body.success) return { status: 200, body: 'ignored' };
  const statuses: z.infer<typeof statusSchema>[] = [];
  const stops: string[] = [];
  for (const change of body.data.entry.flatMap((e) => e.changes ?? [])) {
    const value = valueSchema.safeParse(change.value);
    if (!value.success) continue;
    const phoneId = value.data.metadata?.phone_number_id;
    if (phoneId && phoneId !== conn.phoneNumberId) continue;
    for (const s of value.data.statuses ?? []) {
      const r = statusSchema.safeParse(s);
      if (r.success) statuses.push(r.data);
    }
    for (const m of value.data.messages ?? []) {
      const r = messageSchema.safeParse(m);
      if (r.success && r.data.type === 'text' && r.data.text && isOptOut(r.data.text.body) && /^\d{8,15}$/.test(r.data.from)) stops.push(`+${r.data.from}`);
    }
  }
  if (statuses.length + stops.length === 0) return { status: 200, body: 'ok' };
  const now = new Date().toISOString();
  await database().transaction(function* (tx) {
    for (const s of statuses) yield* applyStatus(tx, s, now);
    for (const phone of stops) yield* optOut(tx, phone);
  });
  return { status: 200, body: 'ok' };
}
