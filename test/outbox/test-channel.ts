/**
 * A channel of the outbox helper for its own tests (lib/outbox/outbox.test.ts and the race
 * worker): a table of its own, `test_outbox`, with the standard columns, created on the test's
 * database, and a send scripted by the test. Every send is logged in `test_outbox_sends` (one
 * row per send, with the process id), so a test counts what really went out.
 */
import { inArray, sql } from 'drizzle-orm';
import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { database } from '@/db';
import { afterAttempts, exponentialBackoff, type OutboxChannel, type SendResult } from '@/lib/outbox/outbox';

export const testOutbox = sqliteTable('test_outbox', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  dedupeKey: text('dedupe_key').notNull().unique(),
  status: text('status').notNull().default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: text('next_attempt_at').notNull(),
  leaseUntil: text('lease_until'),
  lastError: text('last_error'),
  createdAt: text('created_at').notNull(),
  sentAt: text('sent_at'),
});
export type TestRow = typeof testOutbox.$inferSelect;

export const testSends = sqliteTable('test_outbox_sends', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  rowId: integer('row_id').notNull(),
  pid: integer('pid').notNull(),
  outcome: text('outcome').notNull(),
});

export async function createTestOutbox(): Promise<void> {
  const { db } = database();
  await db.run(sql`create table if not exists test_outbox (id integer primary key autoincrement, dedupe_key text not null unique, status text not null default 'pending', attempts integer not null default 0, next_attempt_at text not null, lease_until text, last_error text, created_at text not null, sent_at text)`);
  await db.run(sql`create table if not exists test_outbox_sends (id integer primary key autoincrement, row_id integer not null, pid integer not null, outcome text not null)`);
  await db.delete(testOutbox);
  await db.delete(testSends);
}

/** Rows `key-0 … key-(n−1)`, due at `at`. */
export async function addRows(keys: string[], at = new Date()): Promise<void> {
  const iso = at.toISOString();
  await database().db.insert(testOutbox).values(keys.map((dedupeKey) => ({ dedupeKey, nextAttemptAt: iso, createdAt: iso })));
}

export type Script = (row: TestRow) => SendResult<string> | Promise<SendResult<string>>;

/** The test channel: `script` answers each send (sent by default); `claimedStatus` 'sending' like e-mail, or none like the webhooks. */
export function testChannel(o: { script?: Script; claimedStatus?: string; maxAttempts?: number; batch?: number; leaseMs?: number; delayMs?: number } = {}): OutboxChannel<TestRow, string> {
  return {
    name: 'test',
    table: testOutbox,
    keyed: (keys) => inArray(testOutbox.dedupeKey, [...keys]),
    claimedStatus: o.claimedStatus,
    batch: o.batch,
    leaseMs: o.leaseMs ?? 60_000,
    retryDelayMs: exponentialBackoff(1_000, 2, 60_000),
    givesUp: afterAttempts(o.maxAttempts ?? 3),
    givenUpReason: (reason, attempt) => `${reason} (gave up after ${attempt})`,
    async send(row) {
      if (o.delayMs) await new Promise((r) => setTimeout(r, o.delayMs));
      const result = (await o.script?.(row)) ?? { ok: true };
      await database().db.insert(testSends).values({ rowId: row.id, pid: process.pid, outcome: 'ok' in result && result.ok ? 'sent' : 'not sent' });
      return result;
    },
    settle: ({ outcome, reason, endedAt }) => ({
      set: { lastError: reason, sentAt: outcome === 'sent' ? new Date(endedAt).toISOString() : null },
    }),
  };
}
