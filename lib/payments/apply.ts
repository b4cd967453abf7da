/**
 * The one writer of a payment's state after creation: given what was READ from the provider,
 * moves the payment and its order in ONE transaction, monotonically (state.ts), and logs the
 * change as an event keyed "status:<payment>:<state>". A duplicate, a replay or a racing
 * writer finds the key taken (or the version moved) and changes nothing.
 */
import 'server-only';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { database, type Tx } from '@/db';
import { get, run, write, type Step } from '@/db/driver';
import { preparedQuery } from '@/db/statements';
import { orders, paymentEvents, payments, type OrderStatus, type Payment } from '@/db/schema';
import { kickOutbox } from '@/lib/email/kick';
import { logger } from '@/lib/server/log';
import { dedupe, insertEvent, type EventSource } from './events';
import type { Artifacts, Observation } from './observation';
import { nextState } from './state';
import { stateEffects } from './state-effects';
import { supersededAttemptPaid } from './attempts-apply';


export type ApplyExtras = {
  /** Who did it (merchant e-mail), for merchant actions. */
  actor?: string;
  /** More context for the event rows (webhook event id, delivery…). No personal data. */
  detail?: Record<string, unknown>;
  /**
   * More writes that belong to the same transaction, given its result (the webhook route logs
   * the delivery here: one commit, and the log can never disagree with the state). Runs last,
   * whatever was decided; not at all when the transaction rolls back as already applied.
   */
  alsoInTransaction?: (tx: Tx, result: ApplyResult) => Generator<Step, void, unknown>;
};

export type ApplyResult = {
  found: boolean;
  /** A state moved or an artifact was stored. */
  changed: boolean;
  from?: OrderStatus;
  status?: OrderStatus;
  steps: OrderStatus[];
};

/** Thrown inside the transaction to roll it back when the change was already applied. */
class AlreadyApplied extends Error {}

const ARTIFACT_FIELDS = ['pixCode', 'pixImage', 'barcode', 'digitableLine', 'pdfUrl', 'invoiceUrl'] as const;

/**
 * The payment as the apply transaction reads it: every column but the Pix QR image (a ~5 KB
 * data URI no decision here needs; every webhook and reconciliation read would otherwise copy
 * it out of SQLite into a string), and whether one is stored.
 */
type StoredPayment = Omit<Payment, 'pixImage'> & { hasPixImage: boolean };
const { pixImage: _pixImage, ...columnsButImage } = getTableColumns(payments);

/**
 * The artifacts the read brings that differ from what is stored. The QR image is the picture
 * of the Pix code: it is new when none is stored, or when the code itself changed.
 */
function newArtifacts(p: StoredPayment, a: Artifacts): Partial<Record<(typeof ARTIFACT_FIELDS)[number], string>> {
  const out: Partial<Record<(typeof ARTIFACT_FIELDS)[number], string>> = {};
  for (const f of ARTIFACT_FIELDS) {
    if (f === 'pixImage') continue;
    const v = a[f];
    if (v && v !== p[f]) out[f] = v;
  }
  if (a.pixImage && (!p.hasPixImage || out.pixCode)) out.pixImage = a.pixImage;
  return out;
}

/** What a refund moved, in centavos: recorded at refund time, else the amount the merchant asked for, else the whole payment. */
function* refundedAmount(tx: Tx, p: StoredPayment) {
  if (p.method === 'boleto') return p.amountCents; // no partial boleto refunds exist
  if (p.refundedCents > 0) return p.refundedCents;
  const requested = yield* get(
    tx
      .select({ detail: paymentEvents.detail })
      .from(paymentEvents)
      .where(and(eq(paymentEvents.paymentId, p.id), eq(paymentEvents.dedupeKey, dedupe.refund(p.id))))
      .orderBy(desc(paymentEvents.id)),
  );
  const amount = requested?.detail ? Number((JSON.parse(requested.detail) as { amountCents?: unknown }).amountCents) : NaN;
  return Number.isSafeInteger(amount) && amount > 0 && amount <= p.amountCents ? amount : p.amountCents;
}

// The statements every call runs (a webhook storm, a reconciliation pass), prepared once per runner (db/statements.ts).
const paymentById = preparedQuery((tx: Tx) =>
  tx
    .select({ ...columnsButImage, hasPixImage: sql<boolean>`${payments.pixImage} is not null`.mapWith((v) => Number(v) === 1) })
    .from(payments)
    .where(eq(payments.id, sql.placeholder('id')))
    .prepare(),
);
const touchPayment = preparedQuery((tx: Tx) =>
  tx.update(payments).set({ lastCheckedAt: sql`${sql.placeholder('now')}` }).where(eq(payments.id, sql.placeholder('id'))).prepare(),
);
const touchPaymentWithStatus = preparedQuery((tx: Tx) =>
  tx
    .update(payments)
    .set({ lastCheckedAt: sql`${sql.placeholder('now')}`, providerStatus: sql`${sql.placeholder('providerStatus')}` })
    .where(eq(payments.id, sql.placeholder('id')))
    .prepare(),
);

/** A read that changes nothing refreshes `last_checked_at` at most this often (it orders reconciliation and is shown to the minute). */
export const TOUCH_MIN_INTERVAL_MS = 1_000;

function checkedWithin(lastCheckedAt: string | null, nowMs: number, ms: number): boolean {
  if (!lastCheckedAt) return false;
  const age = nowMs - Date.parse(lastCheckedAt);
  return age >= 0 && age < ms;
}

