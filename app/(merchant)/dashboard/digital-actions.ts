'use server';
/**
 * Digital delivery's server actions: a product's "Produto digital" link or text (and "Deixar de
 * ser digital"), `catalog:edit`; an order's "Reenviar acesso" and "Revogar acesso",
 * `digital:files` (not the public demo's login). Files are uploaded through
 * app/api/dashboard/products/[id]/digital.
 */
import { revalidatePath } from 'next/cache';
import { done, refused, INVALID_FORM, merchantAction } from '@/lib/auth';
import { typedValues } from '@/lib/forms/typed-values';
import { removeDigital, saveDigitalContent } from '@/lib/digital';
import { renewDigitalAccess, revokeDigitalAccess } from '@/lib/fulfilment';
import { recordRequestActivity } from '@/lib/security';
import { getOrderForAction } from '@/lib/orders/admin';
import { orderIdOf, ORDER_NOT_FOUND, revalidateOrder } from './order-action-helpers';
import { orderLabel } from '@/lib/orders/words';

function productIdOf(form: FormData): number | null {
  const v = form.get('productId');
  return typeof v === 'string' && /^[1-9]\d{0,9}$/.test(v) ? Number(v) : null;
}

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === 'string' ? v : '';
};

export const saveDigitalAction = merchantAction({ name: 'save-digital', permission: 'catalog:edit' }, async (form: FormData, { merchant }) => {
  const id = productIdOf(form);
  if (!id) return refused('Produto não encontrado.');
  const kind = text(form, 'digitalKind');
  const saved = await saveDigitalContent(id, { kind, url: text(form, 'digitalUrl'), text: text(form, 'digitalText') });
  if (!saved.ok) return refused(INVALID_FORM, saved.fieldErrors, typedValues(form));
  // The log says what changed, never the link or the text (they are what buyers pay for).
  await recordRequestActivity({ actor: merchant, action: 'catalog', summary: `Produto digital salvo (${kind === 'text' ? 'texto' : kind === 'link' ? 'link' : kind})`, target: `produto ${id}` });
  revalidatePath(`/dashboard/produtos/${id}`);
  return done('Produto digital salvo. Quem comprar recebe o acesso assim que o pagamento for confirmado.');
});

export const removeDigitalAction = merchantAction({ name: 'remove-digital', permission: 'catalog:edit' }, async (form: FormData, { merchant }) => {
  const id = productIdOf(form);
  if (!id) return refused('Produto não encontrado.');
  await removeDigital(id);
  await recordRequestActivity({ actor: merchant, action: 'catalog', summary: 'Produto deixou de ser digital', target: `produto ${id}` });
  revalidatePath(`/dashboard/produtos/${id}`);
  return done('O produto deixou de ser digital.');
});

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
