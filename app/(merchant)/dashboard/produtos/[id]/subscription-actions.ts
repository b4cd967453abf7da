'use server';
/** "Vender como assinatura" of a product, through the one envelope (session, role, outcome). */
import { revalidatePath } from 'next/cache';
import { done, refused } from '@/lib/auth/action-state';
import { merchantAction } from '@/lib/auth/merchant-action';
import { confirmPriceChange } from '@/lib/subscriptions/manage';
import { parsePlanForm, savePlan } from '@/lib/subscriptions/plans';

export const saveSubscriptionPlanAction = merchantAction({ name: 'subscription-plan', permission: 'catalog:edit' }, async (form: FormData, { merchant }) => {
  const productId = Number(form.get('productId'));
  if (!Number.isSafeInteger(productId) || productId < 1) return refused('Produto não encontrado.');
  const parsed = parsePlanForm(form);
  if (!parsed.success) {
    const discount = parsed.error.issues.find((i) => i.path[0] === 'discountPercent');
    return refused('Confira os campos destacados.', discount ? { subscriptionDiscount: discount.message } : undefined);
  }
  await savePlan(productId, parsed.data);
  // A changed price or discount reaches running subscriptions only after their notice.
  const noticed = form.get('applyToSubscribers') === 'on' ? await confirmPriceChange(productId, `merchant:${merchant.id}`) : 0;
  revalidatePath(`/dashboard/produtos/${productId}`);
  return done(noticed > 0 ? `Assinatura salva. ${noticed} ${noticed === 1 ? 'assinante avisado' : 'assinantes avisados'} do novo preço (vale a partir da próxima cobrança).` : 'Assinatura salva.');
});
