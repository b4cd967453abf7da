'use server';

import { revalidatePath } from 'next/cache';
import { getMerchantOrNull, SESSION_EXPIRED_MESSAGE } from '@/lib/auth/session';
import type { ActionState } from '@/lib/dashboard/action-state';
import { logger } from '@/lib/server/log';
import { parseShippingForm } from '@/lib/shipping/settings-form';
import { saveShippingRules } from '@/lib/shipping/settings';

/** Configurações → Entrega. Checks the session on the server first (an action is reachable by any POST). */
export async function saveShippingAction(_prev: ActionState, form: FormData): Promise<ActionState> {
  const merchant = await getMerchantOrNull();
  if (!merchant) return { ok: false, error: SESSION_EXPIRED_MESSAGE, at: Date.now() };
  const parsed = parseShippingForm(form);
  if (!parsed.ok) return { ok: false, error: 'Confira os campos destacados.', fieldErrors: parsed.fieldErrors, values: parsed.values, at: Date.now() };
  try {
    await saveShippingRules(parsed.rules);
    logger().info({ actor: merchant.id }, 'shipping rules updated');
    revalidatePath('/dashboard/settings/shipping');
    return { ok: true, message: 'Regras de entrega salvas. Valem para os próximos pedidos.', at: Date.now() };
  } catch (error) {
    logger().error({ err: error }, 'shipping rules update failed');
    return { ok: false, error: 'Algo deu errado do nosso lado. Atualize a página e tente novamente.', at: Date.now() };
  }
}
