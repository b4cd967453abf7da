'use server';
/**
 * A subscription's merchant actions, through the one envelope (session, role, outcome): pause,
 * cancel, skip the next cycle, each logged with the merchant as the actor (lib/subscriptions).
 */
import { revalidatePath } from 'next/cache';
import { done, refused, merchantAction } from '@/lib/auth';
import { cancelSubscription, confirmPriceChange, pauseSubscription, skipNextCycle } from '@/lib/subscriptions';

export const subscriptionAction = merchantAction({ name: 'subscription', permission: 'orders:act' }, async (form: FormData, { merchant }) => {
  const id = String(form.get('subscriptionId') ?? '');
  const actor = `merchant:${merchant.id}` as const;
  const what = String(form.get('action') ?? '');
  const result =
    what === 'pause' ? await pauseSubscription(id, Number(form.get('cycles') ?? 1), actor) : what === 'cancel' ? await cancelSubscription(id, actor) : what === 'skip' ? await skipNextCycle(id, actor) : null;
  if (!result) return refused('Ação desconhecida.');
  revalidatePath(`/dashboard/assinaturas/${id}`);
  return result.ok ? done(result.message) : refused(result.error);
});

/** "Aplicar novo preço às assinaturas": from each one's next cycle, after an e-mail to the subscriber. */
export const confirmPriceAction = merchantAction({ name: 'subscription-price', permission: 'catalog:edit' }, async (form: FormData, { merchant }) => {
  const productId = Number(form.get('productId'));
  if (!Number.isSafeInteger(productId) || productId < 1) return refused('Produto não encontrado.');
  const n = await confirmPriceChange(productId, `merchant:${merchant.id}`);
  revalidatePath('/dashboard/assinaturas');
  return done(n === 0 ? 'Nenhuma assinatura com preço diferente.' : `${n} ${n === 1 ? 'assinante avisado' : 'assinantes avisados'}: o novo preço vale a partir da próxima cobrança.`);
});
