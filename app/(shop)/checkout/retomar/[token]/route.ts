import { NextResponse } from 'next/server';
import { writeCartLines } from '@/lib/checkout/cart/cart';
import { env } from '@/lib/config/env';
import { shopNow } from '@/lib/embedded-provider/clock';
import { checkoutPathOf, restoreDraft } from '@/lib/checkout/drafts/restore';
import { DRAFT_COOKIE, DRAFT_COOKIE_MAX_AGE_S } from '@/lib/checkout/drafts/drafts';
import { randomToken } from '@/lib/security/tokens';
import { cookies } from 'next/headers';

/** "Finalizar minha compra": restores the saved checkout in this browser, then opens that same checkout (or says why not). */
export async function GET(_req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  const { appUrl, authSecret } = env();
  const session = randomToken();
  const result = await restoreDraft(decodeURIComponent(token), session, authSecret, shopNow());
  if (!result.ok) return NextResponse.redirect(new URL(`/checkout/retomar?motivo=${result.reason}`, appUrl), 303);
  if (result.source === 'cart') await writeCartLines(result.lines);
  (await cookies()).set(DRAFT_COOKIE, session, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: DRAFT_COOKIE_MAX_AGE_S, secure: appUrl.startsWith('https://') });
  return NextResponse.redirect(new URL(`${checkoutPathOf(result.source, result.sourceRef)}?retomada=1`, appUrl), 303);
}

