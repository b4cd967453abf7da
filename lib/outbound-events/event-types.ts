/**
 * The outbound webhook event types, listed once: what an order's state change writes
 * (record.ts), what the public API's schemas and OpenAPI document name (lib/public-api/schemas.ts), and
 * the choices of an endpoint's "Eventos" (Integrações). Browser-safe.
 */
export const ORDER_EVENT_TYPES = ['order.paid', 'order.refunded', 'order.canceled', 'order.expired', 'order.fulfilled', 'order.invoiced'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];

/**
 * A subscription's (lib/subscriptions): created when its first cycle is paid, renewed when a later
 * cycle is, canceled once; `data.order` is the cycle's order (the first one's for a cancellation).
 */
export const SUBSCRIPTION_EVENT_TYPES = ['subscription.created', 'subscription.renewed', 'subscription.canceled'] as const;

/**
 * Every outbound webhook event type an endpoint may choose: an order's, a saved checkout's
 * (`checkout.abandoned`, once per draft when its first reminder is due: lib/checkout/drafts), a
 * buyer's review (`review.created`, once per review when it is sent: lib/reviews) and a
 * subscription's.
 */
export const OUTBOUND_EVENT_TYPES = [...ORDER_EVENT_TYPES, 'checkout.abandoned', 'review.created', ...SUBSCRIPTION_EVENT_TYPES] as const;
export type OutboundEventType = (typeof OUTBOUND_EVENT_TYPES)[number];
