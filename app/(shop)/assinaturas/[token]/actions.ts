'use server';

import { redirect } from 'next/navigation';
import { subscriberAction } from '@/lib/subscriptions';

/** Every form of the subscriber's page: a plain POST (no JavaScript needed), then the page again with its notice. */
export async function subscriptionFormAction(form: FormData): Promise<void> {
  const token = String(form.get('token') ?? '');
  const action = String(form.get('action') ?? '');
  const notice = await subscriberAction(token, action, form);
  if (!notice) redirect('/');
  redirect(`/assinaturas/${encodeURIComponent(token)}?aviso=${notice}`);
}