/**
 * Applies one provider read to the payment `paymentId`. Safe to call any number of times,
 * in any order, from any number of processes: the result only ever moves forward.
 */
export async function applyObservation(paymentId: string, obs: Observation, source: EventSource, extras: ApplyExtras = {}): Promise<ApplyResult> {
  const nowMs = Date.now();
  const now = new Date(nowMs).toISOString();
  const detailBase = { providerStatus: obs.providerStatus, ...(extras.actor ? { actor: extras.actor } : {}), ...extras.detail };
  try {
    const result = await database().transaction(function* (tx) {
      function* finish(result: ApplyResult) {
        if (extras.alsoInTransaction) yield* extras.alsoInTransaction(tx, result);
        return result;
      }
      const p = yield* get(paymentById.on(tx, { id: paymentId }));
      if (!p) return yield* finish({ found: false, changed: false, steps: [] });

      const t = nextState({ status: p.status, cancelRequested: !!p.cancelRequestedAt }, obs.observed);
      const artifacts = newArtifacts(p, obs.artifacts);
      const hasArtifacts = Object.keys(artifacts).length > 0;

      if (obs.observed === 'unknown') {
        yield* run(insertEvent(tx, { paymentId, orderId: p.orderId, type: 'unknown_status', source, dedupeKey: dedupe.unknown(paymentId, obs.providerStatus), detail: detailBase }));
      }
      if (obs.amountCents !== undefined && obs.amountCents !== p.amountCents) {
        yield* run(
          insertEvent(tx, {
            paymentId, orderId: p.orderId, type: 'amount_mismatch', source, dedupeKey: dedupe.amountMismatch(paymentId),
            detail: { ...detailBase, expectedCents: p.amountCents, providerCents: obs.amountCents },
          }),
        );
      }

      if (t.steps.length === 0 && !hasArtifacts) {
        // Nothing moves: remember when we last looked (and the status, unless the read is stale),
        // unless that is what the row already says to within a second (a burst of duplicate
        // deliveries then writes only their log rows).
        const statusKnown = t.stale || p.providerStatus === obs.providerStatus;
        if (!statusKnown || !checkedWithin(p.lastCheckedAt, nowMs, TOUCH_MIN_INTERVAL_MS)) {
          yield* run(
            t.stale
              ? touchPayment.on(tx, { id: paymentId, now })
              : touchPaymentWithStatus.on(tx, { id: paymentId, now, providerStatus: obs.providerStatus }),
          );
        }
        return yield* finish({ found: true, changed: false, from: p.status, status: p.status, steps: [] });
      }

      let status = p.status;
      for (const to of t.steps) {
        const inserted = yield* run(
          insertEvent(tx, { paymentId, orderId: p.orderId, type: 'status_changed', source, fromStatus: status, toStatus: to, dedupeKey: dedupe.status(paymentId, to), detail: detailBase }),
        );
        if (inserted === 0) throw new AlreadyApplied();
        status = to;
      }
      if (t.late) {
        yield* run(insertEvent(tx, { paymentId, orderId: p.orderId, type: 'late_payment', source, fromStatus: p.status, toStatus: 'paid', dedupeKey: dedupe.late(paymentId), detail: detailBase }));
      }
      if (artifacts.barcode && !p.barcode) {
        yield* run(insertEvent(tx, { paymentId, orderId: p.orderId, type: 'registered', source, dedupeKey: dedupe.registered(paymentId), detail: detailBase }));
      }

      const becamePaid = t.steps.includes('paid');
      const becameRefunded = t.steps.includes('refunded');
      const paidAt = becamePaid ? (obs.paidAt ?? now) : p.paidAt;
      const refundedCents = becameRefunded ? (yield* refundedAmount(tx, p)) : p.refundedCents;

      const updated = yield* run(
        tx
          .update(payments)
          .set({
            ...artifacts,
            status,
            paidAt,
            refundedCents,
            refundedAt: becameRefunded ? now : p.refundedAt,
            version: p.version + 1,
            updatedAt: now,
            lastCheckedAt: now,
            ...(t.stale ? {} : { providerStatus: obs.providerStatus }),
          })
          .where(and(eq(payments.id, paymentId), eq(payments.version, p.version))),
      );
      if (updated === 0) throw new AlreadyApplied();

      if (p.supersededAt) {
        // An attempt a newer one replaced: its own row moved above; the order moves only when it was paid.
        if (becamePaid) yield* supersededAttemptPaid(tx, { ...p, status, paidAt, refundedCents }, now, source, detailBase);
        return yield* finish({ found: true, changed: true, from: p.status, status, steps: t.steps });
      }

      if (t.steps.length > 0) {
        yield* write(
          tx
            .update(orders)
            .set({ status, paidAt, refundedCents, updatedAt: now, ...(t.late ? { latePayment: true } : {}) })
            .where(eq(orders.id, p.orderId)),
        );
      }
      // What follows from this change (e-mails…) commits with it, keyed on its cause.
      yield* stateEffects(tx, {
        orderId: p.orderId, method: p.method, steps: t.steps, statusAfter: status, registered: !!artifacts.barcode && !p.barcode, from: p.status, attempt: p.attempt,
      });
      return yield* finish({ found: true, changed: true, from: p.status, status, steps: t.steps });
    });
    if (result.changed) kickOutbox();
    return result;
  } catch (e) {
    if (e instanceof AlreadyApplied) {
      logger().info({ paymentId, source, providerStatus: obs.providerStatus }, 'payment change already applied: no-op');
      return { found: true, changed: false, steps: [] };
    }
    throw e;
  }
}
