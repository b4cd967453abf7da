/**
 * One outbox for every channel (e-mail, the merchant's webhooks, the ad pixels, and whatever
 * comes next): a channel is a table of rows to send plus how to send one row. This module does
 * the rest, the same way for all of them:
 *
 * - claim: one UPDATE … WHERE <still due> RETURNING that only one worker can win, however many
 *   race (the in-process loop, a request's after-pass, the cron route, another instance). It
 *   counts the attempt and holds the row for `leaseMs`; a worker that dies mid-send lets the
 *   lease run out and the row is taken again (at least once: that one row may go out twice).
 * - send: the channel's `send(row)` answers sent, a retryable failure or a permanent one.
 * - settle: in one atomic batch (db/driver `atomicBatch`), the row's status, its next attempt
 *   (the channel's back-off) or its end (a permanent failure, or `givesUp` after a retryable
 *   one) with the reason kept, and whatever the channel logs beside it (an attempts table).
 * - count what is left (the cron route's answer), with the very condition the claim uses.
 *
 * Nothing here knows a channel: see README.md for how one registers.
 */
import 'server-only';
import { and, asc, count, eq, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { database } from '@/db';
import { write, type AnyDb, type Step } from '@/db/driver';
import { logger, redactSecrets } from '@/lib/server/log';

/** The columns every outbox table has, under these property names. */
export type OutboxColumns = {
  id: SQLiteColumn;
  status: SQLiteColumn;
  attempts: SQLiteColumn;
  nextAttemptAt: SQLiteColumn;
  leaseUntil: SQLiteColumn;
  createdAt: SQLiteColumn;
};
export type OutboxTable = SQLiteTable & OutboxColumns;

/** The standard part of a row, as the helper reads it. */
export type OutboxRow = { id: number; status: string; attempts: number; nextAttemptAt: string; leaseUntil: string | null; createdAt: string };

/** What sending one row came to. `detail` is the channel's own (an HTTP status, a message id), handed back to `settle`. */
export type SendResult<D = undefined> =
  | { ok: true; detail?: D }
  /** `permanent`: no retry can fix it (a refused body, a bad address): given up at once. */
  | { ok: false; permanent: boolean; reason: string; detail?: D }
  /** Not sent on purpose and never will be (the order is no longer pending): ended as `skipped`. */
  | { skip: string; detail?: D };

export type Outcome = 'sent' | 'retry' | 'failed' | 'skipped';

/** A row's attempt once decided: what `settle` writes beside the standard columns. */
export type Settled<Row, D> = {
  row: Row;
  outcome: Outcome;
  /** Null when sent; else why (with the channel's give-up words when it gave up). */
  reason: string | null;
  detail: D | undefined;
  /** This attempt's number (the row's `attempts` after the claim). */
  attempt: number;
  startedAt: number;
  endedAt: number;
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Tx = AnyDb<any>;

export type OutboxChannel<Row extends OutboxRow = OutboxRow, D = undefined> = {
  /** The channel's name: the after-pass notes rows under it (lib/server/after-pass.ts) and logs use it. */
  readonly name: string;
  readonly table: OutboxTable;
  /** The rows with these dedupe keys (a request's after-pass): usually `inArray(table.dedupeKey, keys)`. */
  keyed(keys: readonly string[]): SQL;
  /** A further condition for being due (webhooks: the endpoint is enabled), over the table's columns. */
  readonly dueAlso?: SQL;
  /** The status of a claimed row; omitted: it stays 'pending' and only its lease says it is taken. */
  readonly claimedStatus?: string;
  /** The status of a row sent (default 'sent'). */
  readonly sentStatus?: string;
  /** Rows claimed and sent at once per round (default 1: one at a time). */
  readonly batch?: number;
  readonly leaseMs: number;
  /** The wait after the n-th failed attempt (1-based). */
  retryDelayMs(attempt: number): number;
  /** After a retryable failure: stop here? (`afterAttempts(n)`, `afterAge(ms)`.) */
  givesUp(row: Row, attempt: number, nextAttemptAtMs: number): boolean;
  /** The reason kept when it gives up (default: the failure's own). */
  givenUpReason?(reason: string, attempt: number): string;
  /** Sends one claimed row. Throwing (a bug, the database down) leaves the row to its lease. */
  send(row: Row, now: number): Promise<SendResult<D>>;
  /** The channel's own columns and log rows for a decided attempt, written with the status. */
  settle?(s: Settled<Row, D>, tx: Tx): { set?: Record<string, unknown>; also?: () => Generator<Step, void, unknown> };
};

/** Give up once the row has had `max` attempts. */
export const afterAttempts =
  (max: number) =>
  (_row: OutboxRow, attempt: number): boolean =>
    attempt >= max;
/** Give up when the next attempt would fall more than `ms` after the row was written. */
export const afterAge =
  (ms: number) =>
  (row: OutboxRow, _attempt: number, nextAttemptAtMs: number): boolean =>
    nextAttemptAtMs - Date.parse(row.createdAt) > ms;
/** base · factor^(n−1), at most `max`. */
export const exponentialBackoff =
  (base: number, factor: number, max: number) =>
  (attempt: number): number =>
    Math.min(max, base * factor ** Math.max(0, attempt - 1));

const iso = (ms: number) => new Date(ms).toISOString();

/** Due now: pending with its time come and no live lease, or claimed with its lease run out. */
export function dueNow(channel: Pick<OutboxChannel, 'table' | 'claimedStatus' | 'dueAlso'>, nowIso: string): SQL {
  const t = channel.table;
  const pending = and(eq(t.status, 'pending'), lte(t.nextAttemptAt, nowIso), or(isNull(t.leaseUntil), lte(t.leaseUntil, nowIso)));
  const due = channel.claimedStatus ? or(pending, and(eq(t.status, channel.claimedStatus), lte(t.leaseUntil, nowIso))) : pending;
  return and(due, channel.dueAlso)!;
}

/** Claims the given due rows: each UPDATE wins for one worker only. Answers the rows won, as claimed. */
async function claim<Row extends OutboxRow>(channel: OutboxChannel<Row, unknown>, ids: number[], now: number): Promise<Row[]> {
  const t = channel.table;
  const nowIso = iso(now);
  const won = await Promise.all(
    ids.map(async (id) => {
      const [row] = await database()
        .db.update(t)
        .set({
          ...(channel.claimedStatus ? { status: channel.claimedStatus } : {}),
          attempts: sql`${t.attempts} + 1`,
          leaseUntil: iso(now + channel.leaseMs),
        } as never)
        .where(and(eq(t.id, id), dueNow(channel, nowIso)))
        .returning();
      return row as unknown as Row | undefined;
    }),
  );
  return won.filter((r) => r !== undefined) as Row[];
}

function decide<Row extends OutboxRow, D>(channel: OutboxChannel<Row, D>, row: Row, result: SendResult<D>, endedAt: number): { outcome: Outcome; reason: string | null } {
  if ('skip' in result) return { outcome: 'skipped', reason: result.skip };
  if (result.ok) return { outcome: 'sent', reason: null };
  if (result.permanent) return { outcome: 'failed', reason: result.reason };
  if (!channel.givesUp(row, row.attempts, endedAt + channel.retryDelayMs(row.attempts))) return { outcome: 'retry', reason: result.reason };
  return { outcome: 'failed', reason: channel.givenUpReason ? channel.givenUpReason(result.reason, row.attempts) : result.reason };
}

/** Writes the attempt's end: status, lease freed, next attempt on a retry; the channel's columns and log in the same batch. */
async function settle<Row extends OutboxRow, D>(channel: OutboxChannel<Row, D>, row: Row, result: SendResult<D>, startedAt: number, endedAt: number): Promise<Outcome> {
  const t = channel.table;
  const { outcome, reason } = decide(channel, row, result, endedAt);
  const status = outcome === 'retry' ? 'pending' : outcome === 'sent' ? (channel.sentStatus ?? 'sent') : outcome;
  const settled: Settled<Row, D> = { row, outcome, reason, detail: result.detail, attempt: row.attempts, startedAt, endedAt };
  await database().atomicBatch(function* (tx) {
    const own = channel.settle?.(settled, tx) ?? {};
    yield* write(
      tx
        .update(t)
        .set({
          ...own.set,
          status,
          leaseUntil: null,
          ...(outcome === 'retry' ? { nextAttemptAt: iso(endedAt + channel.retryDelayMs(row.attempts)) } : {}),
        } as never)
        // Still ours: a row whose lease ran out and that another worker finished is left as it is.
        .where(and(eq(t.id, row.id), eq(t.status, channel.claimedStatus ?? 'pending'))),
    );
    if (own.also) yield* own.also();
  });
  return outcome;
}

export type DrainOptions = {
  /** Only the rows with these dedupe keys (a request's after-pass). */
  keys?: readonly string[];
  /** Stop after this many rows (default 500). */
  maxRows?: number;
  /** Stop starting rows after this long (the cron route's time box); 0 or none: no deadline. */
  deadlineMs?: number;
  now?: () => number;
};
export type DrainResult = Record<Outcome, number>;

/** Rows lost to another worker in a row before the pass stops looking (they are being sent). */
const LOST_ROUNDS = 5;

/**
 * Sends the due rows, `batch` at a time, until none is due, `maxRows` were handled or the
 * deadline passed. Safe to run anywhere, any number of times at once.
 */
export async function drainChannel<Row extends OutboxRow, D>(channel: OutboxChannel<Row, D>, opts: DrainOptions = {}): Promise<DrainResult> {
  const result: DrainResult = { sent: 0, retry: 0, failed: 0, skipped: 0 };
  if (opts.keys?.length === 0) return result;
  const now = opts.now ?? Date.now;
  const stopAt = opts.deadlineMs ? now() + opts.deadlineMs : Infinity;
  const maxRows = opts.maxRows ?? 500;
  const t = channel.table;
  let handled = 0;
  let lost = 0;
  while (handled < maxRows && now() < stopAt && lost < LOST_ROUNDS) {
    const nowIso = iso(now());
    const candidates = await database()
      .db.select({ id: t.id })
      .from(t)
      .where(and(dueNow(channel, nowIso), opts.keys ? channel.keyed(opts.keys) : undefined))
      .orderBy(asc(t.nextAttemptAt), asc(t.id))
      .limit(Math.min(channel.batch ?? 1, maxRows - handled));
    if (candidates.length === 0) break;
    const rows = await claim(channel, candidates.map((c) => Number(c.id)), now());
    if (rows.length === 0) {
      lost++; // another worker took them between the read and the update: look again
      continue;
    }
    lost = 0;
    handled += rows.length;
    await Promise.all(
      rows.map(async (row) => {
        const startedAt = now();
        try {
          const sent = await channel.send(row, startedAt);
          result[await settle(channel, row, sent, startedAt, now())]++;
        } catch (error) {
          // The send or the database failed unexpectedly: the lease runs out and the row is tried again.
          logger().error({ channel: channel.name, rowId: row.id, err: redactSecrets(String(error)) }, 'outbox: row failed');
          result.retry++;
        }
      }),
    );
  }
  return result;
}

/** Rows due now: what a pass would send (the cron route reports it as work left). */
export async function countDue(channel: Pick<OutboxChannel, 'table' | 'claimedStatus' | 'dueAlso'>, now = Date.now()): Promise<number> {
  const [row] = await database().db.select({ n: count() }).from(channel.table).where(dueNow(channel, iso(now)));
  return Number(row?.n ?? 0);
}
