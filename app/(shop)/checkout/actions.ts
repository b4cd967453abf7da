'use server';

import { cookies, headers } from 'next/headers';
import { ATTRIBUTION_COOKIE, parseAttributionCookie } from '@/lib/attribution/attribution';
import { redirect } from 'next/navigation';
import { clearCart, submitCheckout, type CheckoutFailure, draftCookie } from '@/lib/checkout';
import { clientRateKey } from '@/lib/security';

export type CheckoutActionState = CheckoutFailure | null;

/** The checkout form's action (also a plain POST without JavaScript). Success → the order page. */
export async function checkoutAction(_previous: CheckoutActionState, form: FormData): Promise<CheckoutActionState> {
  const result = await submitCheckout(form, {
    ip: clientRateKey(await headers()),
    origin: parseAttributionCookie((await cookies()).get(ATTRIBUTION_COOKIE)?.value),
    draftCookie: await draftCookie(false),
  });
  if (!result.ok) return result;
  await clearCart();
  redirect(`/orders/${result.orderToken}`);
}
