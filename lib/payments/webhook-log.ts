/**
 * The webhook delivery log: one webhook_deliveries row per delivery, whatever it said and
 * whatever was done with it (append-only). Written inside the apply's transaction when the
 * delivery changed something, on its own otherwise; bounded under a flood.
 */
import 'server-only';
import { sql } from 'drizzle-orm';
import { database, type Tx } from '@/db';
import { preparedQuery } from '@/db/statements';
import { webhookDeliveries } from '@/db/schema';
import { logger, redactSecrets } from '@/lib/server/log';
import { utf8 } from './webhook-body';
import type { SignatureVerdict } from './webhook-signature';

export const MAX_LOGGED_BODY_BYTES = 64 * 1024;

export type Outcome = 'applied' | 'no_change' | 'unknown_token' | 'rejected' | 'fetch_failed' | 'too_large';

export type Delivery = {
  tokenHash: string;
  paymentId: string | null;
  eventId?: string;
  eventType?: string;
  signature: SignatureVerdict;
  outcome: Outcome;
  httpStatus: number;
  body?: Uint8Array;
};

/** The webhook_deliveries insert, prepared once per runner (db/statements.ts): every delivery runs it. */
const deliveryInsert = preparedQuery((db: Tx) =>
  db
    .insert(webhookDeliveries)
    .values({
      paymentId: sql.placeholder('paymentId'),
      tokenHash: sql.placeholder('tokenHash'),
      eventId: sql.placeholder('eventId'),
      eventType: sql.placeholder('eventType'),
      signature: sql.placeholder('signature'),
      outcome: sql.placeholder('outcome'),
      httpStatus: sql.placeholder('httpStatus'),
      body: sql.placeholder('body'),
    })
    .prepare(),
);

/** The webhook_deliveries insert for one delivery, on the connection or inside a transaction. */
export function insertDelivery(db: Tx, d: Delivery) {
  const values = {
    paymentId: d.paymentId,
    tokenHash: d.tokenHash,
    eventId: d.eventId?.slice(0, 200) ?? null,
    eventType: d.eventType?.slice(0, 100) ?? null,
    signature: d.signature,
    outcome: d.outcome,
    httpStatus: d.httpStatus,
    body: d.body ? utf8.decode(d.body.subarray(0, MAX_LOGGED_BODY_BYTES)) : null,
  };
  return deliveryInsert.on(db, values);
}

/** Logs a delivery on its own; a failure to log is reported, never thrown. */
export async function record(d: Delivery): Promise<void> {
  try {
    await insertDelivery(database().db, d).run();
  } catch (error) {
    logger().error({ webhook: d.tokenHash, err: redactSecrets(String(error)) }, 'webhook delivery could not be logged');
  }
}

/**
 * A flood must not grow the delivery log without bound: a rate-limited token gets at most one
 * 'rejected 429' row a minute (the rest go to the log stream only), and requests for unknown
 * tokens are recorded only within a per-IP budget (beyond it: 429, log stream only).
 */
const lastRecorded429 = new Map<string, number>();


/** Whether this rate-limited token's 429 gets a row now (at most one a minute per token). */
export function shouldRecord429(hash: string, now = Date.now()): boolean {
  const last = lastRecorded429.get(hash);
  if (last !== undefined && now - last < 60_000) return false;
  if (lastRecorded429.size > 10_000) lastRecorded429.clear();
  lastRecorded429.set(hash, now);
  return true;
}
