'use server';

import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { CheckoutActionState } from '@/app/(shop)/checkout/actions';
import { payLink, draftCookie } from '@/lib/checkout';
import { env } from '@/lib/config/env';
import { ATTRIBUTION_COOKIE, parseAttributionCookie } from '@/lib/attribution/attribution';
import { buyerCookieName } from '@/lib/links/links';
import { clientRateKey } from '@/lib/security';

/** A payment link's form (also a plain POST without JavaScript). Success → the same order page as a cart's order. */
export async function payLinkAction(_previous: CheckoutActionState, form: FormData): Promise<CheckoutActionState> {
  const code = form.get('linkCode');
  const result = await payLink(typeof code === 'string' ? code : '', form, {
    ip: clientRateKey(await headers()),
    origin: parseAttributionCookie((await cookies()).get(ATTRIBUTION_COOKIE)?.value),
    draftCookie: await draftCookie(false),
  });
  if (!result.ok) return result;
  // This browser remembers its order on the link: coming back to a one-off link shows "Ver meu pedido".
  const linkCode = String(code);
  (await cookies()).set(buyerCookieName(linkCode), result.orderToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure: env().appUrl.startsWith('https://'),
    path: `/pagar/${linkCode}`,
    maxAge: 60 * 60 * 24 * 90,
  });
  redirect(`/orders/${result.orderToken}`);
}
