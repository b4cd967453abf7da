/**
 * Meta's catalog feed (Commerce Manager → Catálogo → Fontes de dados): CSV with Meta's column
 * names, comma-separated, UTF-8, RFC 4180 quoting. Availability in Meta's words ("in stock").
 * Not the dashboard's spreadsheet CSV (lib/csv: ";" and formula guards for Excel): a machine
 * reads this one, and an apostrophe before a title would be shown to shoppers. Pure.
 */
import { feedPrice, type FeedItem } from './items';

export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'item_group_id',
  'additional_image_link',
  'sale_price',
  'gtin',
  'google_product_category',
] as const;

function cell(value: string | null): string {
  const s = (value ?? '').replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, '');
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

function row(i: FeedItem): string {
  const values: Record<(typeof META_COLUMNS)[number], string | null> = {
    id: i.id,
    title: i.title,
    description: i.description,
    availability: i.availability === 'in_stock' ? 'in stock' : 'out of stock',
    condition: 'new',
    price: feedPrice(i.priceCents),
    link: i.link,
    image_link: i.imageLink,
    brand: i.brand,
    item_group_id: i.groupId,
    additional_image_link: i.additionalImageLinks.join(','),
    sale_price: i.salePriceCents !== null && i.salePriceCents < i.priceCents ? feedPrice(i.salePriceCents) : null,
    gtin: i.gtin,
    google_product_category: i.googleCategory,
  };
  return META_COLUMNS.map((c) => cell(values[c])).join(',');
}

export function metaFeedCsv(items: readonly FeedItem[]): string {
  const lines = [META_COLUMNS.join(',')];
  for (const i of items) lines.push(row(i));
  return `${lines.join('\r\n')}\r\n`;
}
