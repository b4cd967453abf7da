/**
 * POST /api/v1/orders/<id>/refunds: a Pix refund through lib/payments' own use-case (the
 * dashboard's "Reembolsar": one refund per Pix, partial or total, the provider asked first).
 * Only a key made with "Permitir reembolsos" may refund, and only an order of its scope; any
 * other answers 404, as an unknown order. Each refund is written to the activity log with the
 * key's name.
 */
import 'server-only';
import { eq } from 'drizzle-orm';
import { database } from '@/db';
import { orders } from '@/db/schema';
import { formatBRL } from '@balcao/br/money';
import { orderLabel } from '@/lib/orders/words';
import { refundOrderPayment } from '@/lib/payments';
import { recordActivity } from '@/lib/security';
import { apiError, type ApiResult } from './http';
import { apiActorName, type ApiCaller } from './keys';
import { apiOrderById, orderInScope } from './orders';
import type { RefundRequest } from './schemas';

export const REFUNDS_NOT_ALLOWED = 'No order with this id that this key may refund (create a key with "Permitir reembolsos" to refund through the API).';

export async function refundOrder(caller: ApiCaller, orderId: string, req: RefundRequest, ip: string | null = null): Promise<ApiResult> {
  if (!caller.allowRefunds) return apiError('not_found', REFUNDS_NOT_ALLOWED);
  if (!(await orderInScope(caller, orderId))) return apiError('not_found', 'No order with this id.');
  const [order] = await database().db.select({ id: orders.id, number: orders.number, method: orders.method, status: orders.status }).from(orders).where(eq(orders.id, orderId));
  if (!order) return apiError('not_found', 'No order with this id.');
  if (order.method !== 'pix') return apiError('invalid_request', 'Only Pix orders are refunded through the API.');
  if (order.status !== 'paid') return apiError('conflict', `The order is ${order.status}; only a paid order can be refunded.`);
  const who = apiActorName(caller.name);
  const result = await refundOrderPayment(orderId, { amountCents: req.amount, reason: req.reason, description: req.description }, who);
  if (!result.ok) return apiError('conflict', result.error);
  await recordActivity({ actor: null, email: who, action: 'refund', summary: `Pediu reembolso de ${formatBRL(req.amount)} do pedido ${orderLabel(order)} pela API (chave “${caller.name}”)`, target: order.id, ip });
  return { status: 201, body: { order: await apiOrderById(orderId) } };
}
