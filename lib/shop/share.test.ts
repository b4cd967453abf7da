import { describe, expect, it } from 'vitest';
import { formatBRL } from '@balcao/br/money';
import { decimalPrice, linkOpenGraph, productJsonLd, productOpenGraph, productPriceMeta, scriptJson } from './share';

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

describe('sharing a payment link', () => {
  it('says what it charges and who charges it, with the shop logo as the picture', () => {
    const meta = linkOpenGraph({ code: 'AbC123xy', title: 'Bolo de aniversário', description: null, amountCents: 15000 }, 'Doces da Ana', 'https://loja.example.com.br', '/images/logo/ab12.webp');
    expect(meta.description).toBe(`Cobrança de Doces da Ana · ${formatBRL(15000)}`);
    expect(meta.openGraph).toMatchObject({
      title: `Bolo de aniversário · ${formatBRL(15000)}`,
      description: 'Pague com Pix ou boleto. Cobrança de Doces da Ana.',
      url: 'https://loja.example.com.br/pagar/AbC123xy',
      images: [{ url: 'https://loja.example.com.br/images/logo/ab12.webp', alt: 'Doces da Ana' }],
    });
  });

  it('an open amount says so; no logo, no picture', () => {
    const meta = linkOpenGraph({ code: 'x', title: 'Doação', description: 'Ajude a reforma', amountCents: null }, 'Doces da Ana', 'https://loja.example.com.br', null);
    expect(meta.openGraph.title).toBe('Doação · valor a informar');
    expect(meta.openGraph.description).toBe('Ajude a reforma');
    expect(meta.openGraph).not.toHaveProperty('images');
  });
});
