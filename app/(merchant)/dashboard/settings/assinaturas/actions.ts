'use server';

import { revalidatePath } from 'next/cache';
import { done, refused, type ActionState, merchantAction } from '@/lib/auth';
import { parseSubscriptionSettings, saveSubscriptionSettings } from '@/lib/subscriptions';

/** Configurações → "Assinaturas": "Dias de antecedência" and "Tentativas" (lib/subscriptions/settings.ts). */
export const saveSubscriptionSettingsAction = merchantAction({ name: 'subscription-settings', permission: 'settings:edit' }, async (form: FormData): Promise<ActionState> => {
  const parsed = parseSubscriptionSettings(form);
  if (!parsed.ok) return refused('Confira os campos destacados.', parsed.fieldErrors, parsed.values);
  await saveSubscriptionSettings(parsed.value);
  revalidatePath('/dashboard/settings/assinaturas');
  return done('Assinaturas salvas.');
});
