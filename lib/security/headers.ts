/**
 * The security headers of every response, as one pure function (proxy.ts applies it).
 *
 * Pages get a strict Content-Security-Policy with a per-request nonce: Next.js reads the
 * nonce from the CSP *request* header and stamps it on its own scripts, and
 * 'strict-dynamic' lets those scripts load the page's chunks. Styles allow 'unsafe-inline'
 * because React `style={{…}}` attributes cannot carry a nonce (and a nonce in style-src
 * would make browsers ignore 'unsafe-inline'). Route handlers (JSON) get a CSP that
 * renders nothing, no-store and nosniff.
 *
 * No imports: this runs in proxy.ts, before any route, and in unit tests.
 */

export type SecurityHeaderOptions = {
  /** Per-request nonce (base64); pages only. */
  nonce?: string;
  isProduction: boolean;
  /** The request reached us over HTTPS (directly or through a proxy that says so). */
  https: boolean;
  /** 'page' (HTML, server actions, RSC payloads) or 'api' (route handlers under /api). */
  kind?: 'page' | 'api';
  /** The request path: a few paths may be framed by our own pages. */
  pathname?: string;
  /** Origins a configured, consented pixel needs (lib/pixels/csp.ts); absent → the policy as without pixels. */
  extraSources?: ExtraSources | null;
};

/** Origins added to script-src, img-src and connect-src (a shop page with an ad pixel). */
export type ExtraSources = { script: string[]; img: string[]; connect: string[] };

const more = (list: string[] | undefined) => (list && list.length > 0 ? ` ${list.join(' ')}` : '');

/** Two years, as browsers' preload lists expect. */
export const HSTS_VALUE = 'max-age=63072000; includeSubDomains';

/**
 * Features nobody on this site needs are switched off; clipboard-write stays allowed for
 * our own origin (the "Copiar" button of the Pix code).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
].join(', ');

/**
 * The sandbox's boleto page and PDF, and a caught e-mail's HTML (the mail catcher shows it in a
 * sandboxed iframe), may be shown inside our own pages.
 */
export function frameableBySelf(pathname: string | undefined): boolean {
  return !!pathname && (/^\/sandbox\/invoice(\/|$)/.test(pathname) || /^\/sandbox\/emails\/\d+\/(html|attachments\/\d+)$/.test(pathname));
}

/**
 * next-auth's own HTML pages (sign-out confirmation, errors) live under /api/auth; the embedded
 * Bling sandbox's consent page ("Autorizar", a form) lives where Bling's is and sets its own policy.
 */
function rendersHtml(pathname: string | undefined): boolean {
  return !!pathname && (/^\/api\/auth(\/|$)/.test(pathname) || pathname === '/api/sandbox/bling/Api/v3/oauth/authorize');
}

export function buildContentSecurityPolicy(o: { nonce: string; isProduction: boolean; https: boolean; frameAncestors: "'none'" | "'self'"; extra?: ExtraSources | null }): string {
  const x = o.extra ?? undefined;
  const directives = [
    "default-src 'self'",
    // 'unsafe-eval' only in development: React rebuilds server error stacks with eval there.
    `script-src 'self' 'nonce-${o.nonce}' 'strict-dynamic'${o.isProduction ? '' : " 'unsafe-eval'"}${more(x?.script)}`,
    "style-src 'self' 'unsafe-inline'",
    // QR codes are data: URIs; blob: for downloads made in the browser.
    `img-src 'self' data: blob:${more(x?.img)}`,
    "font-src 'self'",
    `connect-src 'self'${more(x?.connect)}`,
    "frame-src 'self'",
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${o.frameAncestors}`,
  ];
  if (o.isProduction && o.https) directives.push('upgrade-insecure-requests');
  return directives.join('; ');
}

/** Route handlers answer data, never a document: nothing may load or frame it. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export function buildSecurityHeaders(o: SecurityHeaderOptions): Record<string, string> {
  const kind = o.kind ?? 'page';
  const selfFrame = frameableBySelf(o.pathname);
  const headers: Record<string, string> = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': selfFrame ? 'SAMEORIGIN' : 'DENY',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'X-DNS-Prefetch-Control': 'off',
  };
  if (o.isProduction && o.https) headers['Strict-Transport-Security'] = HSTS_VALUE;

  if (kind === 'api') {
    headers['Cache-Control'] = 'no-store';
    if (!rendersHtml(o.pathname)) headers['Content-Security-Policy'] = API_CONTENT_SECURITY_POLICY;
    return headers;
  }
  if (!o.nonce) throw new Error('buildSecurityHeaders: a page needs a nonce');
  headers['Content-Security-Policy'] = buildContentSecurityPolicy({
    nonce: o.nonce,
    isProduction: o.isProduction,
    https: o.https,
    frameAncestors: selfFrame ? "'self'" : "'none'",
    extra: o.extraSources,
  });
  return headers;
}

/** 128 random bits, base64 (the alphabet Next.js accepts in 'nonce-…'). */
export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
}

/** Accepts a caller's X-Request-Id only when it is short and plain (it goes into logs). */
export function acceptableRequestId(value: string | null | undefined): value is string {
  return !!value && /^[A-Za-z0-9._:-]{1,128}$/.test(value);
}

export function newRequestId(): string {
  return crypto.randomUUID();
}

/**
 * Whether the browser talks to us over HTTPS: the URL Next.js saw, or the first
 * X-Forwarded-Proto of the reverse proxy in front (Node hosts, Docker, Vercel).
 */
export function isHttpsRequest(url: string, headers: Headers): boolean {
  if (url.startsWith('https:')) return true;
  const proto = headers.get('x-forwarded-proto')?.split(',')[0].trim().toLowerCase();
  return proto === 'https';
}

/** next-auth v4 session cookies (plain and __Secure-, possibly chunked as name.0, name.1 …). */
export const SESSION_COOKIE_NAMES = ['next-auth.session-token', '__Secure-next-auth.session-token'] as const;

export function hasSessionCookie(cookieNames: Iterable<string>): boolean {
  for (const name of cookieNames) {
    for (const base of SESSION_COOKIE_NAMES) if (name === base || name.startsWith(`${base}.`)) return true;
  }
  return false;
}
