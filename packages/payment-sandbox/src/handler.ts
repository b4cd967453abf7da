/**
 * Entry point of /api/sandbox/**: the Payment API (/v1) and the control API (/sim).
 * `handleSandboxCall` is the sandbox itself (a SandboxRequest in, a SandboxReply out);
 * `handleSandboxRequest` is the same behind fetch's Request and Response, for the route handler.
 */
import { logger } from '@/lib/server/log';
import { handleV1 } from './api-v1';
import { defaultSandbox, sandboxEnabled, type SandboxContext } from './context';
import { handleSim } from './control-api';
import { ApiError, errorResponse, sandboxRequestOf, toResponse, type SandboxReply, type SandboxRequest } from './http';
import { tick } from './transitions';
import { startWorker } from './worker';

export async function handleSandboxCallWith(ctx: SandboxContext, req: SandboxRequest, segments: string[]): Promise<SandboxReply> {
  if (!ctx.config.enabled) return errorResponse(404, 'not found');
  try {
    // Clock-driven moves happen at the latest on the next request.
    tick(ctx);
    const [head, ...rest] = segments;
    if (head === 'v1') return await handleV1(ctx, req, rest);
    if (head === 'sim') return await handleSim(ctx, req, rest);
    return errorResponse(404, `not found: ${req.method} /${segments.join('/')}`);
  } catch (e) {
    if (e instanceof ApiError) return errorResponse(e.status, e.message, e.headers);
    logger().error({ err: e, method: req.method, path: segments.join('/') }, 'sandbox request failed');
    return errorResponse(500, 'internal sandbox error');
  }
}

export async function handleSandboxRequestWith(ctx: SandboxContext, req: Request, segments: string[]): Promise<Response> {
  return toResponse(await handleSandboxCallWith(ctx, sandboxRequestOf(req), segments));
}

/**
 * /api/sandbox/<pathSegments…> of this process (404 everywhere when SANDBOX_ENABLED is off).
 * The first request also starts the background worker if start-up has not (idempotent), so
 * webhooks go out even where nothing called startSandboxWorker().
 */
export async function handleSandboxCall(req: SandboxRequest, pathSegments: string[]): Promise<SandboxReply> {
  if (!sandboxEnabled()) return errorResponse(404, 'not found');
  const ctx = defaultSandbox();
  startWorker(ctx);
  return handleSandboxCallWith(ctx, req, pathSegments);
}

export async function handleSandboxRequest(req: Request, pathSegments: string[]): Promise<Response> {
  return toResponse(await handleSandboxCall(sandboxRequestOf(req), pathSegments));
}
