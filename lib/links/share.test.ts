import { describe, expect, it } from 'vitest';
import { whatsAppUrl } from '@balcao/br/phone';
import { amountText, linkUrl, whatsappMessage } from './share';

describe('sharing a link', () => {
  it('builds the public address from APP_URL', () => {
    expect(linkUrl('https://loja.com.br/', 'aB3dE5gH7jK9')).toBe('https://loja.com.br/pagar/aB3dE5gH7jK9');
    expect(linkUrl('http://localhost:3000', 'aB3dE5gH7jK9')).toBe('http://localhost:3000/pagar/aB3dE5gH7jK9');
  });
  it('says the amount, or the minimum of an open amount', () => {
    expect(amountText({ amountCents: 15000, minAmountCents: null })).toBe('R$ 150,00');
    expect(amountText({ amountCents: null, minAmountCents: 2000 })).toBe('A partir de R$ 20,00');
  });
  it('writes a ready Portuguese message, URL-encoded for wa.me', () => {
    const url = 'https://loja.com.br/pagar/aB3dE5gH7jK9';
    const message = whatsappMessage({ title: 'Bolo & café', amountCents: 15000, minAmountCents: null, methods: 'pix' }, url);
    expect(message).toBe('Olá! Segue o link para pagar “Bolo & café” (R$ 150,00) por Pix: https://loja.com.br/pagar/aB3dE5gH7jK9');
    const href = whatsAppUrl(null, message);
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(href).not.toMatch(/[ “”&]/); // spaces, quotes and the & of the title are all encoded
    expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toBe(message);
    expect(new URL(href).searchParams.get('text')).toBe(message);
    expect(whatsappMessage({ title: 'Doação', amountCents: null, minAmountCents: 500, methods: 'both' }, url)).toBe(`Olá! Segue o link para pagar “Doação” por Pix ou boleto: ${url}`);
  });
});
