/**
 * One sandbox instance: its configuration, its database and its injectable dependencies.
 * The server uses one default instance built from env() and cached on globalThis (Next loads
 * modules in several bundles; they must share one connection and one webhook worker).
 * Tests build their own instances on their own files with `createSandboxContext`.
 */
import { env, SANDBOX_DEFAULT_KEY } from '@/lib/config/env';
import { openSandboxDb, type SqliteDb } from './db';
import { processSlot } from '@/lib/server/process-singleton';
import { guardedFetch, systemLookup, type Lookup } from './webhook-target';

export type SandboxScenario = 'approved' | 'refused' | 'pending';

export type SandboxConfig = {
  /** SANDBOX_ENABLED: off → every sandbox route answers 404. */
  enabled: boolean;
  databaseUrl: string;
  /** APP_URL: base of pdf_url and of the invoice pages. */
  appUrl: string;
  /** Valid API keys (sk_sandbox_dev included, except in a public demo). */
  apiKeys: string[];
  /**
   * A production build with the sandbox on (env().publicDemo): secret keys only; the global
   * controls and other people's payments need a key or a signed-in merchant; payer data masked.
   */
  publicDemo: boolean;
  /** Outcome of a charge without a `sandbox_scenario` metadata entry. */
  scenario: SandboxScenario;
  /** Accept http://localhost and http://127.0.0.1 notification URLs. */
  allowHttpWebhooks: boolean;
  /**
   * Origins webhooks may reach even on a loopback or private address (webhook-target.ts):
   * the app's own APP_URL origin, plus any a test adds.
   */
  webhookAllowedOrigins: string[];
};

export type WorkerState = {
  timer: ReturnType<typeof setInterval>;
  busy: boolean;
};

export type SandboxContext = {
  config: SandboxConfig;
  db: SqliteDb;
  /** Real time in ms (the sandbox clock adds its stored offset). */
  realNow: () => number;
  /** Random numbers in [0, 1) for faults and reorder holds. */
  random: () => number;
  /** HTTP client used for webhook deliveries (by default one that refuses private addresses at connect time). */
  fetch: typeof fetch;
  /** DNS resolution of a webhook target, checked before each delivery. */
  lookup: Lookup;
  /** Webhook delivery timeout (docs/payment-api-contract.md, Webhooks: 5 s). */
  deliveryTimeoutMs: number;
  /** Deliveries being attempted by this process, by delivery id. */
  inFlight: Map<number, Promise<void>>;
  worker?: WorkerState;
  closed: boolean;
};

export type SandboxOptions = Partial<SandboxConfig> & {
  databaseUrl: string;
  realNow?: () => number;
  random?: () => number;
  fetch?: typeof fetch;
  lookup?: Lookup;
  deliveryTimeoutMs?: number;
};

export function createSandboxContext(options: SandboxOptions): SandboxContext {
  const publicDemo = options.publicDemo ?? false;
  const apiKeys = [...(publicDemo ? [] : [SANDBOX_DEFAULT_KEY]), ...(options.apiKeys ?? [])].filter((k, i, all) => k && all.indexOf(k) === i);
  const appUrl = (options.appUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const webhookAllowedOrigins = [new URL(appUrl).origin, ...(options.webhookAllowedOrigins ?? [])];
  return {
    config: {
      enabled: options.enabled ?? true,
      databaseUrl: options.databaseUrl,
      appUrl,
      webhookAllowedOrigins,
      apiKeys,
      publicDemo,
      scenario: options.scenario ?? 'pending',
      allowHttpWebhooks: options.allowHttpWebhooks ?? false,
    },
    db: openSandboxDb(options.databaseUrl),
    realNow: options.realNow ?? Date.now,
    random: options.random ?? Math.random,
    fetch: options.fetch ?? guardedFetch(() => webhookAllowedOrigins),
    lookup: options.lookup ?? systemLookup,
    deliveryTimeoutMs: options.deliveryTimeoutMs ?? 5_000,
    inFlight: new Map(),
    closed: false,
  };
}

export function closeSandboxContext(ctx: SandboxContext): void {
  if (ctx.worker) clearInterval(ctx.worker.timer);
  ctx.worker = undefined;
  if (!ctx.closed) ctx.db.close();
  ctx.closed = true;
}

const current = processSlot<{ signature: string; ctx: SandboxContext }>('sandbox');

/** The sandbox configuration of this process (env()). */
export function sandboxConfigFromEnv(): SandboxConfig {
  const e = env();
  return {
    enabled: e.sandboxEnabled,
    databaseUrl: e.sandboxDatabaseUrl,
    appUrl: e.appUrl,
    apiKeys: e.sandboxApiKeys,
    publicDemo: e.publicDemo,
    scenario: e.sandboxScenario,
    allowHttpWebhooks: e.sandboxAllowHttpWebhooks,
    webhookAllowedOrigins: [],
  };
}

/** Whether the sandbox is served at all (SANDBOX_ENABLED), without opening its database. */
export function sandboxEnabled(): boolean {
  return env().sandboxEnabled;
}

/** The process's sandbox (opens its database on first use). */
export function defaultSandbox(): SandboxContext {
  const config = sandboxConfigFromEnv();
  const signature = JSON.stringify(config);
  const open = current.get();
  if (open && open.signature === signature && !open.ctx.closed) return open.ctx;
  if (open) closeSandboxContext(open.ctx);
  const ctx = createSandboxContext(config);
  current.set({ signature, ctx });
  return ctx;
}

/** The cached default sandbox, if it was opened. */
export function existingDefaultSandbox(): SandboxContext | undefined {
  const open = current.get();
  return open && !open.ctx.closed ? open.ctx : undefined;
}
