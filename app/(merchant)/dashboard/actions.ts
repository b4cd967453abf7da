'use server';
/**
 * The dashboard's order and settings actions. Each goes through the one envelope
 * (lib/auth/merchant-action.ts: session, permission, parsing, outcome), calls one use-case in
 * lib/payments or lib/payment-settings, and returns a pt-BR result for the form.
 */
import { revalidatePath } from 'next/cache';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { done, refused, merchantAction, getMerchantOrNull, isSessionCookieName, revokeAllSessions } from '@/lib/auth';
import { can } from '@/lib/auth/permissions';
import { returnOrderStock, cancelOrderPayment, refundDoublePayment, refundOrderPayment } from '@/lib/payments';
import { getOrderForAction } from '@/lib/orders/admin';
import { ORDER_NOT_FOUND, orderIdOf, revalidateOrder } from './order-action-helpers';
import { parseRefundForm } from '@/lib/payments/forms';
import { parseSettingsForm } from '@/lib/payment-settings/settings-form';
import { userMessage } from '@/lib/payment-provider/client';
import { reconcileAll, reconcileOrder } from '@/lib/payments/reconcile';
import { logger } from '@/lib/server/log';
import { updateSettings } from '@/lib/payment-settings/settings';
import { recordRequestActivity } from '@/lib/security';
import { formatBRL } from '@balcao/br/money';
import { orderLabel } from '@/lib/orders/words';


export const cancelOrderAction = merchantAction({ name: 'cancel', permission: 'orders:act' }, async (form: FormData, { merchant }) => {
  const order = await getOrderForAction(orderIdOf(form));
  if (!order) return refused(ORDER_NOT_FOUND);
  const result = await cancelOrderPayment(order.id, merchant.email);
  if (result.ok) await recordRequestActivity({ actor: merchant, action: 'cancel', summary: `Cancelou a cobrança do pedido ${orderLabel(order)}`, target: order.id });
  revalidateOrder(order.id);
  return result.ok ? done(result.message ?? 'Cobrança cancelada.') : refused(result.error);
});

export const refundOrderAction = merchantAction({ name: 'refund', permission: 'orders:act' }, async (form: FormData, { merchant }) => {
  const order = await getOrderForAction(orderIdOf(form));
  if (!order) return refused(ORDER_NOT_FOUND);
  const parsed = parseRefundForm({ amount: form.get('amount'), reason: form.get('reason'), description: form.get('description') }, order.totalCents);
  if (!parsed.ok) return refused('Confira os campos do reembolso.', parsed.fieldErrors);
  const result = await refundOrderPayment(order.id, parsed.value, merchant.email);
  if (result.ok) await recordRequestActivity({ actor: merchant, action: 'refund', summary: `Pediu reembolso de ${formatBRL(parsed.value.amountCents)} do pedido ${orderLabel(order)}`, target: order.id });
  revalidateOrder(order.id);
  return result.ok ? done(result.message ?? 'Reembolso solicitado.') : refused(result.error);
});

/** "Reembolsar o Pix em duplicidade": the whole Pix attempt of an order paid twice. */
export const refundDoubleAction = merchantAction({ name: 'refund_double', permission: 'orders:act' }, async (form: FormData, { merchant }) => {
  const order = await getOrderForAction(orderIdOf(form));
  if (!order) return refused(ORDER_NOT_FOUND);
  const result = await refundDoublePayment(order.id, merchant.email);
  if (result.ok) await recordRequestActivity({ actor: merchant, action: 'refund', summary: `Reembolsou o Pix pago em duplicidade do pedido ${orderLabel(order)}`, target: order.id });
  revalidateOrder(order.id);
  return result.ok ? done(result.message ?? 'Reembolso solicitado.') : refused(result.error);
});

