import { describe, expect, it } from 'vitest';
import type { EmailKind } from '@/db/schema';
import { renderEmail, type EmailData } from '.';
import { EMAIL_APP_URL, EMAIL_SHOP, emailOrder } from '@/test/email/email-data';

const APP = EMAIL_APP_URL;

function data(kind: EmailKind, over: Partial<EmailData['order']> = {}, pay: Partial<EmailData['payment']> = {}): EmailData {
  return {
    kind,
    shop: EMAIL_SHOP,
    order: emailOrder(over),
    payment: {
      pixCode: '00020101021226...6304ABCD',
      pixQrPng: Buffer.from('png'),
      digitableLine: '00190000090123456789012345678901234567890123456',
      pdfUrl: `${APP}/boleto.pdf`,
      dueDate: '2026-03-04',
      payableUntil: '2026-03-03',
      refundedAt: '2026-03-05T10:00:00.000Z',
      ...pay,
    },
  };
}

const all: [string, EmailData][] = [
  ['pix instructions', data('instructions')],
  ['boleto instructions', data('instructions', { method: 'boleto' })],
  ['paid', data('paid', { status: 'paid' })],
  ['boleto reminder', data('reminder', { method: 'boleto' })],
  ['pix reminder', data('reminder')],
  ['refund', data('refunded', { status: 'refunded', money: { items: [], adjustments: [], totalCents: 7980, refundedCents: 7980 } })],
  ['expired', data('expired', { status: 'expired' })],
  ['canceled', data('canceled', { status: 'canceled' })],
];

describe('every e-mail kind renders', () => {
  it.each(all)('%s: subject, HTML and text in pt-BR, escaped, absolute links, the shop name', (_name, d) => {
    const m = renderEmail(d);
    expect(m.subject.length).toBeGreaterThan(10);
    for (const part of [m.subject, m.html, m.text]) expect(part).not.toMatch(/undefined|null|NaN|\[object/);
    expect(m.html).toContain('<html lang="pt-BR">');
    expect(m.html).toContain('Café do Zé');
    expect(m.html).not.toContain('<b>da</b>');
    expect(m.text).toContain('Olá, Maria!');
    for (const [, href] of m.html.matchAll(/href="([^"]+)"/g)) expect(href.startsWith(`${APP}/`)).toBe(true);
    expect(m.text).toContain(`${APP}/orders/tok_abcdefghijklmnopqrstuvwxyz012345`);
  });

  it('Pix instructions carry the code in both parts and the QR inline by cid', () => {
    const m = renderEmail(data('instructions'));
    expect(m.text).toContain('00020101021226...6304ABCD');
    expect(m.html).toContain('src="cid:pix-qr@balcao"');
    expect(m.attachments).toEqual([expect.objectContaining({ cid: 'pix-qr@balcao', contentType: 'image/png' })]);
    expect(m.html).toContain('Café &amp; Cia 250 g');
    expect(m.text).toContain('2 × Café & Cia 250 g: R$ 79,80');
  });

  it('boleto instructions: the formatted line, the due date and "Baixar boleto (PDF)"', () => {
    const m = renderEmail(data('instructions', { method: 'boleto' }));
    expect(m.text).toContain('00190.00009 01234.567890 12345.678901 2 34567890123456');
    expect(m.html).toContain('Baixar boleto (PDF)');
    expect(m.text).toContain('04/03/2026');
    expect(m.attachments).toEqual([]);
  });

  it("shows the coupon as its own line, from the order's money lines", async () => {
    const { orderMoneyLines } = await import('@/lib/orders/money-lines');
    const items = [{ name: 'Café', quantity: 2, unitPriceCents: 3990, lineTotalCents: 7980 }];
    const money = orderMoneyLines({ totalCents: 6980, refundedCents: 0, couponCode: 'VERAO10', couponDiscountCents: 1000 }, items);
    const m = renderEmail(data('instructions', { money }));
    expect(m.text).toContain('Cupom VERAO10');
    expect(m.html).toContain('Cupom VERAO10');
  });

  it('a partial refund says so, with the amount and when', () => {
    const m = renderEmail(data('refunded', { status: 'refunded', money: { items: [], adjustments: [], totalCents: 7980, refundedCents: 2000 } }));
    expect(m.subject).toBe('Reembolso parcial de R$ 20,00: pedido #1042');
    expect(m.text).toContain('Reembolsado em: 05/03/2026 07:00');
  });

  it('an expired Pix leads to "Gerar novo Pix"; an expired boleto and a canceled order offer "Comprar novamente"', () => {
    const pix = renderEmail(data('expired'));
    expect(pix.subject).toBe('Seu Pix expirou — gere um novo');
    expect(pix.html).toContain('Gerar novo Pix');
    expect(pix.text).toContain(`Gerar novo Pix: ${APP}/orders/tok_abcdefghijklmnopqrstuvwxyz012345`);
    expect(renderEmail(data('expired', { method: 'boleto' })).html).toContain('Comprar novamente');
    expect(renderEmail(data('canceled')).html).toContain('Comprar novamente');
    expect(renderEmail(data('canceled')).subject).toBe('Pedido #1042 cancelado');
  });
});

describe('the boleto reminder', () => {
  it('carries a "Pagar com Pix" link to the order page\'s switch', () => {
    const m = renderEmail(data('reminder', { method: 'boleto' }));
    expect(m.html).toContain(`href="${APP}/orders/tok_abcdefghijklmnopqrstuvwxyz012345#pagar-com-pix"`);
    expect(m.text).toContain(`Pagar com Pix: ${APP}/orders/tok_abcdefghijklmnopqrstuvwxyz012345#pagar-com-pix`);
  });
});

describe('the greeting carries no words of a stranger', () => {
  it('is the first name when it is a short run of letters, else just "Olá!"', () => {
    const greet = (buyerName: string) => renderEmail(data('instructions', { buyerName })).text.split('\n')[0];
    expect(greet('Maria da Silva')).toBe('Olá, Maria!');
    expect(greet('  Zoë   Ângela ')).toBe('Olá, Zoë!');
    // U+2800 (braille blank) is not \s: the whole "name" would have been the greeting.
    const spam = renderEmail(data('instructions', { buyerName: 'GANHE⠀R$500⠀em⠀pix-premio.example/ok' }));
    expect(spam.text.split('\n')[0]).toBe('Olá!');
    expect(spam.text).not.toContain('pix-premio');
    expect(spam.html).not.toContain('pix-premio');
    expect(greet('Ana-Maria Souza')).toBe('Olá!');
    expect(greet('A'.repeat(31))).toBe('Olá!');
    expect(greet('A'.repeat(30))).toBe(`Olá, ${'A'.repeat(30)}!`);
  });
});
