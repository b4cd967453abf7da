'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { CheckoutActionState } from '@/app/(shop)/checkout/actions';
import { payLink } from '@/lib/checkout-form/pay-link';
import { clientRateKey } from '@/lib/security/client-address';

/** A payment link's form (also a plain POST without JavaScript). Success → the same order page as a cart's order. */
export async function payLinkAction(_previous: CheckoutActionState, form: FormData): Promise<CheckoutActionState> {
  const code = form.get('linkCode');
  const result = await payLink(typeof code === 'string' ? code : '', form, { ip: clientRateKey(await headers()) });
  if (!result.ok) return result;
  redirect(`/orders/${result.orderToken}`);
}
