/** The handlers of /api/v1, one per route: parse with the route's schema, call its use-case. */
import 'server-only';
import { invalidRequest, serveApi } from './http';
import { clientAddress } from '@/lib/security';
import { apiOrderFor, listApiOrders } from './orders';
import { refundOrder } from './refunds';
import { listOrdersQuery, refundRequest } from './schemas';
import { apiError } from './http';
import { listApiAbandoned } from './abandoned';
import { listApiReviews } from './reviews';
import { apiSubscriptions } from '@/lib/subscriptions';

export function getOrders(req: Request): Promise<Response> {
  return serveApi(req, async ({ caller, url }) => {
    const parsed = listOrdersQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) return invalidRequest(parsed.error);
    const page = await listApiOrders(caller, parsed.data.limit, parsed.data.cursor);
    return page ? { status: 200, body: page } : apiError('invalid_request', 'cursor: not a cursor this API gave', 'cursor');
  });
}

export function getOrder(req: Request, id: string): Promise<Response> {
  return serveApi(req, async ({ caller }) => {
    const order = await apiOrderFor(caller, id);
    return order ? { status: 200, body: order } : apiError('not_found', 'No order with this id.');
  });
}

export function postRefund(req: Request, orderId: string): Promise<Response> {
  return serveApi(req, async ({ caller, body }) => {
    const parsed = refundRequest.safeParse(body);
    return parsed.success ? refundOrder(caller, orderId, parsed.data, clientAddress(req.headers)) : invalidRequest(parsed.error);
  });
}

export function getAbandonedCheckouts(req: Request): Promise<Response> {
  return serveApi(req, async ({ caller, url }) => {
    const parsed = listOrdersQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) return invalidRequest(parsed.error);
    const page = await listApiAbandoned(caller, parsed.data.limit, parsed.data.cursor);
    return page ? { status: 200, body: page } : apiError('invalid_request', 'cursor: not a cursor this API gave', 'cursor');
  });
}

export function getReviews(req: Request): Promise<Response> {
  return serveApi(req, async ({ url }) => {
    const parsed = listOrdersQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) return invalidRequest(parsed.error);
    const page = await listApiReviews(parsed.data.limit, parsed.data.cursor);
    return page ? { status: 200, body: page } : apiError('invalid_request', 'cursor: not a cursor this API gave', 'cursor');
  });
}

/**
 * GET /api/v1/subscriptions?cursor=&limit= (docs/reference.md): shop-wide data, so a key scoped to
 * its own orders lists none.
 */
export function getSubscriptions(req: Request): Promise<Response> {
  return serveApi(req, async ({ caller, url }) => {
    const parsed = listOrdersQuery.safeParse(Object.fromEntries(url.searchParams));
    if (!parsed.success) return invalidRequest(parsed.error);
    if (caller.orderScope !== 'all') return { status: 200, body: { data: [], next_cursor: null } };
    return { status: 200, body: await apiSubscriptions({ cursor: parsed.data.cursor, limit: parsed.data.limit }) };
  });
}
