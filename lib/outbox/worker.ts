/**
 * A channel's three ways of running, one object: the in-process loop of a Node host (a pass
 * every interval, at once after a kick, never two at a time), the cron route's bounded pass
 * (lib/jobs/jobs.ts) and a request's after-pass for the rows it wrote (lib/server/after-pass.ts).
 * All three are the same pass: the channel's `before` work (a fan-out, a sweep), then
 * `drainChannel`. They may all run at once, here and in other processes: the claim decides.
 */
import 'server-only';
import { processSlot } from '@/lib/process/context';
import { logger, redactSecrets } from '@/lib/server/log';
import { countDue, drainChannel, type DrainOptions, type DrainResult, type OutboxChannel, type OutboxRow } from './outbox';

/** Who runs a pass. */
export type PassVia = 'loop' | 'cron' | 'after-pass';

export type PassOptions = DrainOptions & {
  via?: PassVia;
  /** More work before the drain, given by whoever runs the pass (the job list's, e.g. the abandoned-checkout scan). */
  before?: () => Promise<unknown>;
};

export type OutboxWorker = {
  /** The channel's name (what the writers note for the after-pass). */
  readonly name: string;
  /** False when the channel is off in this configuration (e-mails off): nothing runs. */
  enabled(): boolean;
  pass(opts?: PassOptions): Promise<DrainResult>;
  /** What a pass would do now (rows due, and the channel's own backlog): the cron's `left`. */
  workLeft(now?: number): Promise<number>;
  /** Starts the loop (idempotent; a no-op when not enabled). */
  start(opts?: { intervalMs?: number; before?: () => Promise<unknown> }): void;
  /** Stops the loop and waits for the pass in progress. */
  stop(): Promise<void>;
  /** Something was just committed: the loop, when it runs, passes now rather than at its next tick. */
  kick(): void;
};

export type WorkerSpec<Row extends OutboxRow, D> = {
  /** The channel, built for each pass (its settings may have changed). */
  channel: () => OutboxChannel<Row, D>;
  name: string;
  intervalMs: number;
  enabled?: () => boolean;
  /** The channel's own work before draining (`keys` set on an after-pass). */
  before?: (pass: { via: PassVia; keys?: readonly string[]; now: number }) => Promise<unknown>;
  /** Work left that is not rows yet (webhook events not fanned out). */
  alsoLeft?: (now: number) => Promise<number>;
  /**
   * Told the loop's kick when the loop starts, and undefined when it stops: a writer low in the
   * layers (lib/email/kick.ts) keeps it to ask for a pass right after its commit.
   */
  exposeKick?: (kick: (() => void) | undefined) => void;
};

type LoopState = { timer?: ReturnType<typeof setInterval>; running?: Promise<void>; again?: boolean; before?: () => Promise<unknown> };

export function outboxWorker<Row extends OutboxRow, D>(spec: WorkerSpec<Row, D>): OutboxWorker {
  const enabled = spec.enabled ?? (() => true);
  const slot = processSlot<LoopState>(`outbox.${spec.name}.loop`, { close: (s) => s.timer && clearInterval(s.timer) });

  async function pass(opts: PassOptions = {}): Promise<DrainResult> {
    if (!enabled()) return { sent: 0, retry: 0, failed: 0, skipped: 0 };
    const via = opts.via ?? (opts.keys ? 'after-pass' : 'loop');
    await spec.before?.({ via, keys: opts.keys, now: (opts.now ?? Date.now)() });
    await opts.before?.();
    return drainChannel(spec.channel(), opts);
  }

  function kick(): void {
    const state = slot.get();
    if (state?.timer) setImmediate(() => runOnce(state));
  }

  function runOnce(state: LoopState): void {
    if (state.running) {
      state.again = true;
      return;
    }
    state.running = (async () => {
      do {
        state.again = false;
        await pass({ via: 'loop', before: state.before });
      } while (state.again);
    })()
      .catch((error) => logger().error({ channel: spec.name, err: redactSecrets(String(error)) }, 'outbox: pass failed'))
      .finally(() => {
        state.running = undefined;
      });
  }

  return {
    name: spec.name,
    enabled,
    pass,
    async workLeft(now = Date.now()) {
      if (!enabled()) return 0;
      return (await countDue(spec.channel(), now)) + ((await spec.alsoLeft?.(now)) ?? 0);
    },
    start(opts = {}) {
      const state = slot.get() ?? slot.set({});
      if (state.timer || !enabled()) return;
      state.before = opts.before;
      state.timer = setInterval(() => runOnce(state), opts.intervalMs ?? spec.intervalMs);
      state.timer.unref?.();
      spec.exposeKick?.(() => kick());
      runOnce(state);
    },
    async stop() {
      const state = slot.get();
      if (!state) return;
      if (state.timer) {
        clearInterval(state.timer);
        spec.exposeKick?.(undefined);
      }
      state.timer = undefined;
      await state.running;
    },
    kick,
  };
}
