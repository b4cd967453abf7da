/**
 * Where a sale came from ("Origem"): the first visit's UTM tags, the referring site's host and
 * the ad click ids (`fbclid`, `gclid`), kept in the first-party cookie `balcao_origem` for 30
 * days and copied onto the order when it is placed. First touch: once the cookie exists, later
 * visits do not overwrite it (docs/reference.md, "Origem das vendas").
 *
 * Everything here is read from the address bar or a cookie, so from anyone: every value is
 * cleaned (allowed characters only, capped length) both when captured and when read back.
 * Pure (no imports): the request proxy, the checkout and the dashboard all use it.
 */

export const ATTRIBUTION_COOKIE = 'balcao_origem';
export const ATTRIBUTION_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type Attribution = {
  source?: string;
  medium?: string;
  campaign?: string;
  content?: string;
  /** The referring site's host name (never its path or query: they may carry personal data). */
  referrer?: string;
  fbclid?: string;
  gclid?: string;
};

export const ATTRIBUTION_FIELDS = ['source', 'medium', 'campaign', 'content', 'referrer', 'fbclid', 'gclid'] as const;
type Field = (typeof ATTRIBUTION_FIELDS)[number];

/** The query parameter each field is read from. */
const QUERY_NAMES: Record<Exclude<Field, 'referrer'>, string> = {
  source: 'utm_source',
  medium: 'utm_medium',
  campaign: 'utm_campaign',
  content: 'utm_content',
  fbclid: 'fbclid',
  gclid: 'gclid',
};

export const ATTRIBUTION_LIMITS: Record<Field, number> = {
  source: 60,
  medium: 60,
  campaign: 100,
  content: 100,
  referrer: 100,
  fbclid: 200,
  gclid: 200,
};

/**
 * A tag keeps letters (accents too), digits and `- _ . + ~ :` and spaces (a campaign may be
 * "Black Friday"); anything else — quotes, angle brackets, control characters — is dropped.
 * Source and medium are lower-cased so "Instagram" and "instagram" count as one origin.
 */
function cleanTag(value: string, max: number, lower: boolean): string | undefined {
  const kept = value
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    .replace(/[^\p{L}\p{N}\-_.+~: ]/gu, '')
    .replace(/ +/g, ' ')
    .trim()
    .slice(0, max)
    .trim();
  if (!kept) return undefined;
  return lower ? kept.toLowerCase() : kept;
}

/** Click ids are opaque tokens: ASCII letters, digits, `-` and `_` only, or nothing. */
function cleanClickId(value: string, max: number): string | undefined {
  const v = value.trim();
  if (!v || v.length > max || !/^[A-Za-z0-9_-]+$/.test(v)) return undefined;
  return v;
}

/** A host name as DNS spells it (lower case, `www.` dropped), or nothing. */
function cleanHost(value: string, max: number): string | undefined {
  const v = value.trim().toLowerCase().replace(/^www\./, '');
  if (!v || v.length > max || !/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/.test(v)) return undefined;
  return v;
}

function cleanField(field: Field, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const max = ATTRIBUTION_LIMITS[field];
  // A value far past its cap is garbage, not a long campaign name: not even its head is kept.
  if (value.length > max * 4) return undefined;
  switch (field) {
    case 'referrer':
      return cleanHost(value, max);
    case 'fbclid':
    case 'gclid':
      return cleanClickId(value, max);
    default:
      return cleanTag(value, max, field === 'source' || field === 'medium');
  }
}

/** The cleaned copy of anything shaped like an attribution; null when nothing is left. */
export function cleanAttribution(raw: Partial<Record<Field, unknown>> | null | undefined): Attribution | null {
  if (!raw) return null;
  const out: Attribution = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const v = cleanField(field, raw[field]);
    if (v !== undefined) out[field] = v;
  }
  return Object.keys(out).length ? out : null;
}

/** The UTM tags and click ids of a URL's query (the referrer is not in it). */
export function attributionFromQuery(params: URLSearchParams): Attribution | null {
  const raw: Partial<Record<Field, unknown>> = {};
  for (const [field, name] of Object.entries(QUERY_NAMES) as [Exclude<Field, 'referrer'>, string][]) {
    const v = params.get(name);
    if (v !== null) raw[field] = v;
  }
  return cleanAttribution(raw);
}

/** A payment link's own UTM, carried from its address into its form as hidden fields. */
export function attributionFromForm(form: FormData): Attribution | null {
  const params = new URLSearchParams();
  for (const name of Object.values(QUERY_NAMES)) {
    const v = form.get(name);
    if (typeof v === 'string') params.set(name, v);
  }
  return attributionFromQuery(params);
}

/** A page's `searchParams` as a query (the first value of a repeated name). */
export function queryOf(search: Record<string, string | string[] | undefined>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [name, v] of Object.entries(search)) {
    const first = Array.isArray(v) ? v[0] : v;
    if (typeof first === 'string') params.set(name, first);
  }
  return params;
}

