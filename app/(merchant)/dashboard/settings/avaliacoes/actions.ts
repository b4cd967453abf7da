'use server';

import { revalidatePath } from 'next/cache';
import { done, refused, type ActionState, merchantAction } from '@/lib/auth';
import { reviewSettingsSchema, saveReviewSettings } from '@/lib/reviews';

/** Configurações → "Avaliações": the days before "Avalie sua compra", and publishing 4 and 5 at once. */
export const saveReviewSettingsAction = merchantAction({ name: 'review-settings', permission: 'reviews:moderate' }, async (form: FormData): Promise<ActionState> => {
  const parsed = reviewSettingsSchema.safeParse({ delayDays: form.get('dias'), autoPublishHigh: form.get('publicar') === 'on' });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Confira o número de dias.';
    return refused('Confira os campos destacados.', { dias: message }, { dias: String(form.get('dias') ?? '') });
  }
  await saveReviewSettings(parsed.data);
  revalidatePath('/dashboard/settings/avaliacoes');
  return done('Avaliações salvas.');
});
