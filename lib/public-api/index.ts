/**
 * lib/public-api's face: the /api/v1 handlers and their pipeline, the API's resources (orders,
 * abandoned checkouts, reviews: the webhooks' payloads too), the sessions' request schema, the
 * keys and Integrações' key forms, the OpenAPI document and the guide. The other door:
 * key-limits.ts (browser-safe limits of the key form).
 */
export { abandonedOfEvent } from './abandoned';
export { apiGuide } from './guide';
export { apiError, invalidRequest, serveApi, sweepIdempotency, type ApiResult } from './http';
export {
  apiKeyFormSchema,
  createApiKey,
  currentKeyMode,
  listApiKeys,
  ORDER_SCOPE_LABELS,
  revokeApiKey,
  type ApiCaller,
  type ApiKeyForm,
  type ApiKeyView,
} from './keys';
export { openApiDocument } from './openapi';
export { apiOrderById, apiOrders } from './orders';
export { reviewOfEvent } from './reviews';
export { getAbandonedCheckouts, getOrder, getOrders, getReviews, getSubscriptions, postRefund } from './routes';
export { createSessionRequest, SESSION_MAX_HOURS, SESSION_MIN_MINUTES, type CreateSessionRequest } from './schemas';
