import { describe, expect, it } from 'vitest';
import { maskOrderBuyer } from '@balcao/br/personal-data';
import { buyerWhatsAppMessage, buyerWhatsAppUrl } from './whatsapp';

const ORDER = { id: '3f2a9c1d-0000-4000-8000-000000000000', number: 1234, buyerPhone: '11987654321' };

describe('the buyer’s WhatsApp link', () => {
  it('opens a chat with the buyer’s number (country code added) and the order named', () => {
    const url = buyerWhatsAppUrl(ORDER, 'Café & Cia');
    expect(url).toBe(`https://wa.me/5511987654321?text=${encodeURIComponent('Olá! Sobre o seu pedido nº 1234 na Café & Cia: ')}`);
    expect(new URL(url!).searchParams.get('text')).toBe('Olá! Sobre o seu pedido nº 1234 na Café & Cia: ');
  });

  it('names an order without a number by its short id, and a shop without a name not at all', () => {
    expect(buyerWhatsAppMessage({ ...ORDER, number: null }, '  ')).toBe('Olá! Sobre o seu pedido #3F2A9C1D: ');
  });

  it('makes no link without a phone, or from a masked one', () => {
    expect(buyerWhatsAppUrl({ ...ORDER, buyerPhone: null }, 'Loja')).toBeNull();
    expect(buyerWhatsAppUrl(maskOrderBuyer(ORDER), 'Loja')).toBeNull();
  });
});
