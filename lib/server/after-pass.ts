/**
 * Work finishes after the response, on any host. A request that writes outbox rows (e-mails,
 * the merchant's alerts, outbound webhook events, ad-pixel events) runs inside `withAfterPass`; the writers
 * note each row's key under its channel's name as they write it (`noteOutboxRow`), and once the request's work is done
 * one delivery pass for exactly those rows is handed to Next's `after()`: on Vercel it runs
 * through the platform's waitUntil, on a Node host right after the response is sent. So a
 * function instance that runs no interval (BACKGROUND_WORKERS=off) still sends the shopper's
 * instructions and the store's `order.paid` within seconds, not at the next cron run.
 *
 * The pass is one more sender beside the in-process workers and the cron route: every row is
 * claimed with a lease by whoever sends it (lib/outbox),
 * so the three racing never send one message twice. A row whose transaction rolled back was
 * noted all the same: the pass finds nothing by its key and does nothing.
 *
 * This module sits low (the writers and the envelopes of every layer call it); the senders sit
 * high, so start-up hands them in (`afterPassDeliverers`, lib/jobs/after-pass-deliverers.ts).
 */
import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { after } from 'next/server';
import { processSingleton, processSlot } from '@/lib/process/context';
import { logger } from '@/lib/server/log';

/** The senders of one pass, by outbox channel name: each sends the due rows among `keys` (an outbox dedupe key each). */
export type AfterPassDeliverers = Record<string, (keys: string[]) => Promise<unknown>>;
/** Runs a pass once the response is out: Next's after() by default. */
export type AfterPassScheduler = (pass: () => Promise<void>) => void;

/** The keys noted, by channel name (lib/outbox: 'email', 'webhook', 'pixel' …). */
type Notes = { keys: Map<string, Set<string>>; open: boolean };

// One store for every bundle Next loads (each has its own module scope).
const scopes = processSingleton('server.after-pass.scope', () => new AsyncLocalStorage<Notes>());

export const afterPassDeliverers = processSlot<AfterPassDeliverers>('server.after-pass.deliverers');

/** Next's after(); outside a request (a script, a background refresh) the pass starts at once. */
export const afterPassScheduler = processSingleton<AfterPassScheduler>('server.after-pass.scheduler', () => (pass) => {
  try {
    after(pass);
  } catch {
    void pass();
  }
});

/**
 * Runs one request's work; the outbox rows it wrote are delivered after the response. Nested
 * calls (an API call that places an order) join the outer request's pass.
 */
export async function withAfterPass<T>(work: () => Promise<T>): Promise<T> {
  const scope = scopes();
  if (scope.getStore()?.open) return work();
  const notes: Notes = { keys: new Map(), open: true };
  try {
    return await scope.run(notes, work);
  } finally {
    notes.open = false;
    schedule(notes);
  }
}

/**
 * A writer's note: this request wrote (or met, ON CONFLICT) the outbox row with this key. A
 * write that outlives its request (a background fetch-back the status route started) gets a
 * pass of its own.
 */
export function noteOutboxRow(channel: string, key: string): void {
  const notes = scopes().getStore();
  if (!notes) return;
  if (notes.open) {
    const keys = notes.keys.get(channel) ?? new Set<string>();
    notes.keys.set(channel, keys.add(key));
  } else schedule({ keys: new Map([[channel, new Set([key])]]), open: false });
}

function schedule(notes: Notes): void {
  const byChannel = [...notes.keys].filter(([, keys]) => keys.size > 0).map(([channel, keys]) => [channel, [...keys]] as [string, string[]]);
  if (byChannel.length === 0) return;
  const deliverers = afterPassDeliverers.get();
  if (!deliverers) return;
  afterPassScheduler()(async () => {
    // Outside the request's store: a write this pass makes is not noted into a closed scope.
    await scopes().exit(async () => {
      const results = await Promise.allSettled(byChannel.map(([channel, keys]) => deliverers[channel]?.(keys)));
      for (const r of results) if (r.status === 'rejected') logger().warn({ err: String(r.reason) }, 'after-pass: delivery failed; the worker or the cron sends it later');
    });
  });
}
