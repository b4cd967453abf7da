'use server';

import { revalidatePath } from 'next/cache';
import { done, refused, type ActionState, merchantAction } from '@/lib/auth';
import { couponByCode } from '@/lib/coupons/coupons';
import { parseReminderForm, saveReminderSteps } from '@/lib/checkout';
import { recordRequestActivity } from '@/lib/security';

/** Saves Configurações → "Carrinhos abandonados". */
export const saveAbandonedSettingsAction = merchantAction({ name: 'abandoned-settings', permission: 'settings:edit' }, async (form, { merchant }): Promise<ActionState> => {
  const parsed = await parseReminderForm(form, async (code) => !!(await couponByCode(code)));
  if (!parsed.ok) return refused('Confira os campos destacados.', parsed.fieldErrors, parsed.values);
  await saveReminderSteps(parsed.steps);
  const on = parsed.steps.filter((s) => s.on).map((s) => s.step);
  await recordRequestActivity({
    actor: merchant,
    action: 'settings',
    summary: `Lembretes de carrinho abandonado salvos (${on.length ? `ligados: ${on.join(', ')}` : 'todos desligados'})`,
    target: 'Carrinhos abandonados',
  });
  revalidatePath('/dashboard/settings/carrinhos-abandonados');
  return done('Lembretes salvos.');
});
