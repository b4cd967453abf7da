/**
 * The background worker of one server process: every 250 ms it brings payments up to the
 * sandbox clock (activation, scenario outcomes, expiry) and starts the webhook deliveries
 * that are due. Idempotent to start; its timer is unref()'d so it never keeps a process
 * alive; stopping waits for the deliveries in flight (graceful shutdown).
 */
import { sandboxNow } from './clock';
import type { SandboxContext } from './context';
import { purgeIdempotency } from './idempotency';
import { tick } from './transitions';
import { dispatch } from './webhooks';

export const WORKER_INTERVAL_MS = 250;

/** One pass: transitions now; deliveries started in the background (not awaited). */
export function workerPass(ctx: SandboxContext): void {
  if (ctx.closed) return;
  try {
    tick(ctx);
    if (Math.floor(ctx.realNow() / WORKER_INTERVAL_MS) % 240 === 0) purgeIdempotency(ctx, sandboxNow(ctx));
  } catch (e) {
    ctx.log.error({ err: e }, 'sandbox worker: transitions failed');
  }
  void dispatch(ctx).catch((e) => ctx.log.error({ err: e }, 'sandbox worker: dispatch failed'));
}

/**
 * One pass, awaited: transitions now, then one attempt of every delivery due. For a host that
 * runs no interval (serverless): after a response and from its cron. Answers the deliveries
 * still pending (a retry's back-off, or a target that failed).
 */
export async function runPass(ctx: SandboxContext): Promise<{ pending: number }> {
  if (ctx.closed) return { pending: 0 };
  tick(ctx);
  purgeIdempotency(ctx, sandboxNow(ctx));
  await dispatch(ctx);
  if (ctx.closed) return { pending: 0 };
  const row = ctx.db.prepare("SELECT count(*) AS n FROM deliveries WHERE status = 'pending'").get() as { n: number };
  return { pending: row.n };
}

export function startWorker(ctx: SandboxContext, intervalMs = WORKER_INTERVAL_MS): void {
  if (ctx.worker || ctx.closed) return;
  const timer = setInterval(() => {
    if (!ctx.worker || ctx.worker.busy) return;
    ctx.worker.busy = true;
    try {
      workerPass(ctx);
    } finally {
      if (ctx.worker) ctx.worker.busy = false;
    }
  }, intervalMs);
  timer.unref?.();
  ctx.worker = { timer, busy: false };
  ctx.log.info({ intervalMs }, 'sandbox worker started');
}

/** Stops the timer and waits for the deliveries in flight. */
export async function stopWorker(ctx: SandboxContext): Promise<void> {
  if (ctx.worker) {
    clearInterval(ctx.worker.timer);
    ctx.worker = undefined;
  }
  while (ctx.inFlight.size > 0) await Promise.allSettled([...ctx.inFlight.values()]);
}
