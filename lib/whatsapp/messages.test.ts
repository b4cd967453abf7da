/** Filling the templates: money and dates as a Brazilian reads them, one line per parameter, no buyer text. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_TEMPLATES, fill, variableCount } from '@balcao/whatsapp-sandbox';
import { buildCartReminder, buildReviewRequest, buildTemplate, isOptOut, param, TEMPLATES, type MessageData } from './messages';

const base: MessageData = {
  shopName: 'Café do Ponto',
  orderLabel: '#1042',
  orderToken: 'tok123',
  method: 'pix',
  totalCents: 123456,
  pixCode: '000201PIXCODE6304ABCD',
  payableUntil: '2026-03-11',
  digitableLine: null,
  dueDate: null,
  trackingCode: null,
  trackingUrl: null,
  hasInvoice: false,
};
const texts = (b: ReturnType<typeof buildTemplate>) => (b.ok ? b.template.components.flatMap((c) => c.parameters.map((p) => p.text)) : []);

describe('template filling', () => {
  it('Pix: order, shop, "R$ 1.234,56", the São Paulo date, the code; the button opens the order', () => {
    expect(texts(buildTemplate('instructions', base))).toEqual(['#1042', 'Café do Ponto', 'R$ 1.234,56', '11/03/2026', '000201PIXCODE6304ABCD', 'tok123']);
  });

  it('boleto: the line and its due date; a Pix without its code or a boleto without its line is not sent', () => {
    const boleto = { ...base, method: 'boleto' as const, pixCode: null, digitableLine: '23793.38128 60000.000003 00000.000400 1 84340000012345', dueDate: '2026-03-15' };
    const b = buildTemplate('instructions', boleto);
    expect(b.ok && b.template.name).toBe(TEMPLATES.boleto);
    expect(texts(b)).toContain('15/03/2026');
    expect(buildTemplate('instructions', { ...base, pixCode: null })).toEqual({ ok: false, reason: 'o Pix ainda não tem código' });
    expect(buildTemplate('instructions', { ...boleto, digitableLine: null }).ok).toBe(false);
  });

  it('paid: amount first; shipped: the tracking code and link', () => {
    expect(texts(buildTemplate('paid', { ...base, totalCents: 5 }))).toEqual(['R$ 0,05', '#1042', 'Café do Ponto', 'tok123']);
    const shipped = buildTemplate('shipped', { ...base, trackingCode: 'AA123456785BR', trackingUrl: 'https://rastreamento.correios.com.br/app/index.php?objetos=AA123456785BR' });
    expect(texts(shipped)).toEqual(['#1042', 'Café do Ponto', 'AA123456785BR', 'https://rastreamento.correios.com.br/app/index.php?objetos=AA123456785BR']);
    expect(buildTemplate('shipped', base).ok).toBe(false);
  });

  it('shipped with an authorised NF-e: the same body, and "Nota fiscal" opening the DANFE through the shop by the order\'s token', () => {
    const b = buildTemplate('shipped', { ...base, trackingCode: 'AA123456785BR', trackingUrl: 'https://x', hasInvoice: true });
    expect(b.ok && b.template.name).toBe(TEMPLATES.shippedWithInvoice);
    expect(texts(b)).toEqual(['#1042', 'Café do Ponto', 'AA123456785BR', 'https://x', 'tok123']);
    const t = DEFAULT_TEMPLATES.find((d) => d.name === TEMPLATES.shippedWithInvoice)!;
    expect(t.buttons).toEqual([{ type: 'URL', text: 'Nota fiscal', url: 'https://balcao.invalid/orders/{{1}}/nota-fiscal' }]);
  });

  it('the Pix code goes whole or not at all: never cut to the parameter limit, never reflowed', () => {
    const long = `00020101021226${'9'.repeat(300)}6304ABCD`;
    expect(texts(buildTemplate('instructions', { ...base, pixCode: long }))).toContain(long);
    expect(buildTemplate('instructions', { ...base, pixCode: 'x'.repeat(600) })).toEqual({ ok: false, reason: 'o código Pix não cabe numa mensagem de WhatsApp' });
    expect(buildTemplate('instructions', { ...base, pixCode: 'ab\ncd' }).ok).toBe(false);
  });

  it('a parameter is one line with no run of spaces (Meta refuses them) and bounded', () => {
    expect(param('Loja\n\nda   Ana\t').text).toBe('Loja da Ana');
    expect(param('x'.repeat(500)).text).toHaveLength(200);
    expect(param('  ').text).toBe('-');
  });

  it('each template the app sends exists in the sandbox with as many variables as the app fills', () => {
    const cases = [
      buildTemplate('instructions', base),
      buildTemplate('instructions', { ...base, method: 'boleto', digitableLine: '1', dueDate: '2026-03-15' }),
      buildTemplate('paid', base),
      buildTemplate('shipped', { ...base, trackingCode: 'AA123456785BR', trackingUrl: 'https://x' }),
      buildTemplate('shipped', { ...base, trackingCode: 'AA123456785BR', trackingUrl: 'https://x', hasInvoice: true }),
      buildCartReminder({ shopName: 'Loja', totalCents: 100, resumeToken: 'r' }),
      buildReviewRequest({ shopName: 'Loja', orderLabel: '#1042', reviewToken: 'r' }),
    ];
    for (const b of cases) {
      if (!b.ok) throw new Error(b.reason);
      const t = DEFAULT_TEMPLATES.find((d) => d.name === b.template.name)!;
      expect(t, b.template.name).toBeTruthy();
      const body = b.template.components.find((c) => c.type === 'body')!;
      expect(body.parameters).toHaveLength(variableCount(t.body));
      expect(fill(t.body, body.parameters.map((p) => p.text))).not.toMatch(/\{\{\d+\}\}/);
    }
  });

  it('"SAIR" and "PARAR" opt out, in any case and with punctuation; other words do not', () => {
    for (const w of ['SAIR', 'sair', ' Sair! ', 'PARAR', 'parar.']) expect(isOptOut(w), w).toBe(true);
    for (const w of ['sair daqui', 'oi', 'PARA', '']) expect(isOptOut(w), w).toBe(false);
  });
});
