'use server';
/**
 * The dashboard's server actions. Each one checks the session on the server first (a POST
 * can reach an action without going through any page), validates its input, calls one
 * use-case in lib/payments or lib/settings, and returns a pt-BR result for the form.
 */
import { revalidatePath } from 'next/cache';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { getMerchantOrNull, isSessionCookieName, SESSION_EXPIRED_MESSAGE } from '@/lib/auth/session';
import { revokeAllSessions } from '@/lib/auth/session-version';
import { returnOrderStock } from '@/lib/payments/return-stock';
import type { ActionState } from '@/lib/dashboard/action-state';
import { getOrderForAction } from '@/lib/dashboard/order-detail';
import { parseRefundForm } from '@/lib/dashboard/refund-form';
import { parseSettingsForm } from '@/lib/dashboard/settings-form';
import { userMessage } from '@/lib/payment-api/client';
import { cancelOrderPayment, refundOrderPayment } from '@/lib/payments/merchant-actions';
import { reconcileAll, reconcileOrder } from '@/lib/payments/reconcile';
import { logger } from '@/lib/server/log';
import { updateSettings } from '@/lib/settings/settings';

const UNEXPECTED = 'Algo deu errado do nosso lado. Atualize a página e tente novamente.';

function refused(error: string, fieldErrors?: Record<string, string>, values?: Record<string, string>): ActionState {
  return { ok: false, error, fieldErrors, values, at: Date.now() };
}
function done(message: string): ActionState {
  return { ok: true, message, at: Date.now() };
}

function orderIdOf(form: FormData): string {
  const v = form.get('orderId');
  return typeof v === 'string' ? v.trim().toLowerCase() : '';
}

function revalidateOrder(orderId: string) {
  revalidatePath(`/dashboard/orders/${orderId}`);
  revalidatePath('/dashboard/orders');
  revalidatePath('/dashboard');
}

export async function cancelOrderAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const order = await getOrderForAction(orderIdOf(form));
  if (!order) return refused('Pedido não encontrado.');
  try {
    const result = await cancelOrderPayment(order.id, merchant.email);
    revalidateOrder(order.id);
    return result.ok ? done(result.message ?? 'Cobrança cancelada.') : refused(result.error);
  } catch (error) {
    logger().error({ err: error, orderId: order.id }, 'cancel action failed');
    return refused(UNEXPECTED);
  }
}

export async function refundOrderAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const order = await getOrderForAction(orderIdOf(form));
  if (!order) return refused('Pedido não encontrado.');
  const parsed = parseRefundForm({ amount: form.get('amount'), reason: form.get('reason'), description: form.get('description') }, order.totalCents);
  if (!parsed.ok) return refused('Confira os campos do reembolso.', parsed.fieldErrors);
  try {
    const result = await refundOrderPayment(order.id, parsed.value, merchant.email);
    revalidateOrder(order.id);
    return result.ok ? done(result.message ?? 'Reembolso solicitado.') : refused(result.error);
  } catch (error) {
    logger().error({ err: error, orderId: order.id }, 'refund action failed');
    return refused(UNEXPECTED);
  }
}

export async function reconcileOrderAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const order = await getOrderForAction(orderIdOf(form));
  if (!order) return refused('Pedido não encontrado.');
  try {
    const result = await reconcileOrder(order.id);
    revalidateOrder(order.id);
    if (result.error) return refused(result.error);
    return done(result.changed ? 'Status atualizado com o que o provedor informou.' : 'Conferido com o provedor: nada mudou.');
  } catch (error) {
    logger().error({ err: error, orderId: order.id }, 'reconcile action failed');
    return refused(userMessage(error));
  }
}

export async function reconcileAllAction(_prev: ActionState, _form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  try {
    const { checked, changed } = await reconcileAll();
    revalidatePath('/dashboard', 'layout');
    if (checked === 0) return done('Nenhuma cobrança em aberto para conferir.');
    const cobrancas = checked === 1 ? '1 cobrança conferida' : `${checked} cobranças conferidas`;
    const mudaram = changed === 0 ? 'nenhuma mudou' : changed === 1 ? '1 atualizada' : `${changed} atualizadas`;
    return done(`${cobrancas} com o provedor; ${mudaram}.`);
  } catch (error) {
    logger().error({ err: error }, 'reconcile-all action failed');
    return refused(userMessage(error));
  }
}

export async function saveSettingsAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const parsed = parseSettingsForm(form);
  if (!parsed.ok) return refused('Confira os campos destacados.', parsed.fieldErrors, parsed.values);
  try {
    await updateSettings(parsed.value);
    logger().info({ actor: merchant.id }, 'payment settings updated');
    revalidatePath('/dashboard/settings');
    return done('Configurações salvas. Valem para os próximos pedidos.');
  } catch (error) {
    logger().error({ err: error }, 'settings update failed');
    return refused(UNEXPECTED);
  }
}

/**
 * "Sair de todos os dispositivos": ends every session of this merchant — this browser's, other
 * devices', and any copy of a cookie — then clears this browser's cookie and goes to /login.
 */
export async function signOutEverywhereAction(): Promise<void> {
  const merchant = await getMerchantOrNull();
  if (merchant) {
    await revokeAllSessions(merchant.id);
    logger().info({ merchantId: merchant.id }, 'merchant signed out of every device');
  }
  const jar = await cookies();
  for (const { name } of jar.getAll()) {
    if (!isSessionCookieName(name)) continue;
    jar.set(name, '', { maxAge: 0, path: '/', httpOnly: true, sameSite: 'lax', secure: name.startsWith('__Secure-') });
  }
  redirect('/login?saiu=todos');
}

export async function returnStockAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return refused(SESSION_EXPIRED_MESSAGE);
  const order = await getOrderForAction(orderIdOf(form));
  if (!order) return refused('Pedido não encontrado.');
  try {
    const result = await returnOrderStock(order.id, merchant.email);
    revalidateOrder(order.id);
    revalidatePath('/dashboard/produtos', 'layout');
    if (!result.ok) return refused(result.error);
    return done(result.units === 1 ? '1 unidade devolvida ao estoque.' : `${result.units} unidades devolvidas ao estoque.`);
  } catch (error) {
    logger().error({ err: error, orderId: order.id }, 'return-stock action failed');
    return refused(UNEXPECTED);
  }
}
