'use server';
/**
 * Promotions' server actions, through the one envelope (lib/auth/merchant-action.ts: session,
 * permission `coupons:edit` — the discounts' permission —, parsing, outcome), each one use-case in lib/promotions.
 */
import { revalidatePath } from 'next/cache';
import { done, refused, UNEXPECTED } from '@/lib/auth/action-state';
import { merchantAction } from '@/lib/auth/merchant-action';
import { promotionFormValues, parsePromotionForm } from '@/lib/promotions/admin';
import { createPromotion, setPromotionPaused } from '@/lib/promotions/admin';

export const createPromotionAction = merchantAction(
  {
    name: 'create-promotion',
    permission: 'coupons:edit',
    parse: parsePromotionForm,
    onError: (_error, form) => refused(UNEXPECTED, undefined, promotionFormValues(form)),
  },
  async (promotion, { merchant }) => {
    const row = await createPromotion(promotion, merchant);
    revalidatePath('/dashboard/promocoes');
    return done(`Promoção ${row.name} criada.`);
  },
);

export const pausePromotionAction = merchantAction({ name: 'pause-promotion', permission: 'coupons:edit' }, async (form: FormData, { merchant }) => {
  const id = String(form.get('promotionId') ?? '').trim();
  const pause = form.get('pause') === '1';
  const row = await setPromotionPaused(id, pause, merchant);
  if (!row) return refused('Promoção não encontrada.');
  revalidatePath('/dashboard/promocoes');
  return done(pause ? `Promoção ${row.name} pausada: não vale mais em novos pedidos.` : `Promoção ${row.name} retomada.`);
});
