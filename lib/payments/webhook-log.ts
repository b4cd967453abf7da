/**
 * The webhook delivery log: one webhook_deliveries row per delivery, whatever it said and
 * whatever was done with it (append-only), with the body's SHA-256 and size; the body itself
 * only for a known token's delivery — a request for an unknown token is anyone's, so its body
 * (a CPF, ~60 KB of filler) is never stored. Written inside the apply's transaction when the
 * delivery changed something, on its own otherwise; bounded under a flood.
 */
import 'server-only';
import { createHash } from 'node:crypto';
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
  /** Keep the body's text (a known payment's delivery), or only its SHA-256 and size (anyone can send to an unknown token). */
  keepBody?: boolean;
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
      bodySha256: sql.placeholder('bodySha256'),
      bodyBytes: sql.placeholder('bodyBytes'),
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
    body: d.body && d.keepBody ? utf8.decode(d.body.subarray(0, MAX_LOGGED_BODY_BYTES)) : null,
    bodySha256: d.body ? createHash('sha256').update(d.body).digest('hex') : null,
    bodyBytes: d.body ? d.body.byteLength : null,
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
 * tokens are recorded only within a per-client budget (beyond it: 429, log stream only).
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
