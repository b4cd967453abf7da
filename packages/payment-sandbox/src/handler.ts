/**
 * Entry point of the sandbox's HTTP surface: the Payment API (/v1) and the control API (/sim).
 * `handleSandboxCallWith` is the sandbox itself (a SandboxRequest in, a SandboxReply out);
 * `handleSandboxRequestWith` is the same behind fetch's Request and Response, for a route handler.
 */
import { handleV1 } from './api-v1';
import type { SandboxContext } from './context';
import { handleSim } from './control-api';
import { ApiError, errorResponse, sandboxRequestOf, toResponse, type SandboxReply, type SandboxRequest } from './http';
import { tick } from './transitions';

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
    ctx.log.error({ err: e, method: req.method, path: segments.join('/') }, 'sandbox request failed');
    return errorResponse(500, 'internal sandbox error');
  }
}

export async function handleSandboxRequestWith(ctx: SandboxContext, req: Request, segments: string[]): Promise<Response> {
  return toResponse(await handleSandboxCallWith(ctx, sandboxRequestOf(req), segments));
}
