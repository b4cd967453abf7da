/**
 * Answering GET /feeds/google.xml and /feeds/meta.csv: no session, a per-client rate limit,
 * the optional secret token, and an ETag over the body. The body is the one stored in the
 * database (cache.ts), rebuilt only when the catalog, its prices, promotions or stock changed
 * since, so a change is in the very next fetch and an unchanged catalog is not rebuilt; a channel
 * that sends back the ETag of an unchanged catalog gets 304 and no body.
 */
import 'server-only';
import { createHash } from 'node:crypto';
import { hit } from '@/lib/security';
import { googleFeedXml } from './google-xml';
import { storedFeed } from './cache';
import { feedItems, type FeedItem } from './items';
import { metaFeedCsv } from './meta-csv';
import { noteFeedFetched, readFeedSettings, tokenOpens, type FeedChannel } from './settings';
import { readFeedSource } from './source';

export type FeedRequest = { channel: FeedChannel; clientKey: string; token: string | null; ifNoneMatch: string | null };

export const FEED_CONTENT_TYPES: Record<FeedChannel, string> = {
  google: 'application/rss+xml; charset=utf-8',
  meta: 'text/csv; charset=utf-8',
};

export function feedBody(channel: FeedChannel, items: readonly FeedItem[], shop: { name: string; appUrl: string }): string {
  if (channel === 'meta') return metaFeedCsv(items);
  return googleFeedXml({ title: shop.name, link: shop.appUrl, description: `Produtos de ${shop.name}` }, items);
}

export const etagOf = (body: string) => `"${createHash('sha256').update(body, 'utf8').digest('base64url').slice(0, 27)}"`;

function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');
}

export async function serveFeed(req: FeedRequest): Promise<Response> {
  const limit = await hit('feed', req.clientKey);
  if (!limit.ok) return new Response('Muitas requisições. Tente de novo em instantes.\n', { status: 429, headers: { 'Retry-After': String(limit.retryAfterSeconds), 'Cache-Control': 'no-store' } });
  const settings = await readFeedSettings();
  // A wrong or missing token is answered as if there were no feed here.
  if (!tokenOpens(settings, req.token)) return new Response('Not found\n', { status: 404, headers: { 'Cache-Control': 'no-store' } });
  const { body, etag } = await storedFeed(req.channel, (items, shop) => feedBody(req.channel, items, shop), etagOf);
  await noteFeedFetched(req.channel);
  const headers = { ETag: etag, 'Cache-Control': 'no-cache', 'X-Robots-Tag': 'noindex' };
  if (matches(req.ifNoneMatch, etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { status: 200, headers: { ...headers, 'Content-Type': FEED_CONTENT_TYPES[req.channel] } });
}

/** "Verificar feed": the problems of the feeds as they would be generated now. */
export async function verifyFeeds(): Promise<{ items: number; problems: string[] }> {
  const { feedProblems } = await import('./check');
  const { source } = await readFeedSource();
  const items = feedItems(source);
  return { items: items.length, problems: feedProblems(items) };
}
