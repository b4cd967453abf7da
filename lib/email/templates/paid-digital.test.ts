import { describe, expect, it } from 'vitest';
import { HIDDEN_LINK, withoutCapabilityLinks } from '../catcher';
import { renderEmail, type EmailData } from '.';

const APP = 'https://loja.example.com.br';
const LINK = `${APP}/d/42.0.1796000000.${'a'.repeat(43)}`;

const paid = (digital?: EmailData['digital']): EmailData => ({
  kind: 'paid',
  shop: { name: 'Café da Esquina', appUrl: APP },
  order: {
    id: 'o1',
    number: 1001,
    token: 'tok_abcdefghijklmnopqrstuvwxyz012345',
    status: 'paid',
    method: 'pix',
    buyerName: 'Ana Leitora',
    createdAt: '2026-03-01T12:00:00.000Z',
    paidAt: '2026-03-01T12:05:00.000Z',
    money: { items: [{ name: 'E-book: Guia do café coado', quantity: 1, unitPriceCents: 1990, lineTotalCents: 1990 }], adjustments: [], totalCents: 1990, refundedCents: 0 },
  },
  payment: { pixCode: null, pixQrPng: null, digitableLine: null, pdfUrl: null, dueDate: null, payableUntil: null, refundedAt: null },
  digital,
});

describe('the paid e-mail of a digital product', () => {
  it('carries "Baixar" with the signed link, in the HTML and the text', () => {
    const m = renderEmail(paid([{ name: 'E-book: Guia do café coado', action: 'Baixar', href: LINK }]));
    expect(m.html).toContain(`href="${LINK}"`);
    expect(m.html).toContain('>Baixar</a>');
    expect(m.html).toContain('Seu produto digital já está liberado');
    expect(m.text).toContain(`Baixar: ${LINK}`);
    expect(m.text).toContain('7 dias e 5 acessos');
  });

  it('says nothing of it without digital lines', () => {
    const m = renderEmail(paid());
    expect(m.html).not.toContain('produto digital');
    expect(m.text).not.toContain('/d/');
  });

  it("a masked reader of the mail catcher (the demo account) never gets the buyer's link", () => {
    const m = renderEmail(paid([{ name: 'E-book', action: 'Baixar', href: LINK }]));
    const masked = withoutCapabilityLinks(m.html, 'tok_abcdefghijklmnopqrstuvwxyz012345');
    expect(masked).not.toContain('/d/42.');
    expect(masked).toContain(HIDDEN_LINK);
    expect(withoutCapabilityLinks(m.text, null)).not.toContain('/d/42.');
  });
});
