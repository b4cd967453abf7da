/**
 * Google Merchant Center's feed: RSS 2.0 with the `g:` namespace
 * (http://base.google.com/ns/1.0), one <item> per feed item, in the attribute names of Google's
 * product data specification (docs/reference.md cites it). Pure.
 */
import { feedPrice, type FeedItem } from './items';

export const GOOGLE_NS = 'http://base.google.com/ns/1.0';

/** Characters XML 1.0 cannot carry at all (control characters) are dropped; the five specials escaped. */
export function xmlText(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const el = (name: string, value: string | null | undefined) => (value === null || value === undefined || value === '' ? '' : `<${name}>${xmlText(value)}</${name}>`);

function itemXml(i: FeedItem): string {
  return (
    '<item>' +
    el('g:id', i.id) +
    el('g:item_group_id', i.groupId) +
    el('title', i.title) +
    el('description', i.description) +
    el('link', i.link) +
    el('g:image_link', i.imageLink) +
    i.additionalImageLinks.map((u) => el('g:additional_image_link', u)).join('') +
    el('g:availability', i.availability) +
    el('g:price', feedPrice(i.priceCents)) +
    (i.salePriceCents !== null && i.salePriceCents < i.priceCents ? el('g:sale_price', feedPrice(i.salePriceCents)) : '') +
    el('g:brand', i.brand) +
    el('g:gtin', i.gtin) +
    (i.gtin ? '' : '<g:identifier_exists>no</g:identifier_exists>') +
    el('g:condition', 'new') +
    (i.shippingWeightGrams ? el('g:shipping_weight', `${i.shippingWeightGrams} g`) : '') +
    el('g:google_product_category', i.googleCategory) +
    '</item>\n'
  );
}

export function googleFeedXml(channel: { title: string; link: string; description: string }, items: readonly FeedItem[]): string {
  const parts: string[] = [
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="${GOOGLE_NS}">\n<channel>\n`,
    `${el('title', channel.title)}${el('link', channel.link)}${el('description', channel.description || channel.title)}\n`,
  ];
  for (const i of items) parts.push(itemXml(i));
  parts.push('</channel>\n</rss>\n');
  return parts.join('');
}
