import { describe, expect, it } from 'vitest';
import { cartReminderEmail, type CartReminderData } from './cart-reminder';

const APP = 'https://loja.example.com.br';
const base: CartReminderData = {
  shopName: 'Café do Zé',
  path: 'cart',
  lines: [{ name: 'Caneca <esmaltada>', quantity: 2, lineTotalCents: 7980, imageUrl: `${APP}/images/caneca.webp` }],
  totalCents: 7980,
  coupon: null,
  restoreUrl: `${APP}/checkout/retomar/abc.0.1.sig`,
  unsubscribeUrl: `${APP}/lembretes/sair/abc.0.0.sig`,
};

describe('the abandoned-checkout reminder, by the path the shopper left', () => {
  it('a cart: the cart’s words, each line with its photo, the total, the button and the opt-out', () => {
    const m = cartReminderEmail({ ...base, coupon: 'VOLTA10' });
    expect(m.subject).toBe('Seu carrinho está esperando — Café do Zé');
    expect(m.html).toContain('Sua compra ficou pela metade');
    expect(m.html).toContain('Seus produtos ainda estão no carrinho: R$ 79,80');
    expect(m.html).toContain(`<img src="${APP}/images/caneca.webp"`);
    expect(m.html).toContain('alt="Caneca &lt;esmaltada&gt;"');
    expect(m.html).not.toContain('<esmaltada>');
    expect(m.html).toContain(`href="${base.restoreUrl}"`);
    expect(m.html).toContain('Finalizar minha compra');
    expect(m.html).toContain(`href="${base.unsubscribeUrl}"`);
    expect(m.html).toContain('Não quero receber lembretes');
    expect(m.html).toContain('<strong>VOLTA10</strong>');
    expect(m.text).toContain('Você deixou estes produtos no carrinho.');
    expect(m.text).toContain('2 × Caneca <esmaltada>: R$ 79,80');
    expect(m.text).toContain('Cupom: VOLTA10');
    expect(m.text).toContain(`Não quero receber lembretes: ${base.unsubscribeUrl}`);
  });

  it('a payment link: no cart anywhere, the link’s title and amount, its photo when it sells a product', () => {
    const m = cartReminderEmail({
      ...base,
      path: 'link',
      linkTitle: 'Aula de cerâmica',
      lines: [{ name: 'Aula de cerâmica', quantity: 1, lineTotalCents: 12000, imageUrl: `${APP}/images/aula.webp` }],
      totalCents: 12000,
    });
    expect(m.subject).toBe('Seu pagamento ficou pela metade — Café do Zé');
    expect(m.html).toContain('<h1 style="margin:0;font-size:22px;line-height:1.3;color:#1f2328">Seu pagamento ficou pela metade</h1>');
    expect(m.html).toContain('Aula de cerâmica: R$ 120,00');
    expect(m.text).toContain('Você começou o pagamento de “Aula de cerâmica” de R$ 120,00 e não o concluiu.');
    expect(m.html).toContain(`<img src="${APP}/images/aula.webp"`);
    expect(m.text).toContain('porque começou um pagamento em Café do Zé');
    expect(m.text).toContain('Finalizar minha compra');
    for (const s of [m.subject, m.html, m.text]) expect(s.toLowerCase()).not.toContain('carrinho');
  });

  it('a payment link whose buyer had not typed the amount yet: no "R$ 0,00" anywhere', () => {
    const m = cartReminderEmail({ ...base, path: 'link', linkTitle: 'Doação', lines: [{ name: 'Doação', quantity: 1, lineTotalCents: 0 }], totalCents: 0 });
    expect(m.text).toContain('Você começou o pagamento de “Doação” e não o concluiu.');
    expect(m.text).not.toContain('0,00');
    expect(m.html).not.toContain('0,00');
    // No photo on any line: no empty photo column either.
    expect(m.html).not.toContain('<img');
    expect(m.html).not.toContain('width="64"');
  });

  it('an API session: the purchase’s words, its lines with the photos they have', () => {
    const m = cartReminderEmail({
      ...base,
      path: 'session',
      lines: [
        { name: 'Mentoria', quantity: 2, lineTotalCents: 9980 },
        { name: 'Caneca', quantity: 1, lineTotalCents: 3990, imageUrl: `${APP}/images/caneca.webp` },
      ],
      totalCents: 13970,
    });
    expect(m.subject).toBe('Sua compra está esperando — Café do Zé');
    expect(m.text).toContain('Você começou esta compra e não a concluiu.');
    expect(m.text).toContain('2 × Mentoria: R$ 99,80');
    expect(m.text).toContain('Total: R$ 139,70');
    expect(m.html.match(/<img /g)).toHaveLength(1);
    for (const s of [m.subject, m.html, m.text]) expect(s.toLowerCase()).not.toContain('carrinho');
  });
});
