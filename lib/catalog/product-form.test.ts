import { describe, expect, it } from 'vitest';
import { parseProductForm } from './product-form';

const form = (v: Record<string, string>) => ({ get: (k: string) => v[k] ?? null });
const valid = { name: 'Café especial', description: 'Torra média.\r\n\r\nNotas de chocolate.', price: '94,90', slug: '', stock: '', displayOrder: '', active: 'on', requiresShipping: 'on' };

describe('parseProductForm', () => {
  it('reads a valid product: price in centavos, line breaks kept, empty stock = not tracked', () => {
    expect(parseProductForm(form(valid))).toEqual({
      ok: true,
      value: { name: 'Café especial', description: 'Torra média.\n\nNotas de chocolate.', priceCents: 9490, slug: '', stock: null, displayOrder: 0, active: true, requiresShipping: true, weightGrams: null, heightCm: null, widthCm: null, lengthCm: null, ncm: null, origin: null, gtin: null },
    });
    expect(parseProductForm(form({ ...valid, price: 'R$ 1.234,56', stock: '0', displayOrder: '-3', active: '', requiresShipping: '', slug: 'Café Especial!' }))).toMatchObject({
      ok: true,
      value: { priceCents: 123456, stock: 0, displayOrder: -3, active: false, requiresShipping: false, slug: 'cafe-especial' },
    });
  });

  it('checks the fiscal fields: NCM of 8 digits, origin 0–8, the GTIN\'s check digit', () => {
    expect(parseProductForm(form({ ...valid, ncm: '0901.21.00', origin: '0', gtin: '7891000315507' }))).toMatchObject({ ok: true, value: { ncm: '09012100', origin: 0, gtin: '7891000315507' } });
    expect(parseProductForm(form({ ...valid, ncm: '0901', origin: '9', gtin: '7891000315508' }))).toMatchObject({
      ok: false,
      fieldErrors: { ncm: 'O NCM tem 8 dígitos (ex.: 0901.21.00).', origin: 'Escolha a origem da mercadoria.', gtin: 'O dígito verificador deste código de barras não confere.' },
    });
  });

  it('puts each error on its field and keeps what was typed', () => {
    const r = parseProductForm(form({ ...valid, name: '  ', price: '0,49', stock: '2,5', slug: '☕', description: 'x'.repeat(2001), displayOrder: 'primeiro' }));
    expect(r).toEqual({
      ok: false,
      fieldErrors: {
        name: 'Informe o nome do produto.',
        price: 'O preço mínimo é R$ 0,50.',
        stock: 'Use um número inteiro de 0 a 1.000.000, ou deixe em branco para não controlar o estoque.',
        slug: 'Use letras, números e hífens (por exemplo cafe-especial-250g).',
        description: 'A descrição pode ter no máximo 2.000 caracteres (tem 2.001).',
        displayOrder: 'Use um número inteiro (menores aparecem primeiro).',
      },
      values: expect.objectContaining({ price: '0,49', stock: '2,5', slug: '☕', displayOrder: 'primeiro' }),
    });
  });

  it('bounds the price to R$ 0,50 – R$ 100.000,00 and the name to 120 characters', () => {
    expect(parseProductForm(form({ ...valid, price: '0,50' }))).toMatchObject({ ok: true, value: { priceCents: 50 } });
    expect(parseProductForm(form({ ...valid, price: '100.000,00' }))).toMatchObject({ ok: true, value: { priceCents: 10_000_000 } });
    expect(parseProductForm(form({ ...valid, price: '100.000,01' }))).toMatchObject({ ok: false, fieldErrors: { price: 'O preço máximo é R$ 100.000,00.' } });
    expect(parseProductForm(form({ ...valid, price: 'abc' }))).toMatchObject({ ok: false, fieldErrors: { price: 'Use um valor em reais, por exemplo 94,90.' } });
    expect(parseProductForm(form({ ...valid, price: '' }))).toMatchObject({ ok: false, fieldErrors: { price: 'Informe o preço.' } });
    expect(parseProductForm(form({ ...valid, name: 'é'.repeat(120) }))).toMatchObject({ ok: true });
    expect(parseProductForm(form({ ...valid, name: 'é'.repeat(121) }))).toMatchObject({ ok: false, fieldErrors: { name: 'O nome pode ter no máximo 120 caracteres.' } });
  });
});
