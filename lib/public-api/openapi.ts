/**
 * GET /api/v1/openapi.json: the OpenAPI 3.1 document of /api/v1, generated from the zod schemas
 * the routes validate with (schemas.ts; zod 4's toJSONSchema, JSON Schema 2020-12 = OpenAPI
 * 3.1's dialect). Reads no environment: the server is the relative /api/v1.
 */
import { z } from 'zod';
import { OUTBOUND_EVENT_TYPES } from '@/lib/outbound-events/event-types';
import {
  createSessionRequest,
  errorObject,
  orderList,
  orderObject,
  refundObject,
  refundRequest,
  sessionCreated,
  sessionObject,
  webhookEvent,
  abandonedCheckoutList,
} from './schemas';

function schema(s: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as Record<string, unknown>;
  return rest;
}

const json = (ref: string) => ({ 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } });
const errors = (...codes: number[]) =>
  Object.fromEntries(codes.map((c) => [String(c), { description: ERROR_TEXT[c] ?? 'Error', content: json('Error') }]));
const ERROR_TEXT: Record<number, string> = {
  400: 'invalid_request',
  401: 'unauthorized: missing, unknown or revoked key',
  404: 'not_found: an unknown id, or one outside the key\'s scope (another key\'s session; with "Somente os pedidos criados por esta chave", another order; a refund by a key without "Permitir reembolsos")',
  409: 'conflict (an Idempotency-Key reused with another body, or a state that does not allow it)',
  429: 'rate_limited (Retry-After says when to retry)',
};
const idempotencyKey = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'The same key and body return the first answer (24 h); the same key with another body is 409.',
  schema: { type: 'string', maxLength: 255 },
};
const idPath = (description: string) => ({ name: 'id', in: 'path', required: true, description, schema: { type: 'string' } });

export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Balcão API',
      version: '1.0.0',
      description: 'Checkout sessions, orders and Pix refunds. Money is integer centavos (BRL). Webhooks follow Standard Webhooks (docs/api.md).',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ bearer: [] }],
    paths: {
      '/checkout/sessions': {
        post: {
          operationId: 'createCheckoutSession',
          summary: 'Create a checkout session; send the buyer to its url.',
          parameters: [idempotencyKey],
          requestBody: { required: true, content: json('CreateCheckoutSession') },
          responses: { '201': { description: 'Created', content: json('CheckoutSessionCreated') }, ...errors(400, 401, 409, 429) },
        },
      },
      '/checkout/sessions/{id}': {
        get: {
          operationId: 'getCheckoutSession',
          parameters: [idPath('cs_…')],
          responses: { '200': { description: 'The session', content: json('CheckoutSession') }, ...errors(401, 404, 429) },
        },
      },
      '/orders': {
        get: {
          operationId: 'listOrders',
          summary: 'Orders, newest first: those of the key\'s own checkout sessions, or every order for a key made with "Todos os pedidos da loja".',
          parameters: [
            { name: 'cursor', in: 'query', required: false, schema: { type: 'string' }, description: 'next_cursor of the previous page' },
            { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
          ],
          responses: { '200': { description: 'A page of orders', content: json('OrderList') }, ...errors(400, 401, 429) },
        },
      },
      '/orders/{id}': {
        get: {
          operationId: 'getOrder',
          parameters: [idPath('The order id')],
          responses: { '200': { description: 'The order', content: json('Order') }, ...errors(401, 404, 429) },
        },
      },
      '/checkouts/abandoned': {
        get: {
          operationId: 'listAbandonedCheckouts',
          summary: 'Saved checkouts (abandoned-checkout recovery), newest change first.',
          parameters: [
            { name: 'cursor', in: 'query', required: false, schema: { type: 'string' }, description: 'next_cursor of the previous page' },
            { name: 'limit', in: 'query', required: false, schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 } },
          ],
          responses: { '200': { description: 'A page of saved checkouts', content: json('AbandonedCheckoutList') }, ...errors(400, 401, 429) },
        },
      },
      '/orders/{id}/refunds': {
        post: {
          operationId: 'refundOrder',
          summary: 'Refund a paid Pix order (once; partial or total): a key made with "Permitir reembolsos", an order within its scope.',
          parameters: [idPath('The order id'), idempotencyKey],
          requestBody: { required: true, content: json('Refund') },
          responses: { '201': { description: 'Refunded', content: json('RefundResult') }, ...errors(400, 401, 404, 409, 429) },
        },
      },
    },
    webhooks: {
      orderEvent: {
        post: {
          summary: `One of ${OUTBOUND_EVENT_TYPES.join(', ')}, signed with Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature).`,
          requestBody: { content: json('WebhookEvent') },
          responses: { '200': { description: 'Any 2xx acknowledges the delivery' } },
        },
      },
    },
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'bk_test_… (sandbox) or bk_live_…. Each key has scopes chosen when it was made: its own sessions\' orders (default) or every order of the shop, and whether it may refund; outside them the answer is 404.',
        },
      },
      schemas: {
        CreateCheckoutSession: schema(createSessionRequest, 'input'),
        CheckoutSessionCreated: schema(sessionCreated, 'output'),
        CheckoutSession: schema(sessionObject, 'output'),
        Order: schema(orderObject, 'output'),
        OrderList: schema(orderList, 'output'),
        Refund: schema(refundRequest, 'input'),
        RefundResult: schema(refundObject, 'output'),
        WebhookEvent: schema(webhookEvent, 'output'),
        AbandonedCheckoutList: schema(abandonedCheckoutList, 'output'),
        Error: schema(errorObject, 'output'),
      },
    },
  };
}
