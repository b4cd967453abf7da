/**
 * POST /api/v1/orders/<id>/refunds: a Pix refund through lib/payments' own use-case (the
 * dashboard's "Reembolsar": one refund per Pix, partial or total, the provider asked first).
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { refundOrderPayment } from '@/lib/payments/merchant-actions';
import { apiError, type ApiResult } from './http';
import type { ApiCaller } from './keys';
import { apiOrderById } from './orders';
import type { RefundRequest } from './schemas';

export async function refundOrder(caller: ApiCaller, orderId: string, req: RefundRequest): Promise<ApiResult> {
  const [order] = await database().db.select({ id: orders.id, method: orders.method, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) return apiError('not_found', 'No order with this id.');
  if (order.method !== 'pix') return apiError('invalid_request', 'Only Pix orders are refunded through the API.');
  if (order.status !== 'paid') return apiError('conflict', `The order is ${order.status}; only a paid order can be refunded.`);
  const result = await refundOrderPayment(orderId, { amountCents: req.amount, reason: req.reason, description: req.description }, `API (chave ${caller.keyId.slice(0, 8)})`);
  if (!result.ok) return apiError('conflict', result.error);
  return { status: 201, body: { order: await apiOrderById(orderId) } };
}
