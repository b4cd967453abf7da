import { describe, expect, it } from 'vitest';
import { EMAIL_SHOP, emailOrder } from '@/test/email/email-data';
import { renderEmail, type EmailData } from './index';

const sub = (notice: string): NonNullable<EmailData['subscription']> => ({
  notice,
  url: 'https://loja.example.com.br/assinaturas/tok_sub',
  productName: 'Clube do café',
  nextChargeDate: '2027-02-28',
  amountCents: 5990,
  newAmountCents: 6490,
});

function data(kind: EmailData['kind'], notice: string, method: 'pix' | 'boleto' = 'pix'): EmailData {
  return {
    kind,
    shop: EMAIL_SHOP,
    order: emailOrder({ method }),
    payment: { pixCode: method === 'pix' ? '00020126PIXCODE' : null, pixQrPng: null, digitableLine: method === 'boleto' ? '00190000090000000000000000000000000000000000000' : null, pdfUrl: null, dueDate: '2027-02-28', payableUntil: '2027-03-01', refundedAt: null },
    subscription: sub(notice),
  };
}

describe('subscription e-mails', () => {
  it('a later cycle’s instructions are "Sua assinatura: pague a próxima entrega", with the code, "Pagar" and the subscriber’s page', () => {
    const e = renderEmail(data('instructions', 'cycle'));
    expect(e.subject).toBe('Sua assinatura: pague a próxima entrega');
    expect(e.html).toContain('00020126PIXCODE');
    expect(e.html).toContain('>Pagar<');
    expect(e.text).toContain('https://loja.example.com.br/assinaturas/tok_sub');
    const boleto = renderEmail(data('instructions', 'cycle', 'boleto'));
    expect(boleto.text).toContain('Linha digitável');
  });

  it('the notices say what changed, suspension says how to resume, and a price change names both prices and the date', () => {
    expect(renderEmail(data('subscription', 'suspended')).text).toContain('Retomar');
    const price = renderEmail(data('subscription', 'price_change'));
    expect(price.subject).toBe('O preço da sua assinatura vai mudar');
    expect(price.text).toMatch(/R\$\s59,90.*R\$\s64,90.*28\/02\/2027/s);
    expect(renderEmail(data('subscription', 'canceled')).subject).toBe('Sua assinatura foi cancelada');
  });
});