export const reconcileOrderAction = merchantAction(
  { name: 'reconcile', permission: 'orders:act', onError: (error) => refused(userMessage(error)) },
  async (form: FormData, { merchant }) => {
    const order = await getOrderForAction(orderIdOf(form));
    if (!order) return refused(ORDER_NOT_FOUND);
    const result = await reconcileOrder(order.id);
    revalidateOrder(order.id);
    if (result.error) return refused(result.error);
    const outcome = result.changed ? 'status atualizado' : 'nada mudou';
    await recordRequestActivity({ actor: merchant, action: 'reconcile', summary: `Conferiu o pedido ${orderLabel(order)} com o provedor: ${outcome}`, target: order.id });
    return done(result.changed ? 'Status atualizado com o que o provedor informou.' : 'Conferido com o provedor: nada mudou.');
  },
);

export const reconcileAllAction = merchantAction(
  { name: 'reconcile-all', permission: 'orders:act', onError: (error) => refused(userMessage(error)) },
  async (_form: FormData, { merchant }) => {
    const { checked, changed } = await reconcileAll();
    revalidatePath('/dashboard', 'layout');
    await recordRequestActivity({ actor: merchant, action: 'reconcile', summary: `Reconciliou as cobranças em aberto: conferidas ${checked}, atualizadas ${changed}` });
    if (checked === 0) return done('Nenhuma cobrança em aberto para conferir.');
    const cobrancas = checked === 1 ? '1 cobrança conferida' : `${checked} cobranças conferidas`;
    const mudaram = changed === 0 ? 'nenhuma mudou' : changed === 1 ? '1 atualizada' : `${changed} atualizadas`;
    return done(`${cobrancas} com o provedor; ${mudaram}.`);
  },
);

export const saveSettingsAction = merchantAction({ name: 'save-settings', permission: 'payments:configure', parse: parseSettingsForm }, async (settings, { merchant }) => {
  await updateSettings(settings);
  logger().info({ actor: merchant.id }, 'payment settings updated');
  await recordRequestActivity({ actor: merchant, action: 'settings', summary: 'Alterou as configurações de pagamento', target: 'pagamento' });
  revalidatePath('/dashboard/settings');
  return done('Configurações salvas. Valem para os próximos pedidos.');
});

export const returnStockAction = merchantAction({ name: 'return-stock', permission: 'orders:act' }, async (form: FormData, { merchant }) => {
  const order = await getOrderForAction(orderIdOf(form));
  if (!order) return refused(ORDER_NOT_FOUND);
  const result = await returnOrderStock(order.id, merchant.email);
  revalidateOrder(order.id);
  revalidatePath('/dashboard/produtos', 'layout');
  if (!result.ok) return refused(result.error);
  const units = result.units === 1 ? '1 unidade' : `${result.units} unidades`;
  await recordRequestActivity({ actor: merchant, action: 'stock_return', summary: `Devolveu ao estoque ${units} do pedido ${orderLabel(order)}`, target: order.id });
  return done(result.units === 1 ? '1 unidade devolvida ao estoque.' : `${result.units} unidades devolvidas ao estoque.`);
});

/**
 * "Sair de todos os dispositivos": ends every session of this merchant — this browser's, other
 * devices', and any copy of a cookie — then clears this browser's cookie and goes to /login.
 * A shared demonstration login only clears this browser: ending everyone's session would sign
 * every other visitor of the demo out.
 */
export async function signOutEverywhereAction(): Promise<void> {
  const merchant = await getMerchantOrNull();
  if (merchant && can(merchant.role, 'account:edit')) {
    await revokeAllSessions(merchant.id);
    await recordRequestActivity({ actor: merchant, action: 'sign_out_everywhere', summary: 'Saiu de todos os dispositivos' });
    logger().info({ merchantId: merchant.id }, 'merchant signed out of every device');
  }
  const jar = await cookies();
  for (const { name } of jar.getAll()) {
    if (!isSessionCookieName(name)) continue;
    jar.set(name, '', { maxAge: 0, path: '/', httpOnly: true, sameSite: 'lax', secure: name.startsWith('__Secure-') });
  }
  redirect('/login?saiu=todos');
}
