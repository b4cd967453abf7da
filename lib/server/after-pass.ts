/**
 * Work finishes after the response, on any host. A request that writes outbox rows (e-mails,
 * the merchant's alerts, outbound webhook events, ad-pixel events, pushes) runs inside `withAfterPass`; the writers
 * note each row's key as they write it (`noteOutboxRow`), and once the request's work is done
 * one delivery pass for exactly those rows is handed to Next's `after()`: on Vercel it runs
 * through the platform's waitUntil, on a Node host right after the response is sent. So a
 * function instance that runs no interval (BACKGROUND_WORKERS=off) still sends the shopper's
 * instructions and the store's `order.paid` within seconds, not at the next cron run.
 *
 * The pass is one more sender beside the in-process workers and the cron route: every row is
 * claimed with a lease by whoever sends it (lib/email/worker.ts, lib/public-api/webhook-worker.ts),
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

export type OutboxKind = 'email' | 'event' | 'pixel' | 'push';
/** The senders of one pass: each sends the due rows among `keys` (an outbox dedupe key each). */
export type AfterPassDeliverers = Record<'email' | 'event', (keys: string[]) => Promise<unknown>> & { pixel?: (keys: string[]) => Promise<unknown>; push?: (keys: string[]) => Promise<unknown> };
/** Runs a pass once the response is out: Next's after() by default. */
export type AfterPassScheduler = (pass: () => Promise<void>) => void;

type Notes = { email: Set<string>; event: Set<string>; pixel: Set<string>; push: Set<string>; open: boolean };

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
  const notes: Notes = { email: new Set(), event: new Set(), pixel: new Set(), push: new Set(), open: true };
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
export function noteOutboxRow(kind: OutboxKind, key: string): void {
  const notes = scopes().getStore();
  if (!notes) return;
  if (notes.open) notes[kind].add(key);
  else {
    const one = (k: OutboxKind) => new Set(kind === k ? [key] : []);
    schedule({ email: one('email'), event: one('event'), pixel: one('pixel'), push: one('push'), open: false });
  }
}

function schedule(notes: Notes): void {
  if (notes.email.size === 0 && notes.event.size === 0 && notes.pixel.size === 0 && notes.push.size === 0) return;
  const deliverers = afterPassDeliverers.get();
  if (!deliverers) return;
  const email = [...notes.email];
  const event = [...notes.event];
  const pixel = [...notes.pixel];
  const push = [...notes.push];
  afterPassScheduler()(async () => {
    // Outside the request's store: a write this pass makes is not noted into a closed scope.
    await scopes().exit(async () => {
      const results = await Promise.allSettled([
        email.length ? deliverers.email(email) : undefined,
        event.length ? deliverers.event(event) : undefined,
        pixel.length ? deliverers.pixel?.(pixel) : undefined,
        push.length ? deliverers.push?.(push) : undefined,
      ]);
      for (const r of results) if (r.status === 'rejected') logger().warn({ err: String(r.reason) }, 'after-pass: delivery failed; the worker or the cron sends it later');
    });
  });
}
