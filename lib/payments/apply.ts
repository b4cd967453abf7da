/**
 * The one writer of a payment's state after creation: given what was READ from the provider,
 * moves the payment and its order in ONE transaction, monotonically (state.ts), and logs the
 * change as an event keyed "status:<payment>:<state>". A duplicate, a replay or a racing
 * writer finds the key taken (or the version moved) and changes nothing.
 *
 * Every change is written under one guard statement (`guardStatement`): it fails, and so rolls
 * back everything written with it, unless the payment is still as read and none of the states
 * it enters has its event yet. So no write waits for the answer of another, and the change can
 * go two ways, the same writes either way:
 * - in an interactive transaction that reads the payment under the write lock (better-sqlite3,
 *   where it is synchronous and costs nothing; and on libSQL whenever the batch below cannot);
 * - where each round trip costs (libSQL), read outside any transaction, then written as ONE
 *   atomic batch (`database().atomicBatch`): a change, or a read that changes nothing with the
 *   caller's own writes (the delivery log). When the payment moved in between, the guard fails
 *   the batch, nothing is written, and it is read and tried again (a few times), then decided by
 *   the interactive transaction under the lock.
 *   A change whose effects must read further (a refund's amount, a late payment's stock, a
 *   payment link's places, a replaced attempt) takes the transaction from the start.
 */
