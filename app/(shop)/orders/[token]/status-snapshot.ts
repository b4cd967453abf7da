import type { FulfillmentStatus, OrderStatus } from '@/db/schema';

/** The order's state as GET /api/orders/<token>/status answers it (and the page renders it first). */
export type StatusSnapshot = {
  status: OrderStatus;
  paid_at: string | null;
  refunded_cents: number;
  updated_at: string;
  fulfillment: { status: FulfillmentStatus; carrier: string | null; tracking_code: string | null; tracking_url: string | null } | null;
};
