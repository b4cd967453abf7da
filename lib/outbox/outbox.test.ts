/**
 * The one outbox helper, on a channel of its own (test/outbox/test-channel.ts): the claim that
 * only one worker wins (2 processes racing), back-off, give-up with the reason kept, the lease
 * of a worker that died, the work left, the time box, and the after-pass sending exactly the
 * rows a request wrote. Runs on better-sqlite3 and again on libSQL (vitest.config.mts).
 */
import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { write } from '@/db/driver';
import { startProcessContext } from '@/lib/process/context';
import { afterPassDeliverers, afterPassScheduler, noteOutboxRow, withAfterPass } from '@/lib/server/after-pass';
import { addRows, createTestOutbox, testChannel, testOutbox, testSends } from '@/test/outbox/test-channel';
import { raceWorkers } from '@/test/worker-process';
import { countDue, drainChannel } from './outbox';
import { outboxWorker } from './worker';

const rows = () => database().db.select().from(testOutbox).orderBy(asc(testOutbox.id));
const row = async (key: string) => (await database().db.select().from(testOutbox).where(eq(testOutbox.dedupeKey, key)))[0];
const sends = () => database().db.select().from(testSends);

beforeEach(async () => {
  startProcessContext();
  await createTestOutbox();
});

describe('claims and leases', () => {
  it('2 processes draining the same rows at once: each row is sent once, by one of them', async () => {
    await addRows(Array.from({ length: 30 }, (_, i) => `race-${i}`));
    const answers = await raceWorkers<{ sent?: number; error?: string }>('test/outbox/race-worker.ts', [
      [4, 15],
      [4, 15],
    ]);
    expect(answers.every((a) => a.error === undefined), JSON.stringify(answers)).toBe(true);
    expect(answers[0].sent! + answers[1].sent!).toBe(30);
    const log = await sends();
    expect(log).toHaveLength(30);
    expect(new Set(log.map((s) => s.rowId)).size).toBe(30);
    expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  }, 30_000);

  it('two drains in one process share the rows, none twice', async () => {
    await addRows(Array.from({ length: 12 }, (_, i) => `twice-${i}`));
    const channel = testChannel({ batch: 3, delayMs: 5 });
    const [a, b] = await Promise.all([drainChannel(channel), drainChannel(channel)]);
    expect(a.sent + b.sent).toBe(12);
    expect(new Set((await sends()).map((s) => s.rowId)).size).toBe(12);
  });

  for (const claimedStatus of ['sending', undefined]) {
    it(`a row held by a worker that died is taken again once its lease runs out, and only then (claimed status: ${claimedStatus ?? 'none'})`, async () => {
      await addRows(['held']);
      const now = Date.now();
      const lease = new Date(now + 60_000).toISOString();
      await database().db.update(testOutbox).set({ status: claimedStatus ?? 'pending', attempts: 1, leaseUntil: lease }).where(eq(testOutbox.dedupeKey, 'held'));
      const channel = testChannel({ claimedStatus });
      expect(await countDue(channel, now)).toBe(0);
      expect(await drainChannel(channel, { now: () => now })).toMatchObject({ sent: 0 });
      expect(await countDue(channel, now + 60_001)).toBe(1);
      expect(await drainChannel(channel, { now: () => now + 60_001 })).toMatchObject({ sent: 1 });
      expect(await row('held')).toMatchObject({ status: 'sent', attempts: 2, leaseUntil: null });
    });
  }
});

