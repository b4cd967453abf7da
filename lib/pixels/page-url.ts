/**
 * The page address the pixels may tell a platform (Meta's event_source_url, GA4's
 * page_location). Some shop addresses are bearer links — the order's page and receipt
 * (`/orders/<token>`: the buyer's name, address and digital products), the reminders' opt-out
 * (`/lembretes/sair/<token>`), the reminders' restore link (`/checkout/retomar/<token>`), an API checkout session (`/c/<id>`, prefilled with the buyer's
 * data): their secret part is cut, and those pages load no browser pixel script, which would
 * read the address itself. A query string keeps only the campaign parameters (it may carry
 * other tokens). Pure.
 */

const BEARER_PAGES: { prefix: string; pattern: RegExp }[] = [
  { prefix: '/orders/', pattern: /^\/orders\/[^/]+/ },
  { prefix: '/lembretes/sair/', pattern: /^\/lembretes\/sair\/[^/]+/ },
  { prefix: '/c/', pattern: /^\/c\/[^/]+/ },
  { prefix: '/checkout/retomar/', pattern: /^\/checkout\/retomar\/[^/]+/ },
];

const CAMPAIGN_PARAMS = new Set(['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term', 'fbclid', 'gclid']);

function split(pathAndQuery: string): { path: string; query: string } {
  const at = pathAndQuery.search(/[?#]/);
  return at < 0 ? { path: pathAndQuery, query: '' } : { path: pathAndQuery.slice(0, at), query: pathAndQuery.slice(at + 1).split('#')[0]! };
}

/** Whether this path is a bearer link's page (no browser pixel script there). */
export function isBearerPage(pathAndQuery: string): boolean {
  const { path } = split(pathAndQuery);
  return BEARER_PAGES.some((b) => b.pattern.test(path));
}

/** `appUrl` + the path as a platform may read it. */
export function pixelPageUrl(appUrl: string, pathAndQuery: string): string {
  const { path, query } = split(pathAndQuery);
  const bearer = BEARER_PAGES.find((b) => b.pattern.test(path));
  const kept = new URLSearchParams();
  for (const [k, v] of new URLSearchParams(query)) if (CAMPAIGN_PARAMS.has(k)) kept.append(k, v);
  const search = bearer || kept.size === 0 ? '' : `?${kept.toString()}`;
  return `${appUrl}${bearer ? bearer.prefix : path}${search}`;
}
