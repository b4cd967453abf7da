'use server';

import { cookies, headers } from 'next/headers';
import { ATTRIBUTION_COOKIE, parseAttributionCookie } from '@/lib/attribution/attribution';
import { redirect } from 'next/navigation';
import type { CheckoutActionState } from '@/app/(shop)/checkout/actions';
import { paySession } from '@/lib/checkout/sessions/api/routes';
import { clientRateKey } from '@/lib/security';
import { draftCookie } from '@/lib/checkout';

/** An API session's hosted checkout (also a plain POST without JavaScript). Success → the order page. */
export async function paySessionAction(_previous: CheckoutActionState, form: FormData): Promise<CheckoutActionState> {
  const id = form.get('sessionId');
  const result = await paySession(typeof id === 'string' ? id : '', form, {
    ip: clientRateKey(await headers()),
    origin: parseAttributionCookie((await cookies()).get(ATTRIBUTION_COOKIE)?.value),
    draftCookie: await draftCookie(false),
  });
  if (!result.ok) return result;
  redirect(`/orders/${result.orderToken}`);
}
