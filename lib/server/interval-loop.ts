import { processSlot } from '@/lib/process/context';

type LoopState = { timer?: ReturnType<typeof setInterval>; running?: Promise<void> };

export type IntervalLoop = {
  /** Begins a pass every `intervalMs`; false, and nothing begun, when this context's loop already runs. */
  start(intervalMs: number): boolean;
  /** Clears the interval and waits for a pass in progress. */
  stop(): Promise<void>;
};

/**
 * A background loop of a Node host (the reconciliation, the carrier tracking, the webhook and
 * pixel senders): `pass` every interval, never two at once (a tick that finds a pass still
 * running is skipped), the timer not keeping the process alive. Its state lives in the process
 * context under `name`, so a new context (a test's) clears the old timer. A pass that throws is
 * handed to `onFailure` (the caller's log line) and the loop goes on.
 */
export function intervalLoop(name: string, pass: () => Promise<unknown>, onFailure: (error: unknown) => void): IntervalLoop {
  const slot = processSlot<LoopState>(name, { close: (state) => state.timer && clearInterval(state.timer) });
  return {
    start(intervalMs) {
      const state = slot.get() ?? slot.set({});
      if (state.timer) return false;
      state.timer = setInterval(() => {
        if (state.running) return;
        state.running = pass()
          .then(() => undefined, onFailure)
          .finally(() => {
            state.running = undefined;
          });
      }, intervalMs);
      state.timer.unref?.();
      return true;
    },
    async stop() {
      const state = slot.get();
      if (!state) return;
      if (state.timer) clearInterval(state.timer);
      state.timer = undefined;
      await state.running;
    },
  };
}
