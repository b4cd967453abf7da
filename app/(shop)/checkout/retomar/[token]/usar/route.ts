/**
 * "Continuar a compra" on the restore link's page (../page.tsx), a plain form POST: spends the
 * link, moves the saved checkout to this browser and opens that same checkout (or the page
 * saying why not). Only this POST spends it, and only from the shop's own page: a cross-site
 * form must not replace a visitor's cart (lib/security/same-origin.ts).
 */
import { cookies } from 'next/headers';
import { NextResponse } from 'next/server';
import { writeCartLines, checkoutPathOf, restoreDraft, DRAFT_COOKIE, DRAFT_COOKIE_MAX_AGE_S } from '@/lib/checkout';
import { env } from '@/lib/config/env';
import { shopNow } from '@/lib/embedded-provider/clock';
import { isSameOrigin, randomToken } from '@/lib/security';

export const dynamic = 'force-dynamic';

export async function POST(req: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  if (!isSameOrigin(req.headers)) return new Response('Pedido recusado.\n', { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } });
  const { token } = await params;
  const { appUrl, authSecret } = env();
  const session = randomToken();
  const result = await restoreDraft(decodeURIComponent(token), session, authSecret, shopNow());
  if (!result.ok) return NextResponse.redirect(new URL(`/checkout/retomar?motivo=${result.reason}`, appUrl), 303);
  if (result.source === 'cart') await writeCartLines(result.lines);
  (await cookies()).set(DRAFT_COOKIE, session, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: DRAFT_COOKIE_MAX_AGE_S, secure: appUrl.startsWith('https://') });
  return NextResponse.redirect(new URL(`${checkoutPathOf(result.source, result.sourceRef)}?retomada=1`, appUrl), 303);
}
