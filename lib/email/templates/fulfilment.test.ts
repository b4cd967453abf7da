import { describe, expect, it } from 'vitest';
import type { EmailKind } from '@/db/schema';
import { renderEmail, type EmailData } from '.';
import { EMAIL_APP_URL, EMAIL_SHOP, emailOrder } from '@/test/email/email-data';

const APP = EMAIL_APP_URL;

function data(kind: EmailKind, delivery: Partial<NonNullable<EmailData['delivery']>> = {}): EmailData {
  return {
    kind,
    shop: EMAIL_SHOP,
    order: emailOrder({ status: 'paid' }),
    payment: { pixCode: null, pixQrPng: null, digitableLine: null, pdfUrl: null, dueDate: null, payableUntil: null, refundedAt: null },
    delivery: {
      carrier: 'Correios',
      trackingCode: 'AB123456785BR',
      trackingUrl: 'https://rastreamento.correios.com.br/app/index.php?objetos=AB123456785BR',
      addressLines: ['Avenida Paulista, 1000', 'Bela Vista, São Paulo/SP', 'CEP 01310-100'],
      pickupAddress: null,
      ...delivery,
    },
    merchant: { buyerEmail: 'maria@example.com', dashboardUrl: `${APP}/dashboard/orders/3f2a9c1d`, latePayment: false },
  };
}

describe('fulfilment e-mails to the shopper', () => {
  it('"Seu pedido foi enviado": carrier, code, "Acompanhar entrega" and the address, escaped', () => {
    const m = renderEmail(data('shipped'));
    expect(m.subject).toBe('Seu pedido foi enviado: pedido #1042');
    expect(m.html).toContain('AB123456785BR');
    expect(m.html).toContain('href="https://rastreamento.correios.com.br/app/index.php?objetos=AB123456785BR"');
    expect(m.html).toContain('Acompanhar entrega');
    expect(m.html).toContain('Avenida Paulista, 1000');
    expect(m.html).not.toContain('<b>da</b>');
    expect(m.text).toContain('Código de rastreio: AB123456785BR');
    expect(m.text).toContain('Acompanhar entrega: https://rastreamento.correios.com.br');
  });

  it('"Seu pedido foi enviado" carries "Nota fiscal" with the DANFE served by the shop, when the NF-e is authorised', () => {
    const danfeUrl = `${APP}/orders/tok_abc/nota-fiscal`;
    const m = renderEmail({ ...data('shipped'), invoice: { danfeUrl } });
    expect(m.html).toContain('Nota fiscal');
    expect(m.html).toContain(`href="${danfeUrl}"`);
    expect(m.text).toContain(`Nota fiscal: ${danfeUrl}`);
    expect(renderEmail(data('shipped')).text).not.toContain('Nota fiscal');
  });

  it('a carrier link that is not a web address is left out', () => {
    const m = renderEmail(data('shipped', { carrier: 'Motoboy', trackingCode: '12', trackingUrl: 'javascript:alert(1)' }));
    expect(m.html).not.toContain('javascript:');
    expect(m.html).not.toContain('Acompanhar entrega');
  });

  it('"Pronto para retirada" names where; "Pedido entregue" thanks', () => {
    const ready = renderEmail(data('ready_for_pickup', { pickupAddress: 'Rua Augusta, 1500 — seg. a sex., 9h às 18h', addressLines: null }));
    expect(ready.subject).toBe('Pronto para retirada: pedido #1042');
    expect(ready.text).toContain('Endereço: Rua Augusta, 1500 — seg. a sex., 9h às 18h');
    expect(renderEmail(data('delivered')).subject).toBe('Pedido entregue: pedido #1042');
  });
});

describe("the merchant's alerts", () => {
  it('"Nova venda": items, total, buyer and the delivery address, with a link to the order', () => {
    const m = renderEmail(data('new_sale'));
    expect(m.subject).toBe('Nova venda: #1042 · R$ 79,80');
    expect(m.text).toContain('2 × Café & Cia 250 g: R$ 79,80');
    expect(m.text).toContain('Total: R$ 79,80');
    expect(m.text).toContain('Avenida Paulista, 1000\nBela Vista, São Paulo/SP\nCEP 01310-100');
    expect(m.text).toContain('maria@example.com');
    expect(m.html).toContain(`${APP}/dashboard/orders/3f2a9c1d`);
    expect(m.html).not.toContain('porque fez um pedido');
  });

  it('"Nova venda" carries the buyer’s "Observações para a loja", escaped in the HTML', () => {
    const base = data('new_sale');
    const m = renderEmail({ ...base, merchant: { ...base.merchant!, buyerNote: 'Embrulhar <b>para presente</b>\nObrigada' } });
    expect(m.text).toContain('Observações para a loja:\nEmbrulhar <b>para presente</b>\nObrigada');
    expect(m.html).toContain('Embrulhar &lt;b&gt;para presente&lt;/b&gt;<br>Obrigada');
    expect(renderEmail(base).text).not.toContain('Observações');
  });

  it('"Pagamento atrasado" says the order had expired or been canceled', () => {
    const m = renderEmail(data('late_payment'));
    expect(m.subject).toBe('Pagamento atrasado: #1042 · R$ 79,80');
    expect(m.text).toContain('já tinha expirado ou sido cancelado');
  });
});
