/**
 * The outbound webhook event types, listed once: what an order's state change writes
 * (record.ts), what the public API's schemas and OpenAPI document name (lib/api/schemas.ts), and
 * the choices of an endpoint's "Eventos" (Integrações). Browser-safe.
 */
export const ORDER_EVENT_TYPES = ['order.paid', 'order.refunded', 'order.canceled', 'order.expired', 'order.fulfilled'] as const;
export type OrderEventType = (typeof ORDER_EVENT_TYPES)[number];
