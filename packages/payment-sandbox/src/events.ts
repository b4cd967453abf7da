/**
 * Events: charge.created, ChargePaid, QRCodeCompleted, QRCodeRefunded (none for cancel or
 * expiry). Each is stored once with its final body `{id, type, created_at, data}`; a payment
 * with a notification_url also gets a pending delivery, sent by the webhook dispatcher.
 * Must be called inside the transaction that makes the state change.
 */
import { randomUUID } from 'node:crypto';
import type { WebhookType } from '@balcao/payment-contract';
import { iso } from './clock';
import type { SandboxContext } from './context';
import { readFaults } from './faults';
import type { PaymentRow } from './payments';

/** With webhook_reorder on, a new delivery waits up to this long (sandbox time), so later ones can overtake it. */
export const REORDER_HOLD_MS = 3_000;

export function recordEvent(ctx: SandboxContext, row: PaymentRow, type: WebhookType, at: number, data: Record<string, unknown>): string {
  const id = randomUUID();
  const body = JSON.stringify({ id, type, created_at: iso(at), data });
  ctx.db
    .prepare('INSERT INTO events (id, payment_id, owner, type, created_at, body) VALUES (?, ?, ?, ?, ?, ?)')
    .run(id, row.id, row.owner, type, at, body);
  if (row.notification_url) enqueueDelivery(ctx, { eventId: id, paymentId: row.id, owner: row.owner, url: row.notification_url }, at);
  return id;
}

export function enqueueDelivery(ctx: SandboxContext, d: { eventId: string; paymentId: string; owner: string; url: string }, at: number): number {
  const faults = readFaults(ctx);
  const hold = faults.webhook_reorder ? Math.floor(ctx.random() * REORDER_HOLD_MS) : 0;
  const result = ctx.db
    .prepare(
      `INSERT INTO deliveries (event_id, payment_id, owner, url, status, attempts, next_attempt_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'pending', 0, ?, ?, ?)`,
    )
    .run(d.eventId, d.paymentId, d.owner, d.url, at + hold, at, at);
  return Number(result.lastInsertRowid);
}

/** Sends every event of a payment again, as new deliveries with the same event ids and bodies. */
export function redeliverEvents(ctx: SandboxContext, row: PaymentRow, at: number): number {
  if (!row.notification_url) return 0;
  const events = ctx.db.prepare('SELECT id FROM events WHERE payment_id = ? ORDER BY created_at, rowid').all(row.id) as { id: string }[];
  for (const e of events) enqueueDelivery(ctx, { eventId: e.id, paymentId: row.id, owner: row.owner, url: row.notification_url }, at);
  return events.length;
}
