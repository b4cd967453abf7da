'use server';
/**
 * Digital delivery's server actions on an order: "Reenviar acesso" and "Revogar acesso",
 * `digital:files` (not the public demo's login). A product's link or text is saved by the
 * product editor's "Salvar produto" (produtos/actions.ts); files are uploaded through
 * app/api/dashboard/products/[id]/digital.
 */
import { done, refused, merchantAction } from '@/lib/auth';
import { renewDigitalAccess, revokeDigitalAccess } from '@/lib/fulfilment';
import { recordRequestActivity } from '@/lib/security';
import { getOrderForAction } from '@/lib/orders/admin';
import { orderIdOf, ORDER_NOT_FOUND, revalidateOrder } from './order-action-helpers';
import { orderLabel } from '@/lib/orders/words';

function accessAction(name: string, change: typeof renewDigitalAccess) {
  return merchantAction({ name, permission: 'digital:files' }, async (form: FormData, { merchant }) => {
    const order = await getOrderForAction(orderIdOf(form));
    if (!order) return refused(ORDER_NOT_FOUND);
    const result = await change(order.id, merchant.email);
    if (result.ok) await recordRequestActivity({ actor: merchant, action: 'fulfilment', summary: `${result.message.split(':')[0]}: pedido ${orderLabel(order)}`, target: order.id });
    revalidateOrder(order.id);
    return result.ok ? done(result.message) : refused(result.error);
  });
}

export const renewDigitalAccessAction = accessAction('renew-digital-access', renewDigitalAccess);
export const revokeDigitalAccessAction = accessAction('revoke-digital-access', revokeDigitalAccess);
