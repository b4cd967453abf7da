import { describe, expect, it } from 'vitest';
import { parseShopIdentityForm } from './identity-form';

const form = (o: Record<string, string>) => ({ get: (k: string) => o[k] ?? null });

const full = {
  name: ' Torrefação  do Zé ',
  description: 'Cafés torrados na semana.',
  color: '#0B6E4F',
  legalName: 'Zé Cafés LTDA',
  document: '11.222.333/0001-81',
  addressZip: '01304-001',
  addressStreet: 'Rua Augusta',
  addressNumber: '1500',
  addressComplement: '',
  addressNeighborhood: 'Consolação',
  addressCity: 'São Paulo',
  addressState: 'SP',
  contactEmail: 'contato@ze.com.br',
  whatsapp: '+55 (11) 98765-4321',
  pickupHours: 'Seg. a sex., 9h às 18h',
};

describe('parseShopIdentityForm', () => {
  it('stores digits for CNPJ, CEP and WhatsApp, a normalised colour and trimmed text', () => {
    const r = parseShopIdentityForm(form(full));
    expect(r).toMatchObject({
      ok: true,
      removeLogo: false,
      value: { name: 'Torrefação do Zé', color: '#0b6e4f', document: '11222333000181', addressZip: '01304001', whatsapp: '11987654321', addressState: 'SP' },
    });
  });

  it('needs only the name; everything else may come later', () => {
    expect(parseShopIdentityForm(form({ name: 'Loja da Ana' }))).toMatchObject({ ok: true, value: { name: 'Loja da Ana', document: '', color: '' } });
    expect(parseShopIdentityForm(form({ name: '  ' }))).toMatchObject({ ok: false, fieldErrors: { name: 'Informe o nome da loja.' } });
  });

  it('refuses a low-contrast colour, a bad CNPJ, CEP, UF, e-mail and WhatsApp, each on its field, keeping what was typed', () => {
    const r = parseShopIdentityForm(
      form({ ...full, color: '#ffcc00', document: '11.222.333/0001-82', addressZip: '0130', addressState: 'XX', contactEmail: 'contato@', whatsapp: '9876' }),
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.fieldErrors.color).toMatch(/^Contraste insuficiente: 1,\d:1/);
    expect(r.fieldErrors).toMatchObject({
      document: 'CPF ou CNPJ inválido: confira os dígitos.',
      addressZip: 'O CEP tem 8 dígitos.',
      addressState: 'Escolha o estado.',
      contactEmail: 'Informe um e-mail válido, como contato@sualoja.com.br.',
      whatsapp: 'Informe o número com DDD, como (11) 98765-4321.',
    });
    expect(r.values.color).toBe('#ffcc00');
    expect(r.values.name).toBe(full.name);
  });

  it('refuses a name that would break the e-mail sender', () => {
    expect(parseShopIdentityForm(form({ name: 'Loja "X" <a@b>' }))).toMatchObject({ ok: false, fieldErrors: { name: 'Não use aspas, < > ou barras no nome.' } });
  });

  it('reads "Remover logo"', () => {
    expect(parseShopIdentityForm(form({ name: 'A', removeLogo: 'on' }))).toMatchObject({ ok: true, removeLogo: true });
  });
});
