/**
 * The shapes of /api/v1 (docs/api.md; fixed for the outside by docs/reference.md): the zod schemas that validate each
 * request and describe each answer. The OpenAPI document (openapi.ts) is generated from these
 * same objects, so the documentation cannot drift from what the routes accept. Money is integer
 * centavos (BRL).
 */
import { z } from 'zod';
import { OUTBOUND_EVENT_TYPES } from '@/lib/outbound-events/event-types';

export const API_METHODS = ['pix', 'boleto'] as const;

export const MAX_SESSION_LINES = 50;
/** A session is open for at most 24 hours, at least 30 minutes; default 24 hours. */
export const SESSION_MIN_MINUTES = 30;
export const SESSION_MAX_HOURS = 24;

const catalogItem = z
  .object({
    product_id: z.string().min(1).max(100).describe('A catalog product: its id or its slug. Priced from the catalog.'),
    quantity: z.int().min(1).max(99),
  })
  .strict();

const variantItem = z
  .object({
    variant_id: z.string().min(1).max(100).describe("One variant of a catalog product (\"M / Preto\"): its id or its SKU. Priced from the catalog."),
    quantity: z.int().min(1).max(99),
  })
  .strict();

const adHocItem = z
  .object({
    name: z.string().trim().min(1).max(120).describe('What the buyer reads on the order.'),
    amount: z.int().min(1).max(9_999_999_999).describe('Unit amount in centavos.'),
    quantity: z.int().min(1).max(99),
  })
  .strict();

const metadata = z
  .record(z.string().min(1).max(40), z.string().max(500))
  .refine((m) => Object.keys(m).length <= 50, { message: 'at most 50 keys' })
  .describe('Your own keys and values, returned with the order and in webhooks.');

export const createSessionRequest = z
  .object({
    items: z.array(z.union([catalogItem, variantItem, adHocItem])).min(1).max(MAX_SESSION_LINES),
    customer: z
      .object({
        name: z.string().trim().max(120).optional(),
        document: z.string().trim().max(30).optional().describe('CPF or CNPJ, with or without punctuation.'),
        email: z.string().trim().max(254).optional(),
        phone: z.string().trim().max(30).optional().describe('Brazilian mobile for WhatsApp, with DDD: "+5511987654321", "(11) 98765-4321"…'),
      })
      .strict()
      .optional()
      .describe('Prefills the hosted checkout; the buyer can change it.'),
    methods: z.array(z.enum(API_METHODS)).min(1).max(2).optional().describe('Default: both.'),
    success_url: z.url().max(2048).describe('Where "Voltar para a loja" leads once the order is placed. https in production.'),
    cancel_url: z.url().max(2048).optional().describe('Where the buyer goes back without paying. https in production.'),
    metadata: metadata.optional(),
    expires_at: z.iso.datetime({ offset: true }).optional().describe('Between 30 minutes and 24 hours from now; default 24 hours.'),
  })
  .strict();
export type CreateSessionRequest = z.output<typeof createSessionRequest>;

export const refundRequest = z
  .object({
    amount: z.int().min(1).describe('Centavos; at most the order total.'),
    reason: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]).describe('1 duplicate, 2 fraud, 3 requested by the buyer, 4 other.'),
    description: z.string().trim().min(1).max(140),
  })
  .strict();
export type RefundRequest = z.output<typeof refundRequest>;

export const orderItem = z.object({
  product_id: z.string().nullable(),
  variant_id: z.string().nullable().describe('The variant sold; null for a line without a product.'),
  sku: z.string().nullable(),
  name: z.string(),
  unit_amount: z.int(),
  quantity: z.int(),
  amount: z.int(),
});

export const orderObject = z
  .object({
    id: z.string(),
    number: z.int().nullable(),
    status: z.enum(['pending', 'paid', 'refunded', 'canceled', 'expired']),
    fulfillment_status: z.enum(['unfulfilled', 'shipped', 'delivered', 'ready_for_pickup', 'picked_up']).nullable(),
    method: z.enum(API_METHODS),
    total: z.int().describe('Centavos.'),
    refunded: z.int().describe('Centavos refunded so far.'),
    items: z.array(orderItem),
    customer: z.object({
      name: z.string(),
      document: z.string(),
      email: z.string(),
      phone: z.string().nullable().describe('The buyer\'s mobile (WhatsApp) in E.164, "+5511987654321"; null when not given.'),
    }),
    metadata: z.record(z.string(), z.string()),
    checkout_session_id: z.string().nullable(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
  });
export type ApiOrder = z.output<typeof orderObject>;

export const sessionCreated = z.object({
  id: z.string(),
  url: z.string(),
  status: z.literal('open'),
  amount_total: z.int(),
  expires_at: z.string(),
});

export const sessionObject = z.object({
  id: z.string(),
  status: z.enum(['open', 'complete', 'expired']),
  amount_total: z.int(),
  expires_at: z.string(),
  url: z.string(),
  metadata: z.record(z.string(), z.string()),
  order: orderObject.nullable(),
});

export const orderList = z.object({ data: z.array(orderObject), next_cursor: z.string().nullable() });

export const refundObject = z.object({ order: orderObject });

export const API_ERROR_TYPES = ['invalid_request', 'unauthorized', 'not_found', 'conflict', 'rate_limited'] as const;
export type ApiErrorType = (typeof API_ERROR_TYPES)[number];
export const errorObject = z.object({ error: z.object({ type: z.enum(API_ERROR_TYPES), message: z.string(), field: z.string().optional() }) });

export const listOrdersQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** A saved checkout (abandoned-checkout recovery), as GET /api/v1/checkouts/abandoned lists it. */
export const abandonedCheckoutObject = z.object({
  id: z.string(),
  status: z.enum(['open', 'recovered', 'expired']),
  contact: z.object({ email: z.string().nullable(), phone: z.string().nullable().describe('E.164'), name: z.string().nullable() }),
  total: z.int().describe('centavos, at the last change'),
  source: z.enum(['cart', 'link', 'session']).describe("Where it was left: the cart's checkout, a payment link or an API checkout session."),
  source_ref: z.string().nullable().describe("The payment link's code or the checkout session's id (null for the cart)."),
  items: z.array(z.object({ product_id: z.int().nullable().describe("null for a payment link's line"), variant_id: z.int().nullable(), name: z.string(), quantity: z.int(), unit_price: z.int() })),
  reminders_sent: z.int(),
  order_id: z.string().nullable(),
  updated_at: z.string(),
});

/** The outbound webhook body (Standard Webhooks). */
export const webhookEvent = z.object({
  id: z.string().describe('evt_…, the same on every delivery of this event (the webhook-id header).'),
  type: z.enum(OUTBOUND_EVENT_TYPES),
  created_at: z.string(),
  data: z.object({
    order: orderObject.optional().describe('Every order.* event.'),
    checkout: abandonedCheckoutObject.optional().describe('checkout.abandoned: the saved checkout whose first reminder is due (no order yet).'),
    checkout_session_id: z.string().nullable(),
    metadata: z.record(z.string(), z.string()),
  }),
});

/** GET /api/v1/checkouts/abandoned */
export const abandonedCheckoutList = z.object({ data: z.array(abandonedCheckoutObject), next_cursor: z.string().nullable() });