import 'server-only';
import { and, desc, eq, getTableColumns, inArray, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm';
import { database, type Tx } from '@/db';
import { get, run, write, type Step } from '@/db/driver';
import { preparedQuery } from '@/db/statements';
import { orders, paymentEvents, payments, type OrderStatus, type Payment } from '@/db/schema';
import { kickOutbox } from '@/lib/email';
import { logger } from '@/lib/server/log';
import { dedupe, hasEvent, insertEvent, type EventSource } from './events';
import type { Artifacts, Observation } from './observation';
import { nextState, type Transition } from './state';
import { paidEffectQueries, paidEffectsNeedNoReads, stateEffects, type PaidEffectReads } from './state-effects';
import { givenBackSql } from '@/lib/catalog';
import { supersededAttemptPaid } from './attempts-apply';


export type ApplyExtras = {
  /** Who did it (merchant e-mail), for merchant actions. */
  actor?: string;
  /** More context for the event rows (webhook event id, delivery…). No personal data. */
  detail?: Record<string, unknown>;
  /**
   * More writes that belong to the same transaction, given its result: any steps, so the change
   * is made in an interactive transaction (it cannot travel in one batch). Runs last, whatever
   * was decided; not at all when the change was already applied.
   */
  alsoInTransaction?: (tx: Tx, result: ApplyResult) => Generator<Step, void, unknown>;
  /**
   * More writes that commit with the change, given its result, as held writes only
   * (`yield* write(…)`): they travel in the change's batch (the webhook route logs the delivery
   * here: one commit, and the log can never disagree with the state). Runs last, whatever was
   * decided. Its writes commit with exactly one decision, or with none when the change was
   * already applied (`ApplyResult.alreadyApplied`); it may run for a decision that does not
   * commit (a batch whose guard finds the payment moved is decided again), so it writes only
   * through `tx` and keeps no state of its own.
   */
  alsoWrites?: (tx: Tx, result: ApplyResult) => Generator<Step, void, unknown>;
};

export type ApplyResult = {
  found: boolean;
  /** A state moved or an artifact was stored. */
  changed: boolean;
  from?: OrderStatus;
  status?: OrderStatus;
  steps: OrderStatus[];
  /**
   * The change was made already by another writer: nothing was written, and what
   * `alsoInTransaction` wrote (if it ran) did not commit.
   */
  alreadyApplied?: true;
};


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

/**
 * The guard every change is written under (see the top). Where the payment is NOT as it was
 * read — its version, state, cancel request, attempt and refund amount — or an event of a state
 * this change enters exists already, or `also` holds, it sets the row's version to NULL, which
 * the column's NOT NULL refuses: the statement fails and takes the transaction or the batch
 * with it. Where all is as read, it matches no row and writes nothing.
 */
function guardStatement(tx: Tx, p: StoredPayment, steps: readonly OrderStatus[], also?: SQL) {
  const asRead = and(
    eq(payments.version, p.version),
    eq(payments.status, p.status),
    p.cancelRequestedAt ? isNotNull(payments.cancelRequestedAt) : isNull(payments.cancelRequestedAt),
    p.supersededAt ? isNotNull(payments.supersededAt) : isNull(payments.supersededAt),
    eq(payments.refundedCents, p.refundedCents),
    ...steps.map((to) => not(hasEvent(dedupe.status(p.id, to)))),
    ...(also ? [not(also)] : []),
  );
  return tx
    .update(payments)
    .set({ version: sql`null` })
    .where(and(eq(payments.id, p.id), not(asRead!)));
}

/** The guard's failure: the payment moved since it was read (or the change was already made). */
function isMoved(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (/NOT NULL constraint failed: payments\.version/.test(String((e as { message?: unknown }).message ?? ''))) return true;
  }
  return false;
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

const storedPaymentColumns = { ...columnsButImage, hasPixImage: sql<boolean>`${payments.pixImage} is not null`.mapWith((v) => Number(v) === 1) };

// The statements every call runs (a webhook storm, a reconciliation pass), prepared once per runner (db/statements.ts).
const paymentById = preparedQuery((tx: Tx) => tx.select(storedPaymentColumns).from(payments).where(eq(payments.id, sql.placeholder('id'))).prepare());
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

/** The states a payment can enter after creation, each logged once (`dedupe.status`). */
const STATES_WITH_EVENTS: OrderStatus[] = ['paid', 'refunded', 'canceled', 'expired'];

/** The result of a change made already: nothing written, `alsoInTransaction`'s writes not committed. */
function alreadyApplied(c: Call): ApplyResult {
  logger().info({ paymentId: c.paymentId, source: c.source, providerStatus: c.obs.providerStatus }, 'payment change already applied: no-op');
  return { found: true, changed: false, steps: [], alreadyApplied: true };
}

/** What one read of the payment decides, before anything is written. */
type Decision = {
  p: StoredPayment;
  t: Transition;
  artifacts: ReturnType<typeof newArtifacts>;
  /** Nothing moves and no artifact is new. */
  noChange: boolean;
};

function decide(p: StoredPayment, obs: Observation): Decision {
  const t = nextState({ status: p.status, cancelRequested: !!p.cancelRequestedAt }, obs.observed);
  const artifacts = newArtifacts(p, obs.artifacts);
  return { p, t, artifacts, noChange: t.steps.length === 0 && Object.keys(artifacts).length === 0 };
}

type Call = {
  paymentId: string;
  obs: Observation;
  source: EventSource;
  extras: ApplyExtras;
  nowMs: number;
  now: string;
  detailBase: Record<string, unknown>;
};

/** The events a read logs whatever it moves: an unknown status, an amount that differs. Keyed, held writes. */
function* observationEvents(tx: Tx, { p }: Decision, c: Call): Generator<Step, void, unknown> {
  const { paymentId, obs, source, detailBase } = c;
  if (obs.observed === 'unknown') {
    yield* write(insertEvent(tx, { paymentId, orderId: p.orderId, type: 'unknown_status', source, dedupeKey: dedupe.unknown(paymentId, obs.providerStatus), detail: detailBase }));
  }
  if (obs.amountCents !== undefined && obs.amountCents !== p.amountCents) {
    yield* write(
      insertEvent(tx, {
        paymentId, orderId: p.orderId, type: 'amount_mismatch', source, dedupeKey: dedupe.amountMismatch(paymentId),
        detail: { ...detailBase, expectedCents: p.amountCents, providerCents: obs.amountCents },
      }),
    );
  }
}

function* finish(tx: Tx, c: Call, result: ApplyResult): Generator<Step, ApplyResult, unknown> {
  if (c.extras.alsoWrites) yield* c.extras.alsoWrites(tx, result);
  if (c.extras.alsoInTransaction) yield* c.extras.alsoInTransaction(tx, result);
  return result;
}

/**
 * A read that moves nothing: remember when we last looked (and the status, unless the read is
 * stale), unless that is what the row already says to within a second (a burst of duplicate
 * deliveries then writes only their log rows). `guarded`: written in a batch after a read
 * outside the transaction, so under the guard.
 */
function* writeNoChange(tx: Tx, d: Decision, c: Call, guarded: boolean): Generator<Step, ApplyResult, unknown> {
  const { p, t } = d;
  if (guarded) yield* write(guardStatement(tx, p, []));
  yield* observationEvents(tx, d, c);
  const statusKnown = t.stale || p.providerStatus === c.obs.providerStatus;
  if (!statusKnown || !checkedWithin(p.lastCheckedAt, c.nowMs, TOUCH_MIN_INTERVAL_MS)) {
    yield* write(
      t.stale
        ? touchPayment.on(tx, { id: c.paymentId, now: c.now })
        : touchPaymentWithStatus.on(tx, { id: c.paymentId, now: c.now, providerStatus: c.obs.providerStatus }),
    );
  }
  return yield* finish(tx, c, { found: true, changed: false, from: p.status, status: p.status, steps: [] });
}

/**
 * A change: the guard, the events, the payment, the order and what follows from it, every one a
 * held write. `paid`: what the effects of entering paid read, when read before a batch.
 */
function* writeChange(tx: Tx, d: Decision, c: Call, inBatch: false | { paid?: PaidEffectReads }): Generator<Step, ApplyResult, unknown> {
  const { p, t, artifacts } = d;
  const { paymentId, obs, source, now, detailBase } = c;
  const paid = inBatch ? inBatch.paid : undefined;
  if (inBatch) {
    // Read before the batch, the order had no units given back: it must still have none.
    yield* write(guardStatement(tx, p, t.steps, paid ? givenBackSql(p.orderId) : undefined));
  } else {
    // In a transaction the guard runs first, so that nothing after it (a caller's
    // `alsoInTransaction`) runs when the change was already applied.
    yield* run(guardStatement(tx, p, t.steps));
  }
  yield* observationEvents(tx, d, c);

  let status = p.status;
  for (const to of t.steps) {
    yield* write(
      insertEvent(tx, { paymentId, orderId: p.orderId, type: 'status_changed', source, fromStatus: status, toStatus: to, dedupeKey: dedupe.status(paymentId, to), detail: detailBase }),
    );
    status = to;
  }
  if (t.late) {
    yield* write(insertEvent(tx, { paymentId, orderId: p.orderId, type: 'late_payment', source, fromStatus: p.status, toStatus: 'paid', dedupeKey: dedupe.late(paymentId), detail: detailBase }));
  }
  if (artifacts.barcode && !p.barcode) {
    yield* write(insertEvent(tx, { paymentId, orderId: p.orderId, type: 'registered', source, dedupeKey: dedupe.registered(paymentId), detail: detailBase }));
  }

  const becamePaid = t.steps.includes('paid');
  const becameRefunded = t.steps.includes('refunded');
  const paidAt = becamePaid ? (obs.paidAt ?? now) : p.paidAt;
  const refundedCents = becameRefunded ? (yield* refundedAmount(tx, p)) : p.refundedCents;

  yield* write(
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

  if (p.supersededAt) {
    // An attempt a newer one replaced: its own row moved above; the order moves only when it was paid.
    if (becamePaid) yield* supersededAttemptPaid(tx, { ...p, status, paidAt, refundedCents }, now, source, detailBase);
    return yield* finish(tx, c, { found: true, changed: true, from: p.status, status, steps: t.steps });
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
  yield* stateEffects(
    tx,
    { orderId: p.orderId, method: p.method, steps: t.steps, statusAfter: status, registered: !!artifacts.barcode && !p.barcode, from: p.status, attempt: p.attempt },
    paid,
  );
  return yield* finish(tx, c, { found: true, changed: true, from: p.status, status, steps: t.steps });
}

/** The change decided and written under the write lock, in an interactive transaction. */
async function applyInTransaction(c: Call): Promise<ApplyResult> {
  try {
    return await database().transaction(function* (tx) {
      const p = yield* get(paymentById.on(tx, { id: c.paymentId }));
      if (!p) return yield* finish(tx, c, { found: false, changed: false, steps: [] });
      const d = decide(p, c.obs);
      // Read under the lock, a read that moves nothing needs no guard.
      return d.noChange ? yield* writeNoChange(tx, d, c, false) : yield* writeChange(tx, d, c, false);
    });
  } catch (e) {
    // Under the lock the payment cannot have moved: the guard failed on an event already there.
    if (isMoved(e)) return alreadyApplied(c);
    throw e;
  }
}

/**
 * The change read outside any transaction and written as one atomic batch (see the top):
 * the payment's read, the effects' reads when it enters paid, the batch. 'moved' when the
 * payment moved before the batch (which then wrote nothing); undefined when the transaction must
 * decide: the payment is not found, or the change's effects must read further.
 */
async function applyInOneBatch(c: Call): Promise<ApplyResult | 'moved' | undefined> {
  const { db } = database();
  const [[p], entered] = await database().batch([
    db.select(storedPaymentColumns).from(payments).where(eq(payments.id, c.paymentId)),
    db.select({ key: paymentEvents.dedupeKey }).from(paymentEvents).where(inArray(paymentEvents.dedupeKey, STATES_WITH_EVENTS.map((s) => dedupe.status(c.paymentId, s)))),
  ]);
  if (!p) return undefined;
  const d = decide(p, c.obs);
  // A state this change would enter has its event already (a writer that has not moved the row
  // yet): the change is made, as the transaction's guard would find.
  if (d.t.steps.some((to) => entered.some((e) => e.key === dedupe.status(c.paymentId, to)))) return alreadyApplied(c);
  let paid: PaidEffectReads | undefined;
  if (!d.noChange) {
    const { t } = d;
    const inOneBatch = !p.supersededAt && !t.late && (t.steps.length === 0 || (t.steps.length === 1 && t.steps[0] === 'paid'));
    if (!inOneBatch) return undefined;
    if (t.steps.includes('paid')) {
      paid = (await database().batch(paidEffectQueries(db, p.orderId))) as unknown as PaidEffectReads;
      if (!paidEffectsNeedNoReads(paid)) return undefined;
    }
  }
  try {
    return await database().atomicBatch(function* (tx) {
      return d.noChange ? yield* writeNoChange(tx, d, c, true) : yield* writeChange(tx, d, c, { paid });
    });
  } catch (e) {
    if (isMoved(e)) return 'moved';
    throw e;
  }
}

/**
 * How many times a read and its batch are tried when the payment moves in between (a storm of
 * deliveries for one payment: the first moves it, the others read it again and find nothing to
 * do) before the transaction decides under the lock.
 */
const BATCH_TRIES = 3;

async function applyByBatches(c: Call): Promise<ApplyResult> {
  for (let i = 0; i < BATCH_TRIES; i++) {
    const result = await applyInOneBatch(c);
    if (result === undefined) break;
    if (result !== 'moved') return result;
  }
  return applyInTransaction(c);
}

/**
 * Applies one provider read to the payment `paymentId`. Safe to call any number of times,
 * in any order, from any number of processes: the result only ever moves forward.
 */
export async function applyObservation(paymentId: string, obs: Observation, source: EventSource, extras: ApplyExtras = {}): Promise<ApplyResult> {
  const nowMs = Date.now();
  const c: Call = {
    paymentId, obs, source, extras, nowMs,
    now: new Date(nowMs).toISOString(),
    detailBase: { providerStatus: obs.providerStatus, ...(extras.actor ? { actor: extras.actor } : {}), ...extras.detail },
  };
  const result = await database().byRoundTrips({
    // A caller's `alsoInTransaction` may need answers: only a transaction can give them.
    together: () => (extras.alsoInTransaction ? applyInTransaction(c) : applyByBatches(c)),
    inTurn: () => applyInTransaction(c),
  });
  if (result.changed) kickOutbox();
  return result;
}
