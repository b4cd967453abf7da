import { describe, expect, it } from 'vitest';
import { formatDocument, maskDocument } from './documents';
import { maskBuyerIn, maskEmail, maskName, maskOrderBuyer, maskPayer } from './personal-data';

const ORDER = {
  buyerName: 'Bruno de Lima',
  buyerDocument: '52998224725',
  buyerEmail: 'bruno.lima@gmail.com',
  buyerPhone: '11987654321',
  buyerNote: 'Deixar com o porteiro Seu Zé, tel. 11 3333-4444',
  addressZip: '01310100',
  addressStreet: 'Avenida Paulista',
  addressNumber: '1000',
  addressNeighborhood: 'Bela Vista',
  addressCity: 'São Paulo',
  addressState: 'SP',
  deliveryZip: '69005010',
  deliveryStreet: 'Rua Guilherme Moreira',
  deliveryNumber: '12',
  deliveryComplement: 'apto 3',
  deliveryNeighborhood: 'Centro',
  deliveryCity: 'Manaus',
  deliveryState: 'AM',
  totalCents: 5000,
};

describe('one masking of buyers’ data', () => {
  it('keeps the first and last digits of a CPF, the first name and initials, and the domain’s country', () => {
    expect(maskDocument('52998224725')).toBe('529.***.***-25');
    expect(maskName('  Bruno   de Lima ')).toBe('Bruno d. L.');
    expect(maskEmail('bruno.lima@gmail.com')).toBe('b***@g***.com');
    expect(maskEmail('sem-arroba')).toBe('***');
  });

  it('masks an order’s buyer down to city and UF, and keeps what is not personal', () => {
    const masked = maskOrderBuyer(ORDER);
    expect(masked).toMatchObject({
      buyerName: 'Bruno d. L.',
      buyerDocument: '529.***.***-25',
      buyerEmail: 'b***@g***.com',
      buyerPhone: '(11) *****-**21',
      addressStreet: '***',
      addressNumber: '***',
      addressNeighborhood: '***',
      addressZip: '01310***',
      addressCity: 'São Paulo',
      addressState: 'SP',
      deliveryStreet: '***',
      deliveryComplement: null,
      deliveryCity: 'Manaus',
      deliveryState: 'AM',
      buyerNote: '***',
      totalCents: 5000,
    });
    expect(JSON.stringify(masked)).not.toMatch(/Paulista|Moreira|52998224725|bruno\.lima|apto|98765|porteiro/);
    expect(maskOrderBuyer({ ...ORDER, buyerPhone: null }).buyerPhone).toBeNull();
  });

  it('is the same mask as the sandbox’s payer mask', () => {
    const payer = maskPayer({ name: ORDER.buyerName, document: ORDER.buyerDocument, street: 'Avenida Paulista', city: 'São Paulo', state: 'SP', zip: '01310100' });
    const order = maskOrderBuyer(ORDER);
    expect([payer.name, payer.document, payer.street, payer.zip]).toEqual([order.buyerName, order.buyerDocument, order.addressStreet, order.addressZip]);
  });

  it('a masked value is shown as it is, never formatted or masked again', () => {
    expect(formatDocument('529.***.***-25')).toBe('529.***.***-25');
    expect(maskDocument('529.***.***-25')).toBe('529.***.***-25');
    expect(maskOrderBuyer(maskOrderBuyer(ORDER)).buyerDocument).toBe('529.***.***-25');
  });

  it('masks the buyer’s phone inside a text, formatted, national or international', () => {
    const out = maskBuyerIn('WhatsApp (11) 98765-4321, wa.me/5511987654321, 11987654321', ORDER);
    expect(out).toBe('WhatsApp (11) *****-**21, wa.me/(11) *****-**21, (11) *****-**21');
  });

  it('masks the buyer inside a message written about them, HTML-escaped forms too', () => {
    const text = 'Olá, Bruno de Lima! CPF 529.982.247-25 (52998224725), bruno.lima@gmail.com, entrega em Rua Guilherme Moreira, 12 — Manaus/AM. Pix: 000201…';
    const out = maskBuyerIn(text, ORDER);
    expect(out).toBe('Olá, Bruno d. L.! CPF 529.***.***-25 (529.***.***-25), b***@g***.com, entrega em *** — Manaus/AM. Pix: 000201…');
    const html = maskBuyerIn('<p>Olá, Ana D&#39;Ávila</p>', { buyerName: "Ana D'Ávila" });
    expect(html).toBe('<p>Olá, Ana D.</p>');
  });
});
