/**
 * Runs before every page and route handler (Next.js 16 "proxy", formerly middleware):
 * - security headers (lib/security/headers.ts): a per-request CSP nonce for pages, passed to
 *   Next.js through the request's Content-Security-Policy header (Next stamps it on its
 *   scripts) and to our own code as `x-nonce`; nosniff/no-store/a deny-all CSP for /api;
 * - a request id (`x-request-id`, kept when the caller sent a plain one) passed to the
 *   route and echoed on the response, so a support report can be matched with the access
 *   logs of the proxy in front (the app's own log lines do not carry it); the request's path
 *   and query as `x-request-path` (layouts are not given the path);
 * - a cheap redirect of /dashboard/** to /login when there is no session cookie at all.
 *   Only a convenience: the dashboard pages and actions check the session themselves;
 * - server actions (every POST to a page) over the body limit or undecodable answered 413/400
 *   here (lib/security/action-request.ts), where Next.js would answer 500;
 * - a path whose percent-encoding does not decode (/orders/%E0%A4%A) shown the 404 page;
 * - a shop page's first tagged visit (UTM, click ids, another site's referrer) kept in the
 *   first-party cookie `balcao_origem` (lib/attribution), which the order copies when placed;
 * - a shop page of a shopper who accepted marketing cookies: the CSP opens the origins of the
 *   ad pixels that are on (lib/pixels/csp.ts), and only then.
 */
import { NextResponse, type NextRequest } from 'next/server';
import {
  acceptableRequestId,
  buildSecurityHeaders,
  checkServerActionBody,
  checkServerActionHeaders,
  hasSessionCookie,
  isHttpsRequest,
  newNonce,
  newRequestId,
  ownHosts,
  type ActionVerdict,
} from '@/lib/security/request-checks';
import { ATTRIBUTION_COOKIE, ATTRIBUTION_MAX_AGE_SECONDS, attributionCookieFor } from '@/lib/attribution/attribution';
import { CONSENT_COOKIE, consentOf, pixelCspAdditions } from '@/lib/pixels/words';

/** The server-action checks: headers first, then the body (Next.js buffers it for the proxy; a clone leaves it to the action). */
async function serverActionVerdict(request: NextRequest): Promise<ActionVerdict> {
  const contentType = request.headers.get('content-type');
  const byHeaders = checkServerActionHeaders(contentType, request.headers.get('content-length'));
  if (!byHeaders.ok) return byHeaders;
  return checkServerActionBody(contentType, new Uint8Array(await request.clone().arrayBuffer()));
}

