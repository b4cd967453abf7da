import { describe, expect, it } from 'vitest';
import { decimalPrice, productJsonLd, productOpenGraph, productPriceMeta, scriptJson } from './share';

const product = { slug: 'cafe', name: 'Café </script><script>alert(1)</script>', description: 'Grãos', priceCents: 3990, available: true, imageUrl: '/images/products/1-640-abc.webp' };

describe('sharing a product', () => {
  it('prices in decimal without floating point', () => {
    expect(decimalPrice(3990)).toBe('39.90');
    expect(decimalPrice(5)).toBe('0.05');
    expect(decimalPrice(123456)).toBe('1234.56');
  });

  it('Open Graph: name, description, absolute photo URL, price in BRL, the shop as site', () => {
    const og = productOpenGraph(product, 'Café da Esquina', 'https://loja.example.com.br');
    expect(og.openGraph).toMatchObject({ siteName: 'Café da Esquina', title: product.name, url: 'https://loja.example.com.br/products/cafe', images: [{ url: 'https://loja.example.com.br/images/products/1-640-abc.webp' }] });
    expect(productPriceMeta(3990)).toEqual([
      { property: 'product:price:amount', content: '39.90' },
      { property: 'product:price:currency', content: 'BRL' },
    ]);
  });

  it('schema.org Product with an offer, and JSON that cannot close its script element', () => {
    const ld = productJsonLd({ ...product, available: false }, 'Café da Esquina', 'https://loja.example.com.br/');
    expect(ld).toMatchObject({ '@type': 'Product', offers: { price: '39.90', priceCurrency: 'BRL', availability: 'https://schema.org/OutOfStock' } });
    const json = scriptJson(ld);
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json)).toEqual(ld);
  });
});
