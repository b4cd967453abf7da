/**
 * Graceful shutdown of the background work of one Node host.
 *
 * On SIGTERM (docker stop, systemd, Kubernetes) or SIGINT (Ctrl-C), `next start` and the
 * standalone server.js already do their part: they stop accepting connections, let the
 * requests in flight finish (server.close), close Next's server, then exit (143 / 130).
 * What they do not know about is our own timers: the reconciliation scheduler and the
 * sandbox's webhook/clock worker. Modules register a stop function here with
 * `onShutdown(name, fn)`; on the first signal every registered function runs at once (the
 * synchronous part — clearing a timer — before Next's draining even starts), so no new
 * background run begins while requests drain. Work already running is not waited for past
 * Next's own exit: each step is a transaction (all or nothing) and is picked up again at
 * the next start (reconciliation re-reads open payments; undelivered sandbox webhooks stay
 * queued).
 *
 * When Next's own handlers are off (NEXT_MANUAL_SIG_HANDLE=1), we exit ourselves once
 * the stop functions are done (or after the timeout).
 */
import { logger } from './log';
import { oncePerProcess, processSingleton } from '@/lib/process/context';

export type ShutdownFn = () => void | Promise<void>;
type Entry = { name: string; fn: ShutdownFn };
type State = { entries: Entry[]; running?: Promise<ShutdownReport> };
export type ShutdownReport = { signal: string; results: { name: string; ok: boolean; error?: string; ms: number }[] };

const state = processSingleton<State>('shutdown', () => ({ entries: [] }));


/** Default time allowed to the stop functions together. */
export const SHUTDOWN_TIMEOUT_MS = 5_000;

/**
 * Registers `fn` to run once when the process is asked to stop. Registering the same name
 * again replaces the earlier function (modules may be evaluated twice by Next's bundles).
 * Returns a function that unregisters it.
 */
export function onShutdown(name: string, fn: ShutdownFn): () => void {
  const s = state();
  const existing = s.entries.findIndex((e) => e.name === name);
  const entry = { name, fn };
  if (existing >= 0) s.entries[existing] = entry;
  else s.entries.push(entry);
  return () => {
    const i = s.entries.indexOf(entry);
    if (i >= 0) s.entries.splice(i, 1);
  };
}

/** Names registered so far, in order (diagnostics, tests). */
export function shutdownNames(): string[] {
  return state().entries.map((e) => e.name);
}

/**
 * Runs every registered function once (in registration order, started together so one slow
 * stop does not delay the others), each failure isolated, all bounded by `timeoutMs`.
 * A second call returns the first run's report.
 */
export function runShutdown(signal: string, opts: { timeoutMs?: number } = {}): Promise<ShutdownReport> {
  const s = state();
  if (s.running) return s.running;
  const timeoutMs = opts.timeoutMs ?? SHUTDOWN_TIMEOUT_MS;
  const entries = [...s.entries];
  s.running = (async () => {
    const log = logger();
    log.info({ signal, steps: entries.map((e) => e.name) }, 'shutting down: stopping background work');
    const results = await Promise.all(
      entries.map(async ({ name, fn }) => {
        const started = Date.now();
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            Promise.resolve().then(fn),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error(`did not stop within ${timeoutMs} ms`)), timeoutMs);
              timer.unref?.();
            }),
          ]);
          return { name, ok: true, ms: Date.now() - started };
        } catch (e) {
          const error = e instanceof Error ? e.message : String(e);
          log.error({ step: name, err: e }, 'shutdown step failed');
          return { name, ok: false, error, ms: Date.now() - started };
        } finally {
          if (timer) clearTimeout(timer);
        }
      }),
    );
    log.info({ signal, results }, 'background work stopped');
    return { signal, results };
  })();
  return s.running;
}

/** What the signal listener does: the shutdown steps, then the exit where Next's own handler is off (NEXT_MANUAL_SIG_HANDLE). */
export async function handleSignal(signal: NodeJS.Signals, exit: (code: number) => void = (c) => process.exit(c)): Promise<void> {
  await runShutdown(signal);
  // Next's own handler drains requests and exits; without it, we exit.
  if (process.env.NEXT_MANUAL_SIG_HANDLE) exit(signal === 'SIGINT' ? 130 : 143);
}

/** Installs the SIGTERM/SIGINT listeners once per process (idempotent). */
export function installShutdownHandlers(): void {
  // Listeners belong to the process, not to one context: installed once, they run the current context's steps.
  oncePerProcess('shutdown.signal-listeners', () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.on(signal, () => {
        void handleSignal(signal);
      });
    }
  });
}
