'use server';
/**
 * Promotions' server actions, through the one envelope (lib/auth/merchant-action.ts: session,
 * permission `coupons:edit` — the discounts' permission —, parsing, outcome), each one use-case in lib/promotions.
 */
import { promotionFormValues, parsePromotionForm } from '@/lib/promotions/admin';
import { createPromotion, setPromotionPaused } from '@/lib/promotions/admin';
import { createDiscountAction, switchDiscountAction } from '../discount-action-helpers';

export const createPromotionAction = createDiscountAction({
  name: 'create-promotion',
  parse: parsePromotionForm,
  values: promotionFormValues,
  path: '/dashboard/promocoes',
  create: async (promotion, merchant) => {
    const row = await createPromotion(promotion, merchant);
    return { ok: true, message: `Promoção ${row.name} criada.` };
  },
});

export const pausePromotionAction = switchDiscountAction({
  name: 'pause-promotion',
  idField: 'promotionId',
  flagField: 'pause',
  path: '/dashboard/promocoes',
  notFound: 'Promoção não encontrada.',
  set: setPromotionPaused,
  message: (row, pause) => (pause ? `Promoção ${row.name} pausada: não vale mais em novos pedidos.` : `Promoção ${row.name} retomada.`),
});
