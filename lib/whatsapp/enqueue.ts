/**
 * The WhatsApp outbox's writes: a step of the same transaction that enqueues the matching
 * e-mail (lib/payments/state-effects.ts, lib/fulfilment/apply-move.ts), keyed on the same cause
 * (`whatsapp:<order>:<kind>`, ON CONFLICT DO NOTHING), so a
 * duplicate webhook or a racing writer never makes two. One INSERT … SELECT:
 * - no row at all unless the buyer ticked "Receber atualizações pelo WhatsApp" and gave a
 *   number, and WhatsApp is on in Configurações;
 * - `skipped` with the reason when the merchant's switch for the message is off, the number
 *   answered "SAIR", or the number is over its daily cap (caps count the messages an unpaid
 *   order causes, as the e-mail caps do: WHATSAPP_PER_NUMBER_PER_DAY in 24 hours).
 * Nothing here calls Meta; the e-mail's row is written whatever happens to this one.
 */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { write, type AnyDb, type Step } from '@/db/driver';
import { checkoutDrafts, orders, whatsappOptOuts, whatsappOutbox, whatsappSettings, type WhatsappKind } from '@/db/schema';
import { noteOutboxRow } from '@/lib/server/after-pass';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Tx = AnyDb<any>;

const NOW = sql`strftime('%Y-%m-%dT%H:%M:%fZ','now')`;
export const WHATSAPP_PER_NUMBER_PER_DAY = 3;
export const SKIPPED_SWITCH = 'Desativado nas Configurações';
export const SKIPPED_OPT_OUT = 'O número pediu para sair ("SAIR")';
export const SKIPPED_CAP = `Limite de ${WHATSAPP_PER_NUMBER_PER_DAY} mensagens por número em 24 horas`;
export const SKIPPED_ANOTHER_DRAFT = 'Outro carrinho deste número já recebe lembretes hoje';

/** The key of an order's message (its cause). */
export const whatsappKey = (orderId: string, kind: WhatsappKind) => `whatsapp:${orderId}:${kind}`;

/**
 * The capped kinds: what the shop starts on its own rather than answering a step the buyer just
 * took (an unpaid order's instructions, a saved checkout's reminder, "Avalie sua compra").
 */
export const CAPPED_KINDS: readonly WhatsappKind[] = ['instructions', 'cart_reminder', 'review_request'];

const SWITCH: Record<Exclude<WhatsappKind, 'opt_out_ack'>, SQL> = {
  instructions: sql`${whatsappSettings.sendInstructions}`,
  paid: sql`${whatsappSettings.sendPaid}`,
  shipped: sql`${whatsappSettings.sendShipped}`,
  cart_reminder: sql`${whatsappSettings.sendCartReminder}`,
  review_request: sql`${whatsappSettings.sendReviewRequest}`,
};

const E164 = sql`'+55' || ${orders.buyerPhone}`;

/** The key of a saved checkout's reminder step: one row per draft and step, whoever writes it. */
export const draftWhatsappKey = (draftId: string, step: number) => `whatsapp:draft:${draftId}:reminder:${step}`;
export const DRAFT_WHATSAPP_KEY = /^whatsapp:draft:([^:]+):reminder:([1-3])$/;

const optedOutSql = (e164: SQL) => sql`exists (select 1 from ${whatsappOptOuts} where ${whatsappOptOuts.phone} = ${e164})`;
const overCapSql = (e164: SQL) =>
  sql`(select count(*) from ${whatsappOutbox} w where w.recipient = ${e164} and w.kind in ${sql.raw(`(${CAPPED_KINDS.map((k) => `'${k}'`).join(', ')})`)} and w.status != 'skipped' and w.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day')) >= ${WHATSAPP_PER_NUMBER_PER_DAY}`;

/**
 * Another saved checkout's reminder sent (or due) to this number in the last 24 hours. One draft
 * per contact a day gets reminders, as for e-mail: someone typing a stranger's number into many
 * checkouts earns that person one series, not one per draft.
 */
const otherDraftRemindedSql = (e164: SQL, draftId: string) =>
  sql`exists (select 1 from ${whatsappOutbox} w where w.recipient = ${e164} and w.kind = 'cart_reminder' and w.status != 'skipped' and w.dedupe_key not like ${`whatsapp:draft:${draftId}:%`} and w.created_at > strftime('%Y-%m-%dT%H:%M:%fZ', 'now', '-1 day'))`;

/** The columns of a new row, for an INSERT … SELECT (`skip`: SQL of the reason, null to send). */
function rowColumns(key: string, kind: WhatsappKind, orderId: SQL, recipient: SQL, skip: SQL) {
  return {
    id: sql`null`.as('id'),
    dedupeKey: sql`${key}`.as('dedupe_key'),
    orderId: orderId.as('order_id'),
    kind: sql`${kind}`.as('kind'),
    recipient: recipient.as('recipient'),
    status: sql`case when ${skip} is null then 'pending' else 'skipped' end`.as('status'),
    attempts: sql`0`.as('attempts'),
    nextAttemptAt: sql`${NOW}`.as('next_attempt_at'),
    leaseUntil: sql`null`.as('lease_until'),
    lastError: sql`${skip}`.as('last_error'),
    wamid: sql`null`.as('wamid'),
    delivery: sql`null`.as('delivery'),
    deliveryError: sql`null`.as('delivery_error'),
    createdAt: sql`${NOW}`.as('created_at'),
    updatedAt: sql`${NOW}`.as('updated_at'),
    sentAt: sql`null`.as('sent_at'),
    deliveredAt: sql`null`.as('delivered_at'),
    readAt: sql`null`.as('read_at'),
    failedAt: sql`null`.as('failed_at'),
  };
}

