/**
 * The consent banner's form ("Aceitar cookies de marketing" / "Recusar"): a plain form POST, so
 * it works without JavaScript, answered with the cookie and a 303 back to the page the shopper
 * was on (a full load: with "Aceitar" the pixel's script runs on that page). Same-site only: a
 * form on another site must not answer for the shopper (lib/pixels/consent.ts fromThisSite).
 * "Recusar" also deletes what an earlier "Aceitar" let the shop keep and not yet send
 * (lib/pixels/forget.ts).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { env } from '@/lib/config/env';
import { isHttpsRequest } from '@/lib/security';
import { answerOf, CONSENT_COOKIE, CONSENT_MAX_AGE_SECONDS, consentCookieValue, fromThisSite, returnPathOf, forgetPendingPixelContexts, orderTokenOfPath, gaClientIdOf, metaCookieOf } from '@/lib/pixels';

export async function POST(request: NextRequest) {
  const h = request.headers;
  if (!fromThisSite({ origin: h.get('origin'), host: h.get('host'), secFetchSite: h.get('sec-fetch-site') }, env().appUrl)) {
    return new NextResponse('Forbidden\n', { status: 403, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const form = await request.formData().catch(() => null);
  const answer = answerOf(form?.get('resposta'));
  const back = returnPathOf(form?.get('voltar'));
  if (answer === 'refused') {
    await forgetPendingPixelContexts({
      orderToken: orderTokenOfPath(back),
      fbp: metaCookieOf(request.cookies.get('_fbp')?.value),
      gaClientId: gaClientIdOf(request.cookies.get('_ga')?.value),
    });
  }
  // A relative Location: the browser resolves it against the address it used (whatever proxy is in front).
  const response = new NextResponse(null, { status: 303, headers: { Location: back, 'Cache-Control': 'no-store' } });
  if (answer) {
    const https = isHttpsRequest(request.url, h) || (env().isProduction && env().appUrl.startsWith('https://'));
    response.cookies.set(CONSENT_COOKIE, consentCookieValue(answer), { httpOnly: true, sameSite: 'lax', secure: https, path: '/', maxAge: CONSENT_MAX_AGE_SECONDS });
  }
  return response;
}
