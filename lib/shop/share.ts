/**
 * What a product page or a payment link says when shared (WhatsApp, social networks read Open
 * Graph) and what search engines read (schema.org Product as JSON-LD). Image URLs are made
 * absolute with APP_URL: crawlers do not resolve relative ones. Pure.
 */
import { formatBRL } from '@balcao/br/money';

export type ShareProduct = { slug: string; name: string; description: string; priceCents: number; available: boolean; imageUrl: string | null };

export function absoluteUrl(appUrl: string, path: string): string {
  return new URL(path, appUrl.endsWith('/') ? appUrl : `${appUrl}/`).toString();
}

/** "39.90": the decimal form Open Graph and schema.org expect (never a float computation). */
export function decimalPrice(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

export function productOpenGraph(p: ShareProduct, shopName: string, appUrl: string) {
  const url = absoluteUrl(appUrl, `/products/${p.slug}`);
  return {
    openGraph: {
      type: 'website' as const,
      locale: 'pt_BR',
      siteName: shopName,
      title: p.name,
      description: p.description.slice(0, 200) || `${p.name} em ${shopName}`,
      url,
      ...(p.imageUrl ? { images: [{ url: absoluteUrl(appUrl, p.imageUrl), alt: p.name }] } : {}),
    },
  };
}

export type ShareLink = { code: string; title: string; description: string | null; amountCents: number | null };

/**
 * A payment link shared on WhatsApp: its title, the amount (or "valor a combinar") and the
 * shop; the shop's logo as the picture when it has one. The link's page is not indexed, but
 * previews are what makes a buyer trust a link sent in a chat.
 */
export function linkOpenGraph(l: ShareLink, shopName: string, appUrl: string, logoPath: string | null) {
  const amount = l.amountCents !== null ? formatBRL(l.amountCents) : 'valor a informar';
  return {
    title: l.title,
    description: `Cobrança de ${shopName} · ${amount}`,
    openGraph: {
      type: 'website' as const,
      locale: 'pt_BR',
      siteName: shopName,
      title: `${l.title} · ${amount}`,
      description: (l.description?.slice(0, 200) || `Pague com Pix ou boleto. Cobrança de ${shopName}.`),
      url: absoluteUrl(appUrl, `/pagar/${l.code}`),
      ...(logoPath ? { images: [{ url: absoluteUrl(appUrl, logoPath), alt: shopName }] } : {}),
    },
  };
}

/** Open Graph's product price, as `property` meta tags (Next's `other` would write `name`). */
export function productPriceMeta(priceCents: number): { property: string; content: string }[] {
  return [
    { property: 'product:price:amount', content: decimalPrice(priceCents) },
    { property: 'product:price:currency', content: 'BRL' },
  ];
}

export function productJsonLd(p: ShareProduct, shopName: string, appUrl: string): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.name,
    ...(p.description ? { description: p.description } : {}),
    ...(p.imageUrl ? { image: absoluteUrl(appUrl, p.imageUrl) } : {}),
    url: absoluteUrl(appUrl, `/products/${p.slug}`),
    brand: { '@type': 'Brand', name: shopName },
    offers: {
      '@type': 'Offer',
      price: decimalPrice(p.priceCents),
      priceCurrency: 'BRL',
      availability: p.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      url: absoluteUrl(appUrl, `/products/${p.slug}`),
      seller: { '@type': 'Organization', name: shopName },
    },
  };
}

/** JSON for inside a <script> element: "<" escaped so a name with "</script>" cannot close it. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