describe('back-off and give-up', () => {
  it('a retryable failure waits the back-off (doubling), keeps its reason, and gives up after the last attempt', async () => {
    await addRows(['flaky']);
    let now = Date.now();
    const channel = testChannel({ claimedStatus: 'sending', maxAttempts: 3, script: () => ({ ok: false, permanent: false, reason: 'HTTP 503' }) });
    expect(await drainChannel(channel, { now: () => now })).toMatchObject({ retry: 1 });
    let r = await row('flaky');
    expect(r).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 503', leaseUntil: null });
    expect(Date.parse(r.nextAttemptAt) - now).toBe(1_000);
    // Not due yet: nothing is sent.
    expect(await drainChannel(channel, { now: () => now + 999 })).toMatchObject({ retry: 0 });
    now += 1_000;
    expect(await drainChannel(channel, { now: () => now })).toMatchObject({ retry: 1 });
    r = await row('flaky');
    expect(Date.parse(r.nextAttemptAt) - now).toBe(2_000);
    now += 2_000;
    expect(await drainChannel(channel, { now: () => now })).toMatchObject({ failed: 1 });
    r = await row('flaky');
    expect(r).toMatchObject({ status: 'failed', attempts: 3, lastError: 'HTTP 503 (gave up after 3)' });
    expect(await drainChannel(channel, { now: () => now + 3600_000 })).toMatchObject({ retry: 0, failed: 0, sent: 0 });
    expect(await sends()).toHaveLength(3);
  });

  it('a permanent failure is given up at once; a skip ends the row as skipped; a send that throws waits for its lease', async () => {
    await addRows(['refused', 'skipped', 'throws']);
    const channel = testChannel({
      claimedStatus: 'sending',
      script: (r) => {
        if (r.dedupeKey === 'refused') return { ok: false, permanent: true, reason: 'HTTP 400: bad body' };
        if (r.dedupeKey === 'skipped') return { skip: 'no longer wanted' };
        throw new Error('a bug');
      },
    });
    const now = Date.now();
    expect(await drainChannel(channel, { now: () => now })).toEqual({ sent: 0, retry: 1, failed: 1, skipped: 1 });
    expect(await row('refused')).toMatchObject({ status: 'failed', attempts: 1, lastError: 'HTTP 400: bad body' });
    expect(await row('skipped')).toMatchObject({ status: 'skipped', lastError: 'no longer wanted' });
    expect(await row('throws')).toMatchObject({ status: 'sending', attempts: 1 });
    expect(await countDue(channel, now + 60_001)).toBe(1);
  });
});

describe('the work left and the time box', () => {
  it('counts what a pass would send; a pass stops at maxRows or its deadline and the next continues', async () => {
    await addRows(Array.from({ length: 5 }, (_, i) => `box-${i}`));
    const channel = testChannel();
    expect(await countDue(channel)).toBe(5);
    expect(await drainChannel(channel, { maxRows: 2 })).toMatchObject({ sent: 2 });
    expect(await countDue(channel)).toBe(3);
    let t = Date.now();
    // Each row takes 10 ms of a 15 ms box: two rows start, the third would start after it.
    const slow = testChannel({ script: () => ((t += 10), { ok: true }) });
    expect(await drainChannel(slow, { now: () => t, deadlineMs: 15 })).toMatchObject({ sent: 2 });
    expect(await countDue(channel)).toBe(1);
    expect(await drainChannel(channel)).toMatchObject({ sent: 1 });
  });
});

describe('the loop and the after-pass', () => {
  it('a request\'s after-pass sends exactly the rows it noted, through the worker', async () => {
    const passes: (() => Promise<void>)[] = [];
    const worker = outboxWorker({ name: 'test', intervalMs: 60_000, channel: () => testChannel() });
    startProcessContext([afterPassScheduler.provide((pass) => void passes.push(pass)), afterPassDeliverers.provide({ test: (keys) => worker.pass({ keys }) })]);
    await addRows(['not-mine']);
    await withAfterPass(async () => {
      await database().transaction(function* (tx) {
        const at = new Date().toISOString();
        yield* write(tx.insert(testOutbox).values({ dedupeKey: 'mine', nextAttemptAt: at, createdAt: at }));
        noteOutboxRow('test', 'mine');
      });
    });
    expect(passes).toHaveLength(1);
    await passes[0]();
    expect((await rows()).map((r) => [r.dedupeKey, r.status])).toEqual([
      ['not-mine', 'pending'],
      ['mine', 'sent'],
    ]);
    expect(await worker.workLeft()).toBe(1);
  });

  it('the loop passes at start and after a kick; stopped, it waits for its pass and a kick does nothing', async () => {
    let exposed: (() => void) | undefined;
    const worker = outboxWorker({ name: 'test', intervalMs: 60_000, channel: () => testChannel(), exposeKick: (k) => (exposed = k) });
    await addRows(['first']);
    worker.start();
    await addRows(['kicked']);
    // The kick as a writer low in the layers holds it (lib/email/kick.ts).
    exposed!();
    await new Promise((r) => setImmediate(r));
    await worker.stop();
    expect((await rows()).map((r) => r.status)).toEqual(['sent', 'sent']);
    await addRows(['after-stop']);
    worker.kick();
    await new Promise((r) => setImmediate(r));
    await worker.stop();
    expect((await row('after-stop')).status).toBe('pending');
  });
});
