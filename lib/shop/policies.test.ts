import { describe, expect, it } from 'vitest';
import { EMPTY_IDENTITY } from './identity-values';
import { parseMarkdown } from './markdown';
import { defaultPolicy, parsePoliciesForm, POLICIES, POLICY_KEYS, POLICY_MAX } from './policies';

const shop = { ...EMPTY_IDENTITY, name: 'Café da Esquina', legalName: 'Café da Esquina LTDA', contactEmail: 'contato@cafe.com.br', whatsapp: '11987654321', configured: true };

describe('default policies', () => {
  it('returns: the 7 days of CDC art. 49 and how to ask, with the shop contact', () => {
    const text = defaultPolicy('trocas', shop);
    expect(text).toContain('**7 dias corridos**');
    expect(text).toContain('art. 49');
    expect(text).toContain('[contato@cafe.com.br](mailto:contato@cafe.com.br)');
  });

  it('privacy: which data, why, how long and who to ask (LGPD)', () => {
    const text = defaultPolicy('privacidade', shop);
    for (const part of ['Quais dados coletamos e por quê', 'Por quanto tempo', 'Seus direitos', 'Café da Esquina LTDA', 'LGPD']) expect(text).toContain(part);
  });

  it('privacy: the saved checkout the checkout’s notice links here for (what is kept, never the CPF, the reminders, the opt-out, the 30 days)', () => {
    const text = defaultPolicy('privacidade', shop);
    for (const part of ['compra começada e não concluída', 'nunca o CPF ou CNPJ', 'até 3 lembretes', '"Não quero receber lembretes"', 'apagados 30 dias depois']) expect(text).toContain(part);
  });

  it('every default parses to headings and paragraphs, and never names the product behind the shop', () => {
    for (const key of POLICY_KEYS) {
      const text = defaultPolicy(key, shop);
      expect(parseMarkdown(text)[0]).toMatchObject({ type: 'heading', level: 2 });
      expect(text).not.toMatch(/Balc[aã]o/);
    }
  });
});

describe('the policies form', () => {
  it('caps each policy at 20.000 characters, saying so in Portuguese next to the field and keeping the text typed', () => {
    const form = (returns: string) => new Map<string, string>([[POLICIES.trocas.field, returns], [POLICIES.privacidade.field, 'ok'], [POLICIES.termos.field, 'ok']]);
    expect(parsePoliciesForm(form('a'.repeat(POLICY_MAX)))).toMatchObject({ ok: true });
    const over = parsePoliciesForm(form('a'.repeat(POLICY_MAX + 1)));
    expect(over).toEqual({
      ok: false,
      fieldErrors: { [POLICIES.trocas.field]: 'Use no máximo 20.000 caracteres (este texto tem 20.001).' },
      values: { [POLICIES.trocas.field]: 'a'.repeat(POLICY_MAX + 1), [POLICIES.privacidade.field]: 'ok', [POLICIES.termos.field]: 'ok' },
    });
  });
});
