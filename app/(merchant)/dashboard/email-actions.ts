'use server';
/**
 * The dashboard's e-mail actions: "Reenviar e-mail" of an order's instructions and the
 * e-mail settings, through the one envelope (lib/auth/merchant-action.ts), each calling one
 * use-case in lib/email or lib/payments.
 */
import { revalidatePath } from 'next/cache';
import { done, refused, merchantAction } from '@/lib/auth';
import { parseEmailSettingsForm, updateEmailSettings } from '@/lib/email';
import { getOrderForAction } from '@/lib/orders/admin';
import { resendInstructions } from '@/lib/payments';
import { logger } from '@/lib/server/log';
import { recordRequestActivity } from '@/lib/security';

export const resendInstructionsAction = merchantAction({ name: 'resend-email', permission: 'emails:resend' }, async (form: FormData, { merchant }) => {
  const id = form.get('orderId');
  const order = await getOrderForAction(typeof id === 'string' ? id.trim().toLowerCase() : '');
  if (!order) return refused('Pedido não encontrado.');
  const result = await resendInstructions(order.id, merchant.email);
  revalidatePath(`/dashboard/orders/${order.id}`);
  return result.ok ? done(result.message) : refused(result.error);
});

/** The sender's name and reply-to are the shop's own voice: `shop:edit`. */
export const saveEmailSettingsAction = merchantAction(
  { name: 'save-email-settings', permission: 'shop:edit', parse: parseEmailSettingsForm },
  async (settings, { merchant }) => {
    await updateEmailSettings(settings);
    logger().info({ actor: merchant.id }, 'e-mail settings updated');
    await recordRequestActivity({ actor: merchant, action: 'settings', summary: 'Alterou as configurações de e-mail', target: 'e-mails' });
    revalidatePath('/dashboard/settings/emails');
    return done('Configurações de e-mail salvas.');
  },
);
