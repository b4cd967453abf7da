/** The outbound webhook event types (browser-safe: the Integrações form lists them). */
export const API_EVENT_TYPES = ['order.paid', 'order.refunded', 'order.canceled', 'order.expired', 'order.fulfilled', 'checkout.abandoned'] as const;
