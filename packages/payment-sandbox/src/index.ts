/**
 * The embedded payment sandbox: a stateful implementation of the Payment Service API
 * (docs/payment-api-contract.md; its own behaviour in docs/sandbox.md) with its own SQLite database. Shares only the
 * contract schemas, lib/br, lib/money and the configuration with the rest of the app.
 */
import 'server-only';
import { defaultSandbox, existingDefaultSandbox, sandboxEnabled } from './context';
import { startWorker, stopWorker } from './worker';

export { handleSandboxCall, handleSandboxCallWith, handleSandboxRequest, handleSandboxRequestWith } from './handler';
export type { SandboxReply, SandboxRequest } from './http';
export { createSandboxContext, closeSandboxContext, defaultSandbox, sandboxEnabled, type SandboxContext, type SandboxOptions } from './context';

/** Starts this process's background worker (transitions + webhook deliveries). Idempotent; no-op when the sandbox is off. */
export function startSandboxWorker(): void {
  if (!sandboxEnabled()) return;
  startWorker(defaultSandbox());
}

/** Stops the worker and waits for the webhook deliveries in flight (graceful shutdown). */
export async function stopSandboxWorker(): Promise<void> {
  const ctx = existingDefaultSandbox();
  if (ctx) await stopWorker(ctx);
}