function decodes(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

const DRAFT_COOKIE = 'balcao_draft';
const CHECKOUT_PAGE = /^\/(checkout|pagar\/[^/]+|c\/[^/]+)$/;

export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  const isProduction = process.env.NODE_ENV === 'production';
  const https = isHttpsRequest(request.url, request.headers) || (isProduction && !!process.env.APP_URL?.startsWith('https://'));
  const incomingId = request.headers.get('x-request-id');
  const requestId = acceptableRequestId(incomingId) ? incomingId : newRequestId();
  const isApi = pathname === '/api' || pathname.startsWith('/api/');

  if (!isApi && !decodes(pathname)) {
    // Next.js would fail to decode the dynamic segment and answer a bare 500: show the 404 page instead.
    const nonce = newNonce();
    const headers = buildSecurityHeaders({ kind: 'page', nonce, isProduction, https, pathname: '/_not-found' });
    const requestHeaders = new Headers(request.headers);
    requestHeaders.set('x-nonce', nonce);
    requestHeaders.set('content-security-policy', headers['Content-Security-Policy']);
    requestHeaders.set('x-request-id', requestId);
    const notFound = NextResponse.rewrite(new URL('/_not-found', request.url), { request: { headers: requestHeaders } });
    applyHeaders(notFound.headers, headers);
    notFound.headers.set('x-request-id', requestId);
    return notFound;
  }

  if (!isApi && request.method === 'POST') {
    const verdict = await serverActionVerdict(request);
    if (!verdict.ok) {
      const refused = new NextResponse(`${verdict.message}\n`, { status: verdict.status, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
      applyHeaders(refused.headers, buildSecurityHeaders({ kind: 'api', isProduction, https, pathname }));
      refused.headers.set('x-request-id', requestId);
      return refused;
    }
  }

  if (!isApi && (pathname === '/dashboard' || pathname.startsWith('/dashboard/'))) {
    if (!hasSessionCookie(request.cookies.getAll().map((c) => c.name))) {
      const login = new URL('/login', request.url);
      login.searchParams.set('callbackUrl', `${pathname}${search}`);
      const redirect = NextResponse.redirect(login);
      applyHeaders(redirect.headers, buildSecurityHeaders({ kind: 'api', isProduction, https, pathname }));
      redirect.headers.set('x-request-id', requestId);
      return redirect;
    }
  }

  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-request-id', requestId);
  // Layouts do not receive the path: server-side guards read it here to build a callbackUrl.
  requestHeaders.set('x-request-path', `${pathname}${search}`);
  let headers: Record<string, string>;
  if (isApi) {
    headers = buildSecurityHeaders({ kind: 'api', isProduction, https, pathname });
  } else {
    const nonce = newNonce();
    headers = buildSecurityHeaders({ kind: 'page', nonce, isProduction, https, pathname, extraSources: await pixelSources(request, pathname) });
    requestHeaders.set('x-nonce', nonce);
    requestHeaders.set('content-security-policy', headers['Content-Security-Policy']);
  }

  const response = NextResponse.next({ request: { headers: requestHeaders } });
  applyHeaders(response.headers, headers);
  // The checkout's draft cookie (lib/checkout/drafts/drafts.ts DRAFT_COOKIE) is given with the
  // page, not by the form's action: a cookie set in a server action refreshes the page under
  // the shopper's feet. It names no draft until a valid e-mail or phone is typed. The three
  // checkouts: the cart's, a payment link's and an API session's hosted one.
  if (request.method === 'GET' && CHECKOUT_PAGE.test(pathname) && !request.cookies.has(DRAFT_COOKIE)) {
    const token = Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url');
    response.cookies.set(DRAFT_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', maxAge: 60 * 60 * 24 * 30, secure: https });
  }
  response.headers.set('x-request-id', requestId);
  if (!isApi && request.method === 'GET' && isShopPath(pathname)) {
    // The shop's own names (APP_URL, a trusted proxy's host) and the Host the browser sent: a
    // page of this shop, opened at 127.0.0.1 or an IP, is never its own referrer.
    const own = [...ownHosts(request.headers), request.headers.get('host') ?? ''].filter(Boolean);
    const origin = attributionCookieFor(request.nextUrl, request.headers.get('referer'), request.cookies.get(ATTRIBUTION_COOKIE)?.value, own);
    if (origin) {
      response.cookies.set(ATTRIBUTION_COOKIE, origin, { httpOnly: true, sameSite: 'lax', secure: https, path: '/', maxAge: ATTRIBUTION_MAX_AGE_SECONDS });
    }
  }
  return response;
}

/**
 * A shop page of a shopper who accepted marketing cookies gets the origins of the pixels that
 * are on (lib/pixels/csp.ts); any other request is never asked about them: no additions, and no
 * database read.
 */
async function pixelSources(request: NextRequest, pathname: string) {
  if (!isShopPath(pathname) || consentOf(request.cookies.get(CONSENT_COOKIE)?.value) !== 'accepted') return null;
  try {
    const { pixelsOn } = await import('@/lib/pixels/pixels-on');
    return pixelCspAdditions(await pixelsOn());
  } catch {
    // The settings unreadable (a database hiccup): the page is served with the policy without
    // pixels, so their scripts are blocked; never a 500 for it.
    return null;
  }
}

/** The buyer's pages: not the dashboard, the sign-in, the invitation or the sandbox's own pages. */
function isShopPath(pathname: string): boolean {
  return !/^\/(?:dashboard|login|convite|sandbox|bench)(?:\/|$)/.test(pathname);
}

function applyHeaders(target: Headers, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) target.set(name, value);
}

export const config = {
  matcher: [
    {
      // Everything but the real static paths — build assets, the app icon, public/products/*.svg,
      // the product photos' route — and the product-photo and digital-file uploads (up to 10 MB
      // and 4 MB parts: the proxy's body buffer would cut them; the routes set their own headers). Not "any path ending in .png":
      // a POST to /products/x.png with a Next-Action header must meet the action checks too.
      source:
        '/((?!_next/static/|_next/image$|images/products/[^/]+\\.webp$|images/products/[^/]+\\.avif$|images/products/[^/]+\\.jpg$|products/[^/]+\\.svg$|api/dashboard/products/[^/]+/photos$|api/dashboard/products/[^/]+/digital$|favicon\\.ico$|icon\\.svg$|robots\\.txt$|sitemap\\.xml$|manifest\\.webmanifest$).*)',
      // Link prefetches carry no HTML document: no nonce needed, nothing to redirect.
      missing: [
        { type: 'header', key: 'next-router-prefetch' },
        { type: 'header', key: 'purpose', value: 'prefetch' },
      ],
    },
  ],
};
