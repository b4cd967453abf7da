/**
 * The app's one instance of the payment sandbox (@balcao/payment-sandbox), mounted at
 * /api/sandbox and /sandbox: its configuration from env(), the app's logger, one database
 * connection and one webhook worker per process. The package keeps no process-wide state;
 * this module holds the instance in a process slot (Next loads modules in several bundles;
 * they must share one connection and one worker).
 */
import 'server-only';
import {
  closeSandboxContext,
  createSandboxContext,
  errorResponse,
  handleSandboxCallWith,
  runPass,
  sandboxRequestOf,
  startWorker,
  stopWorker,
  toResponse,
  type SandboxConfig,
  type SandboxContext,
  type SandboxLogger,
  type SandboxReply,
  type SandboxRequest,
} from '@balcao/payment-sandbox';
import { env, type AppEnv } from '@/lib/config/env';
import { afterPassScheduler } from '@/lib/server/after-pass';
import { logger } from '@/lib/server/log';
import { processSlot } from '@/lib/process/context';

const current = processSlot<{ signature: string; ctx: SandboxContext }>('sandbox', { close: (open) => closeSandboxContext(open.ctx) });

/** The sandbox's log lines go through the app's logger (secrets and documents redacted). */
const sandboxLogger: SandboxLogger = {
  info: (fields, message) => logger().info({ module: 'sandbox', ...fields }, message),
  warn: (fields, message) => logger().warn({ module: 'sandbox', ...fields }, message),
  error: (fields, message) => logger().error({ module: 'sandbox', ...fields }, message),
};

/** The sandbox configuration of this process (env()). */
export function sandboxConfigFromEnv(): SandboxConfig {
  return sandboxConfigOf(env());
}

/** The sandbox configuration an environment gives (pure). */
export function sandboxConfigOf(e: AppEnv): SandboxConfig {
  return {
    enabled: e.sandboxEnabled,
    databaseUrl: e.sandboxDatabaseUrl,
    appUrl: e.appUrl,
    apiKeys: e.sandboxApiKeys,
    publicDemo: e.publicDemo,
    scenario: e.sandboxScenario,
    allowHttpWebhooks: e.sandboxAllowHttpWebhooks,
    webhookAllowedOrigins: e.webhookTargets.allowedOrigins,
    allowLoopbackWebhooks: e.webhookTargets.allowLoopback,
  };
}

/** Whether the sandbox is served at all (SANDBOX_ENABLED), without opening its database. */
export function sandboxEnabled(): boolean {
  return env().sandboxEnabled;
}

/**
 * The process's sandbox (opens its database on first use). A changed configuration (tests
 * that change the environment between cases) closes the old instance and opens a new one.
 */
export function defaultSandbox(): SandboxContext {
  const config = sandboxConfigFromEnv();
  const signature = JSON.stringify(config);
  const open = current.get();
  if (open && open.signature === signature && !open.ctx.closed) return open.ctx;
  if (open) closeSandboxContext(open.ctx);
  const ctx = createSandboxContext({ ...config, log: sandboxLogger });
  current.set({ signature, ctx });
  return ctx;
}

/** The process's sandbox, if it was opened. */
export function existingDefaultSandbox(): SandboxContext | undefined {
  const open = current.get();
  return open && !open.ctx.closed ? open.ctx : undefined;
}

/**
 * /api/sandbox/<pathSegments…> of this process (404 everywhere when SANDBOX_ENABLED is off).
 * Where this process runs interval workers, the first request also starts the sandbox's if
 * start-up has not (idempotent). With BACKGROUND_WORKERS=off (serverless) the sandbox follows
 * the app's rule instead: no interval; one pass after the response (Next's after()), and the
 * cron's pass (lib/jobs/jobs.ts) for what is left.
 */
export async function handleSandboxCall(req: SandboxRequest, pathSegments: string[]): Promise<SandboxReply> {
  if (!sandboxEnabled()) return errorResponse(404, 'not found');
  const ctx = defaultSandbox();
  if (env().backgroundWorkers) startWorker(ctx);
  const reply = await handleSandboxCallWith(ctx, req, pathSegments);
  if (!env().backgroundWorkers) afterPassScheduler()(() => sandboxPassOf(ctx));
  return reply;
}

async function sandboxPassOf(ctx: SandboxContext): Promise<void> {
  try {
    await runPass(ctx);
  } catch (e) {
    logger().error({ module: 'sandbox', err: e }, 'sandbox pass failed');
  }
}

/** One awaited pass of the sandbox (transitions, deliveries due), for the cron: the deliveries still pending. No-op when the sandbox is off. */
export async function runSandboxPass(): Promise<{ pending: number }> {
  if (!sandboxEnabled()) return { pending: 0 };
  return runPass(defaultSandbox());
}

/** The same behind fetch's Request and Response, for the route handler. */
export async function handleSandboxRequest(req: Request, pathSegments: string[]): Promise<Response> {
  return toResponse(await handleSandboxCall(sandboxRequestOf(req), pathSegments));
}

/** Starts this process's background worker (transitions + webhook deliveries). Idempotent; no-op when the sandbox is off. */
export function startSandboxWorker(): void {
  if (!sandboxEnabled() || !env().backgroundWorkers) return;
  startWorker(defaultSandbox());
}

/** Stops the worker and waits for the webhook deliveries in flight (graceful shutdown). */
export async function stopSandboxWorker(): Promise<void> {
  const ctx = existingDefaultSandbox();
  if (ctx) await stopWorker(ctx);
}
