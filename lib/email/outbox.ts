/**
 * The e-mail outbox's writes. `enqueueEmail` is a step of a db/driver transaction body: the
 * row is written in the SAME transaction as the state change that causes it, keyed on that
 * cause (ON CONFLICT DO NOTHING), so no duplicate, replay or racing writer makes a second.
 * It is one INSERT … SELECT: the recipient comes from the order and the merchant's switch
 * for the kind from email_settings (a switched-off kind is recorded as 'skipped', visible on
 * the order's timeline, never sent), and so is an e-mail over its recipient's daily cap
 * (caps.ts). Nothing here talks to SMTP.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { run, write, type AnyDb, type Step } from '@/db/driver';
import { emailOutbox, emailSettings, orders, type EmailKind } from '@/db/schema';
import { noteOutboxRow } from '@/lib/server/after-pass';
import { RECIPIENT_CAP_REASON, recipientCappedKinds, underRecipientCap } from './caps';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Tx = AnyDb<any>;

const NOW = sql`strftime('%Y-%m-%dT%H:%M:%fZ','now')`;

export const SKIPPED_BY_SETTINGS = 'Desativado nas Configurações';

/** The merchant's switch (email_settings column) for each kind. */
const SWITCH: Record<EmailKind, SQL> = {
  instructions: sql`${emailSettings.sendInstructions}`,
  paid: sql`${emailSettings.sendPaid}`,
  reminder: sql`${emailSettings.sendReminders}`,
  refunded: sql`${emailSettings.sendRefunded}`,
  canceled: sql`${emailSettings.sendEnded}`,
  expired: sql`${emailSettings.sendEnded}`,
  shipped: sql`${emailSettings.sendShipped}`,
  ready_for_pickup: sql`${emailSettings.sendReadyForPickup}`,
  delivered: sql`${emailSettings.sendDelivered}`,
  new_sale: sql`${emailSettings.sendNewSale}`,
  late_payment: sql`${emailSettings.sendLatePayment}`,
};

/**
 * The merchant's alerts go to the notification addresses from the settings, or, with none
 * set, to every merchant user's sign-in e-mail (a shop is told of its sales from day one).
 */
export const MERCHANT_RECIPIENTS: SQL = sql`coalesce(nullif(${emailSettings.notificationEmails}, ''), (select group_concat(email, ', ') from users))`;

export type Enqueue = {
  key: string;
  orderId: string;
  kind: EmailKind;
  /** Further conditions on the order row (e.g. "an instructions e-mail exists"). */
  when?: SQL;
  /** Ignore the merchant's switch (an explicit "Reenviar e-mail"). */
  force?: boolean;
  /** Who receives it, as SQL over the order and settings rows; default: the order's buyer. */
  recipient?: SQL;
};

/** Writes one keyed outbox row (or nothing, when the key exists). Returns 1 when a row was written. */
export function* enqueueEmail(tx: Tx, e: Enqueue): Generator<Step, number, unknown> {
  return yield* run(outboxInsert(tx, e));
}

/**
 * `enqueueEmail` when nothing reads whether a row was written: a held write, which on libSQL
 * travels with the transaction's next step (db/driver.ts `write`).
 */
export function* queueEmail(tx: Tx, e: Enqueue): Generator<Step, void, unknown> {
  yield* write(outboxInsert(tx, e));
}

function outboxInsert(tx: Tx, e: Enqueue) {
  // The request sends it right after its response (lib/server/after-pass.ts).
  noteOutboxRow('email', e.key);
  // No settings row yet: each switch's default ("Pedido entregue" starts off).
  const enabled = e.force ? sql`1` : sql`coalesce(${SWITCH[e.kind]}, ${e.kind === 'delivered' ? 0 : 1})`;
  // A stranger's unpaid order may not make the shop mail an address over and over (caps.ts).
  const allowed = e.force || e.recipient || !recipientCappedKinds().includes(e.kind) ? sql`1` : underRecipientCap();
  return tx
      .insert(emailOutbox)
      .select(
        tx
          // Drizzle's INSERT … SELECT wants every column, in the table's order.
          .select({
            id: sql`null`.as('id'),
            dedupeKey: sql`${e.key}`.as('dedupe_key'),
            orderId: orders.id,
            kind: sql`${e.kind}`.as('kind'),
            recipient: e.recipient ? sql`${e.recipient}`.as('recipient') : orders.buyerEmail,
            status: sql`case when ${enabled} and ${allowed} then 'pending' else 'skipped' end`.as('status'),
            attempts: sql`0`.as('attempts'),
            nextAttemptAt: sql`${NOW}`.as('next_attempt_at'),
            leaseUntil: sql`null`.as('lease_until'),
            lastError: sql`case when not ${enabled} then ${SKIPPED_BY_SETTINGS} when not ${allowed} then ${RECIPIENT_CAP_REASON} else null end`.as('last_error'),
            transport: sql`null`.as('transport'),
            messageId: sql`null`.as('message_id'),
            createdAt: sql`${NOW}`.as('created_at'),
            updatedAt: sql`${NOW}`.as('updated_at'),
            sentAt: sql`null`.as('sent_at'),
          })
          .from(orders)
          .leftJoin(emailSettings, eq(emailSettings.id, 1))
          .where(and(eq(orders.id, e.orderId), e.when, e.recipient ? sql`${e.recipient} is not null` : undefined)),
      )
      .onConflictDoNothing();
}

/** SQL: this order already has a row with this key (used as `when`). */
export function hasEmail(key: string): SQL {
  return sql`exists (select 1 from ${emailOutbox} where ${emailOutbox.dedupeKey} = ${key})`;
}
