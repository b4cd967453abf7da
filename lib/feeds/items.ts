/**
 * What a product feed lists, channel-neutral and pure: one item per variant on sale (the
 * implicit variant of a product without options included), with the fields Google Merchant
 * Center's product data specification and Meta's catalog both ask for. The XML and the CSV
 * (google-xml.ts, meta-csv.ts) only spell these items in their channel's words.
 */
import { effectiveOf, lineName, variantLabel, type Dimensions } from '@/lib/catalog/forms';
import type { LivePromotion } from '@/lib/promotions/rules';
import { gtinOf } from './gtin';
import { salePriceOf, unitPromotions } from './sale-price';

export type FeedPhoto = { id: number; url: string };

export type FeedProduct = {
  id: number;
  slug: string;
  name: string;
  description: string;
  priceCents: number;
  /** The product's own picture file (the seed's), used when it has no stored photo and is a raster. */
  imagePath: string;
  requiresShipping: boolean;
  options: string;
  /** Photos in order (cover first), each at a width Google and Meta accept, relative to APP_URL. */
  photos: FeedPhoto[];
  googleCategory: string | null;
  /** "Código de barras (GTIN)" as typed; a variant's own wins (gtin.ts). */
  gtin: string | null;
  /** Every category the product is in, for promotions scoped to a category. */
  categoryIds: readonly number[];
} & Dimensions;

export type FeedVariant = {
  id: number;
  productId: number;
  sku: string | null;
  option1: string | null;
  option2: string | null;
  option3: string | null;
  priceCents: number | null;
  stock: number | null;
  photoId: number | null;
  gtin: string | null;
} & Dimensions;

export type FeedSource = {
  appUrl: string;
  shopName: string;
  /** The merchant's brand for every item; '' = the shop's name. */
  brand: string;
  products: FeedProduct[];
  variants: FeedVariant[];
  /** The promotions live on the shop's clock when the feed is built, oldest first. */
  promotions: readonly LivePromotion[];
};

export type FeedItem = {
  id: string;
  groupId: string;
  title: string;
  description: string;
  link: string;
  imageLink: string | null;
  additionalImageLinks: string[];
  availability: 'in_stock' | 'out_of_stock';
  priceCents: number;
  salePriceCents: number | null;
  brand: string;
  gtin: string | null;
  shippingWeightGrams: number | null;
  googleCategory: string | null;
  /** The product behind the item, for "Verificar feed"'s counts. */
  productId: number;
};

/** Google's limits: title 150 characters, description 5,000. */
export const TITLE_MAX = 150;
export const DESCRIPTION_MAX = 5000;
/** Google takes at most 10 additional images (Meta 20). */
export const ADDITIONAL_IMAGES_MAX = 10;

/** Picture formats both channels accept (an SVG is refused by both). */
const RASTER = /\.(?:jpe?g|png|gif|webp|bmp|tiff?)$/i;

const clip = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);
const absolute = (appUrl: string, path: string) => new URL(path, appUrl.endsWith('/') ? appUrl : `${appUrl}/`).toString();

/** The variants of a product that it sells: its combinations, or its one implicit variant. */
function sold(product: FeedProduct, variants: FeedVariant[]): FeedVariant[] {
  let optionCount = 0;
  try {
    const parsed: unknown = JSON.parse(product.options);
    optionCount = Array.isArray(parsed) ? parsed.length : 0;
  } catch {
    optionCount = 0;
  }
  return variants.filter((v) => [v.option1, v.option2, v.option3].filter((x) => x !== null && x !== '').length === optionCount);
}

export function feedItems(source: FeedSource): FeedItem[] {
  const byProduct = new Map<number, FeedVariant[]>();
  for (const v of source.variants) {
    const list = byProduct.get(v.productId);
    if (list) list.push(v);
    else byProduct.set(v.productId, [v]);
  }
  const brand = source.brand.trim() || source.shopName;
  const promotions = unitPromotions(source.promotions);
  const items: FeedItem[] = [];
  for (const p of source.products) {
    const photoUrls = p.photos.map((ph) => ({ id: ph.id, url: absolute(source.appUrl, ph.url) }));
    const fallback = photoUrls.length === 0 && RASTER.test(p.imagePath) ? absolute(source.appUrl, p.imagePath) : null;
    for (const v of sold(p, byProduct.get(p.id) ?? [])) {
      const eff = effectiveOf(v, p);
      const own = v.photoId === null ? undefined : photoUrls.find((ph) => ph.id === v.photoId);
      // The variant's own photo first, then the product's in order.
      const ordered = own ? [own, ...photoUrls.filter((ph) => ph !== own)] : photoUrls;
      const title = clip(lineName(p.name, variantLabel(v)), TITLE_MAX);
      items.push({
        id: v.sku?.trim() || `v${v.id}`,
        groupId: `p${p.id}`,
        title,
        description: clip(p.description.trim() || title, DESCRIPTION_MAX),
        link: absolute(source.appUrl, `/products/${p.slug}?variante=${v.id}`),
        imageLink: ordered[0]?.url ?? fallback,
        additionalImageLinks: ordered.slice(1, 1 + ADDITIONAL_IMAGES_MAX).map((ph) => ph.url),
        availability: v.stock !== null && v.stock <= 0 ? 'out_of_stock' : 'in_stock',
        priceCents: eff.priceCents,
        salePriceCents: salePriceOf({ productId: p.id, categoryIds: p.categoryIds, priceCents: eff.priceCents }, promotions),
        brand,
        gtin: gtinOf(v, p),
        shippingWeightGrams: p.requiresShipping ? eff.weightGrams : null,
        googleCategory: p.googleCategory,
        productId: p.id,
      });
    }
  }
  return items;
}

/** "79.00 BRL": the feeds' price (a dot, two decimals, the ISO currency). */
export function feedPrice(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')} BRL`;
}
