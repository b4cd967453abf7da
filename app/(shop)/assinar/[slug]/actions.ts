'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { clientRateKey } from '@/lib/security';
import { submitSubscription, type SubscribeFormState } from '@/lib/subscriptions';

/** "Confirmar assinatura" (also a plain POST without JavaScript): the first cycle's order page, to pay. */
export async function subscribeAction(_previous: SubscribeFormState, form: FormData): Promise<SubscribeFormState> {
  const result = await submitSubscription(form, clientRateKey(await headers()));
  if (!result || !result.ok) return result;
  redirect(`/orders/${result.orderToken}`);
}
