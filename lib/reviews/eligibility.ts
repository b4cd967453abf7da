/**
 * When an order becomes reviewable, as SQL over its row: "Entregue" (delivered_at), "Retirado"
 * (picked_up_at), or, for an order with nothing to ship (digital), its payment. Only a paid
 * order (not refunded) counts: "only buyers of delivered orders can review".
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { orders } from '@/db/schema';

/** The moment the order became reviewable (ISO text), or NULL while it is not. */
export const reviewableSince: SQL<string | null> = sql`(case
  when ${orders.fulfillmentStatus} = 'delivered' then ${orders.deliveredAt}
  when ${orders.fulfillmentStatus} = 'picked_up' then ${orders.pickedUpAt}
  when ${orders.shippingMethod} is null then ${orders.paidAt}
end)`;

/** The order's row says its buyer may review it now. */
export const isReviewable: SQL = and(eq(orders.status, 'paid'), sql`${reviewableSince} is not null`)!;