/**
 * Writes a saved checkout's "Lembrete de carrinho" for one reminder step, in the transaction
 * that won that step (lib/checkout/drafts/reminders.ts): no row at all unless the buyer ticked
 * "Receber atualizações pelo WhatsApp" on the draft with a mobile and WhatsApp is on and the
 * merchant's switch for the reminder is on and the number never answered "SAIR" (a marketing
 * message: none of those leaves a trace); `skipped` when another draft's reminders went to the
 * number in the last 24 hours, or the number is over its daily cap. The write runs in the
 * transaction that moved the draft's step (BEGIN IMMEDIATE: one writer at a time), so two
 * processes scanning two drafts of one number see each other's row.
 * Keyed per draft and step, ON CONFLICT DO NOTHING.
 */
export function* queueCartReminderWhatsapp(tx: Tx, e: { draftId: string; step: number }): Generator<Step, void, unknown> {
  const key = draftWhatsappKey(e.draftId, e.step);
  noteOutboxRow('whatsapp', key);
  const e164 = sql`'+55' || ${checkoutDrafts.phone}`;
  const skip = sql`case when ${otherDraftRemindedSql(e164, e.draftId)} then ${SKIPPED_ANOTHER_DRAFT} when ${overCapSql(e164)} then ${SKIPPED_CAP} else null end`;
  yield* write(
    tx
      .insert(whatsappOutbox)
      .select(
        tx
          .select(rowColumns(key, 'cart_reminder', sql`null`, e164, skip))
          .from(checkoutDrafts)
          .innerJoin(whatsappSettings, and(eq(whatsappSettings.id, 1), eq(whatsappSettings.enabled, true), eq(whatsappSettings.sendCartReminder, true)))
          .where(and(eq(checkoutDrafts.id, e.draftId), eq(checkoutDrafts.whatsappConsent, true), sql`length(${checkoutDrafts.phone}) = 11`, sql`not ${optedOutSql(e164)}`)),
      )
      .onConflictDoNothing(),
  );
}

/**
 * Writes an order's message row (or nothing: no consent, WhatsApp off, or the key exists). Every
 * kind is keyed on its order, so an order gets at most one of each ("Avalie sua compra" included).
 */
export function* queueWhatsapp(tx: Tx, e: { orderId: string; kind: 'instructions' | 'paid' | 'shipped' | 'review_request'; when?: SQL }): Generator<Step, void, unknown> {
  const key = whatsappKey(e.orderId, e.kind);
  // The request sends it right after its response (lib/server/after-pass.ts, the "whatsapp" channel).
  noteOutboxRow('whatsapp', key);
  const enabled = SWITCH[e.kind];
  const overCap = CAPPED_KINDS.includes(e.kind) ? overCapSql(E164) : sql`0`;
  const skip = sql`case when not ${enabled} then ${SKIPPED_SWITCH} when ${optedOutSql(E164)} then ${SKIPPED_OPT_OUT} when ${overCap} then ${SKIPPED_CAP} else null end`;
  yield* write(
    tx
      .insert(whatsappOutbox)
      .select(
        tx
          .select(rowColumns(key, e.kind, sql`${orders.id}`, E164, skip))
          .from(orders)
          .innerJoin(whatsappSettings, and(eq(whatsappSettings.id, 1), eq(whatsappSettings.enabled, true)))
          .where(and(eq(orders.id, e.orderId), eq(orders.whatsappConsent, true), sql`${orders.buyerPhone} is not null`, e.when)),
      )
      .onConflictDoNothing(),
  );
}

/**
 * A saved checkout deleted or its buyer anonymised: its reminders' number goes, and one still
 * queued is not sent (as lib/buyers/buyer-data.ts does for an order's messages).
 */
export function* forgetDraftWhatsapp(tx: Tx, draftIds: readonly string[], reason: string): Generator<Step, void, unknown> {
  // In chunks: SQLite caps a statement's parameters.
  for (let i = 0; i < draftIds.length; i += 300) {
    const keys = draftIds.slice(i, i + 300).flatMap((id) => [1, 2, 3].map((step) => draftWhatsappKey(id, step)));
    yield* write(
      tx
        .update(whatsappOutbox)
        .set({ recipient: '+0', status: sql`case when ${whatsappOutbox.status} = 'pending' then 'skipped' else ${whatsappOutbox.status} end`, lastError: reason, updatedAt: sql`${NOW}` })
        .where(inArray(whatsappOutbox.dedupeKey, keys)),
    );
  }
}
