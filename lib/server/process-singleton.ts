/**
 * One value per process, even when Next.js loads a module in several bundles (each bundle has
 * its own module scope, so a plain module-level `let` would exist once per bundle). The value
 * lives on globalThis under `Symbol.for('balcao.<name>')` and is created on first use.
 *
 *   const slot = processSingleton('payments.api', () => ({ api: undefined as PaymentApi | undefined }));
 *   slot().api ??= ...;
 */
type Registry = Map<string, unknown>;
const REGISTRY = Symbol.for('balcao.process-singletons');

function registry(): Registry {
  const g = globalThis as typeof globalThis & { [REGISTRY]?: Registry };
  return (g[REGISTRY] ??= new Map());
}

/** The process's value for `name`, made by `create()` on first use. */
export function processSingleton<T>(name: string, create: () => T): () => T {
  return () => {
    const values = registry();
    if (!values.has(name)) values.set(name, create());
    return values.get(name) as T;
  };
}
