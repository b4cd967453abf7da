/**
 * One value per process, even when Next.js loads a module in several bundles: each bundle has
 * its own module scope, so a plain module-level `let` would exist once per bundle (two database
 * connections, two loggers, two schedulers). Values live in one map on globalThis, under
 * `Symbol.for('balcao.process')`, each by its name.
 *
 *   const gates = processSingleton('payments.coalesced-reads', () => new Map<string, Gate>());
 *   gates().get(id);                                   // made on first use, then the same map
 *
 *   const lastBalance = processSlot<BalanceReading>('dashboard.last-balance');
 *   lastBalance.set(reading); lastBalance.get(); lastBalance.clear();
 */
const VALUES = Symbol.for('balcao.process');

function values(): Map<string, unknown> {
  const g = globalThis as typeof globalThis & { [VALUES]?: Map<string, unknown> };
  return (g[VALUES] ??= new Map());
}

export type ProcessSlot<T> = {
  /** The value, or undefined when none is set. */
  get(): T | undefined;
  set(value: T): T;
  clear(): void;
};

/** A named place for one value per process, empty until set. */
export function processSlot<T>(name: string): ProcessSlot<T> {
  return {
    get: () => values().get(name) as T | undefined,
    set: (value) => {
      values().set(name, value);
      return value;
    },
    clear: () => void values().delete(name),
  };
}

/** The process's value for `name`, made by `create()` on first use. */
export function processSingleton<T>(name: string, create: () => T): () => T {
  const slot = processSlot<T>(name);
  return () => slot.get() ?? slot.set(create());
}
