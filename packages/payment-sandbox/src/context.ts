/**
 * One sandbox instance: its configuration, its database and its injectable dependencies.
 * The package reads no environment and keeps no process-wide state: its host (the app's
 * lib/embedded-provider) builds one context from its own configuration and keeps it; tests
 * build their own instances on their own files with `createSandboxContext`.
 */
import { openSandboxDb, type SqliteDb } from './db';
import { guardedFetch, systemLookup, type Lookup, type TargetPolicy } from '@balcao/server-kit/webhook-target';

import { SANDBOX_DEV_KEY } from './dev-key';

/** Where the sandbox writes its log lines (the host passes its own structured logger). */
export type SandboxLogger = {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
  error(fields: Record<string, unknown>, message: string): void;
};

/** Errors on stderr, the rest dropped: a sandbox built without a logger stays quiet when all is well. */
const QUIET_LOGGER: SandboxLogger = {
  info: () => undefined,
  warn: () => undefined,
  error: (fields, message) => console.error(message, fields),
};

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
   * Origins webhooks may reach even on a loopback or private address
   * (@balcao/server-kit/webhook-target): the app's own APP_URL origin, plus the host's
   * WEBHOOK_ALLOWED_ORIGINS.
   */
  webhookAllowedOrigins: string[];
  /** Any loopback target is reachable (the host's development mode: a receiver on 127.0.0.1:4000). */
  allowLoopbackWebhooks: boolean;
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
  /** What a webhook may reach besides public addresses. */
  targetPolicy: TargetPolicy;
  /** DNS resolution of a webhook target, checked before each delivery. */
  lookup: Lookup;
  /** Webhook delivery timeout (docs/payment-api-contract.md, Webhooks: 5 s). */
  deliveryTimeoutMs: number;
  /** Deliveries being attempted by this process, by delivery id. */
  inFlight: Map<number, Promise<void>>;
  log: SandboxLogger;
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
  log?: SandboxLogger;
};

export function createSandboxContext(options: SandboxOptions): SandboxContext {
  const publicDemo = options.publicDemo ?? false;
  const apiKeys = [...(publicDemo ? [] : [SANDBOX_DEV_KEY]), ...(options.apiKeys ?? [])].filter((k, i, all) => k && all.indexOf(k) === i);
  const appUrl = (options.appUrl ?? 'http://localhost:3000').replace(/\/+$/, '');
  const webhookAllowedOrigins = [new URL(appUrl).origin, ...(options.webhookAllowedOrigins ?? [])];
  const allowLoopbackWebhooks = options.allowLoopbackWebhooks ?? false;
  const targetPolicy: TargetPolicy = { allowedOrigins: webhookAllowedOrigins, allowLoopback: allowLoopbackWebhooks };
  return {
    config: {
      enabled: options.enabled ?? true,
      databaseUrl: options.databaseUrl,
      appUrl,
      webhookAllowedOrigins,
      allowLoopbackWebhooks,
      apiKeys,
      publicDemo,
      scenario: options.scenario ?? 'pending',
      allowHttpWebhooks: options.allowHttpWebhooks ?? false,
    },
    db: openSandboxDb(options.databaseUrl),
    realNow: options.realNow ?? Date.now,
    random: options.random ?? Math.random,
    fetch: options.fetch ?? guardedFetch(() => targetPolicy),
    targetPolicy,
    lookup: options.lookup ?? systemLookup,
    deliveryTimeoutMs: options.deliveryTimeoutMs ?? 5_000,
    inFlight: new Map(),
    log: options.log ?? QUIET_LOGGER,
    closed: false,
  };
}

export function closeSandboxContext(ctx: SandboxContext): void {
  if (ctx.worker) clearInterval(ctx.worker.timer);
  ctx.worker = undefined;
  if (!ctx.closed) ctx.db.close();
  ctx.closed = true;
}
