/**
 * The process context: every value a server process keeps between requests — the
 * configuration, database connections, the embedded sandbox, the payment client, the mail
 * transport, caches, rate-limit windows, workers' state — lives in one context, made on first
 * use and shared by every bundle Next.js loads (each bundle has its own module scope, so a
 * plain module-level `let` would exist once per bundle: two connections, two loggers…). The
 * context sits on globalThis under `Symbol.for('balcao.process')`; each value by its name.
 *
 *   const gates = processSingleton('payments.coalesced-reads', () => new Map<string, Gate>());
 *   gates().get(id);                                   // made on first use, then the same map
 *
 *   const lastBalance = processSlot<BalanceReading>('dashboard.last-balance');
 *   lastBalance.set(reading); lastBalance.get(); lastBalance.clear();
 *
 * A server's context is made by its first use, which is start-up (lib/startup/start-server.ts:
 * configuration, database, sandbox, workers), and lives as long as the process.
 * `startProcessContext(provisions)` begins a new one: the values of the current context are
 * closed (those that hold a resource say how) and forgotten; `provisions` fill named values
 * before anyone asks for them. A test begins its own context with its doubles; a script ends
 * its context (`endProcessContext`) to close its connections:
 *
 *   startProcessContext([paymentProvider.provide(new FakePaymentProvider())]);
 */
const CONTEXT = Symbol.for('balcao.process');
const CLOSERS = Symbol.for('balcao.process.closers');
const ONCE = Symbol.for('balcao.process.once');

type ProcessGlobal = typeof globalThis & {
  [CONTEXT]?: Map<string, unknown>;
  [CLOSERS]?: Map<string, (value: never) => void>;
  [ONCE]?: Set<string>;
};

function values(): Map<string, unknown> {
  const g = globalThis as ProcessGlobal;
  return (g[CONTEXT] ??= new Map());
}

function closers(): Map<string, (value: never) => void> {
  const g = globalThis as ProcessGlobal;
  return (g[CLOSERS] ??= new Map());
}

/** A value given to a new context in advance (a double in tests, a chosen implementation at start-up). */
export type Provision = { readonly name: string; readonly value: unknown };

export type SlotOptions<T> = {
  /** Releases what the value holds (a connection, a timer) when its context ends. */
  close?: (value: T) => void;
};

export type ProcessSlot<T> = {
  /** The value, or undefined when none is set. */
  get(): T | undefined;
  set(value: T): T;
  clear(): void;
  /** This slot's value for the next context (`startProcessContext`). */
  provide(value: T): Provision;
};

/** A named place for one value per process context, empty until set. */
export function processSlot<T>(name: string, options: SlotOptions<T> = {}): ProcessSlot<T> {
  if (options.close) closers().set(name, options.close as (value: never) => void);
  return {
    get: () => values().get(name) as T | undefined,
    set: (value) => {
      values().set(name, value);
      return value;
    },
    clear: () => void values().delete(name),
    provide: (value) => ({ name, value }),
  };
}

/** The context's value for `name`, made by `create()` on first use; `provide` gives it in advance. */
export type ProcessSingleton<T> = (() => T) & { provide(value: T): Provision };

export function processSingleton<T>(name: string, create: () => T, options: SlotOptions<T> = {}): ProcessSingleton<T> {
  const slot = processSlot<T>(name, options);
  const get = () => {
    const current = slot.get();
    return current !== undefined ? current : slot.set(create());
  };
  return Object.assign(get, { provide: slot.provide });
}

/**
 * Ends the current context — each value with a `close` is closed (latest made first; a close
 * that throws does not stop the others) — and begins an empty one holding `provisions`.
 */
export function startProcessContext(provisions: readonly Provision[] = []): void {
  const g = globalThis as ProcessGlobal;
  const ending = g[CONTEXT];
  g[CONTEXT] = new Map(provisions.map((p) => [p.name, p.value]));
  if (ending) close(ending);
}

/** Ends the current context, closing its values (a script's last step: its database closes, the process may exit). */
export function endProcessContext(): void {
  const g = globalThis as ProcessGlobal;
  const ending = g[CONTEXT];
  g[CONTEXT] = undefined;
  if (ending) close(ending);
}

function close(ending: Map<string, unknown>): void {
  for (const [name, value] of [...ending].reverse()) {
    const close = closers().get(name);
    try {
      close?.(value as never);
    } catch {
      // A resource that fails to close is dropped with the context all the same.
    }
  }
}

/**
 * Runs `install` once per process, whatever the contexts: for what changes the process itself
 * (a patched Node prototype, signal listeners), which a new context cannot undo.
 */
export function oncePerProcess(name: string, install: () => void): void {
  const g = globalThis as ProcessGlobal;
  const done = (g[ONCE] ??= new Set());
  if (done.has(name)) return;
  install();
  done.add(name);
}

/** Whether `oncePerProcess(name, …)` has run in this process. */
export function ranOncePerProcess(name: string): boolean {
  return (globalThis as ProcessGlobal)[ONCE]?.has(name) ?? false;
}
