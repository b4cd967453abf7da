'use server';
/**
 * The dashboard's e-mail actions: "Reenviar e-mail" of an order's instructions and the
 * e-mail settings. Each checks the session on the server first, validates, calls one
 * use-case in lib/email and returns a pt-BR result for the form.
 */
import { revalidatePath } from 'next/cache';
import { getMerchantOrNull, SESSION_EXPIRED_MESSAGE } from '@/lib/auth/session';
import type { ActionState } from '@/lib/dashboard/action-state';
import { parseEmailSettingsForm } from '@/lib/dashboard/email-settings-form';
import { getOrderForAction } from '@/lib/dashboard/order-detail';
import { resendInstructions } from '@/lib/payments/resend-instructions';
import { updateEmailSettings } from '@/lib/email/settings';
import { logger } from '@/lib/server/log';

const UNEXPECTED = 'Algo deu errado do nosso lado. Atualize a página e tente novamente.';

export async function resendInstructionsAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return { ok: false, error: SESSION_EXPIRED_MESSAGE, at: Date.now() };
  const id = form.get('orderId');
  const order = await getOrderForAction(typeof id === 'string' ? id.trim().toLowerCase() : '');
  if (!order) return { ok: false, error: 'Pedido não encontrado.', at: Date.now() };
  try {
    const result = await resendInstructions(order.id, merchant.email);
    revalidatePath(`/dashboard/orders/${order.id}`);
    return result.ok ? { ok: true, message: result.message, at: Date.now() } : { ok: false, error: result.error, at: Date.now() };
  } catch (error) {
    logger().error({ err: error, orderId: order.id }, 'resend e-mail action failed');
    return { ok: false, error: UNEXPECTED, at: Date.now() };
  }
}

export async function saveEmailSettingsAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return { ok: false, error: SESSION_EXPIRED_MESSAGE, at: Date.now() };
  const parsed = parseEmailSettingsForm(form);
  if (!parsed.ok) return { ok: false, error: 'Confira os campos destacados.', fieldErrors: parsed.fieldErrors, values: parsed.values, at: Date.now() };
  try {
    await updateEmailSettings(parsed.value);
    logger().info({ actor: merchant.id }, 'e-mail settings updated');
    revalidatePath('/dashboard/settings');
    return { ok: true, message: 'Configurações de e-mail salvas.', at: Date.now() };
  } catch (error) {
    logger().error({ err: error }, 'e-mail settings update failed');
    return { ok: false, error: UNEXPECTED, at: Date.now() };
  }
}