/** The UTM fields a link's form repeats from its address (`name`, `value`), cleaned. */
export function linkUtmFields(params: URLSearchParams): { name: string; value: string }[] {
  const a = attributionFromQuery(params);
  if (!a) return [];
  return (Object.entries(QUERY_NAMES) as [Exclude<Field, 'referrer'>, string][]).flatMap(([field, name]) => (a[field] ? [{ name, value: a[field]! }] : []));
}

/** A host without its port and `www.`, lower case: how two names of the shop are compared. */
const bareHost = (host: string) => host.toLowerCase().replace(/:\d+$/, '').replace(/^www\./, '');

/**
 * The referring page's host, unless it is this shop itself (moving between pages is no origin).
 * `ownHost`: every name the shop answers to for this request (the URL Next.js saw, the Host the
 * browser sent, APP_URL's host), so a shop opened at 127.0.0.1 is not its own referrer.
 */
export function referrerHost(referrer: string | null | undefined, ownHost: string | readonly string[]): string | undefined {
  if (!referrer) return undefined;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  const host = cleanField('referrer', url.hostname);
  const own = (typeof ownHost === 'string' ? [ownHost] : ownHost).map(bareHost);
  if (!host || own.includes(host) || own.includes(bareHost(url.host))) return undefined;
  return host;
}

/**
 * What a page request says about where the visitor came from: its query's tags and the
 * referring host. Null when it says nothing (a direct visit, or a click inside the shop).
 */
export function captureAttribution(url: URL, referrer: string | null | undefined, ownHosts: readonly string[] = []): Attribution | null {
  const fromQuery = attributionFromQuery(url.searchParams) ?? {};
  const host = referrerHost(referrer, [url.host, ...ownHosts]);
  const all: Attribution = { ...fromQuery, ...(host ? { referrer: host } : {}) };
  return Object.keys(all).length ? all : null;
}

/** The cookie's value: a query string of the kept fields (URL-encoded, so cookie-safe). */
export function serializeAttribution(a: Attribution): string {
  const params = new URLSearchParams();
  for (const field of ATTRIBUTION_FIELDS) if (a[field]) params.set(field, a[field]!);
  return params.toString();
}

/** The cookie read back, cleaned again (it came from the browser); null when absent or empty. */
export function parseAttributionCookie(value: string | null | undefined): Attribution | null {
  if (!value || value.length > 2048) return null;
  let params: URLSearchParams;
  try {
    params = new URLSearchParams(value);
  } catch {
    return null;
  }
  const raw: Partial<Record<Field, unknown>> = {};
  for (const field of ATTRIBUTION_FIELDS) {
    const v = params.get(field);
    if (v !== null) raw[field] = v;
  }
  return cleanAttribution(raw);
}

/**
 * The cookie to set for this request, or null: only when the visit says where it came from and
 * no earlier visit did (first touch is kept).
 */
export function attributionCookieFor(url: URL, referrer: string | null | undefined, existing: string | undefined, ownHosts: readonly string[] = []): string | null {
  if (parseAttributionCookie(existing)) return null;
  const captured = captureAttribution(url, referrer, ownHosts);
  return captured ? serializeAttribution(captured) : null;
}

/** "instagram / black-friday": the source (or referring site) and the campaign, as the dashboard shows them. */
export function originLabel(a: Pick<Attribution, 'source' | 'campaign' | 'referrer'> | null | undefined): string | null {
  const source = a?.source ?? a?.referrer;
  if (!source) return null;
  return a?.campaign ? `${source} / ${a.campaign}` : source;
}

/** The source an order is grouped under: its utm_source, else the referring host, else "direto" (the SQL of lib/orders/origin-sales.ts says the same). */
export const DIRECT_SOURCE = 'direto';
export function originSource(a: Pick<Attribution, 'source' | 'referrer'> | null | undefined): string {
  return a?.source ?? a?.referrer ?? DIRECT_SOURCE;
}

/** A payment link's address as shared on one channel: `?utm_source=whatsapp`. */
export function withUtmSource(url: string, source: 'whatsapp' | 'instagram'): string {
  const u = new URL(url);
  u.searchParams.set('utm_source', source);
  return u.toString();
}

/** The order's "Origem" columns (db/schema.ts): the source falls back on the referring host. */
export function originColumns(a: Attribution | null) {
  return {
    originSource: a?.source ?? a?.referrer ?? null,
    originMedium: a?.medium ?? null,
    originCampaign: a?.campaign ?? null,
    originContent: a?.content ?? null,
    originReferrer: a?.referrer ?? null,
    originFbclid: a?.fbclid ?? null,
    originGclid: a?.gclid ?? null,
  };
}
