/**
 * The handlers of /api/v1/checkout/sessions (docs/api.md): parse with the route's schema, call
 * the use-case. The API's own plumbing (keys, idempotency, errors) comes from lib/public-api.
 * With them, the session's page's payment (sessions/pay): this file is the sessions' door for
 * app/ on the floors above lib/checkout (lib/faces.json).
 */
import 'server-only';
import { invalidRequest, serveApi, createSessionRequest } from '@/lib/public-api';
import { createSession, readSession } from './sessions';

export { paySession } from '../pay/pay-session';

export function postCheckoutSession(req: Request): Promise<Response> {
  return serveApi(req, async ({ caller, body }) => {
    const parsed = createSessionRequest.safeParse(body);
    return parsed.success ? createSession(caller, parsed.data) : invalidRequest(parsed.error);
  });
}

export function getCheckoutSession(req: Request, id: string): Promise<Response> {
  return serveApi(req, ({ caller }) => readSession(caller, id));
}
