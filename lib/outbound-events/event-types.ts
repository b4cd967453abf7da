/**
 * The outbound webhook event types, listed once: what an order's state change writes
 * (record.ts), what the public API's schemas and OpenAPI document name (lib/public-api/schemas.ts), and
 * the choices of an endpoint's "Eventos" (Integrações). Browser-safe.
 */
export const ORDER_EVENT_TYPES = ['order.paid', 'order.refunded', 'order.canceled', 'order.expired', 'order.fulfilled', 'order.invoiced'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/**
 * Every outbound webhook event type an endpoint may choose: an order's, and a saved checkout's
 * (`checkout.abandoned`, once per draft when its first reminder is due: lib/checkout/drafts).
 */
export const OUTBOUND_EVENT_TYPES = [...ORDER_EVENT_TYPES, 'checkout.abandoned'] as const;
export type OutboundEventType = (typeof OUTBOUND_EVENT_TYPES)[number];
