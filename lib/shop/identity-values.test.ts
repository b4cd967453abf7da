import { describe, expect, it } from 'vitest';
import { EMPTY_IDENTITY, formatShopAddress, formatShopDocument, formatWhatsapp, identityChecklist, isIdentityComplete, type ShopIdentity } from './identity-values';

const complete: ShopIdentity = {
  ...EMPTY_IDENTITY,
  name: 'Café da Esquina',
  legalName: 'Café da Esquina LTDA',
  document: '11222333000181',
  address: { zip: '01304001', street: 'Rua Augusta', number: '1500', complement: '', neighborhood: 'Consolação', city: 'São Paulo', state: 'SP' },
  contactEmail: 'contato@cafe.com.br',
  configured: true,
};

describe('shop identity values', () => {
  it('a shop never set up is called "Loja" and has everything left to do', () => {
    expect(EMPTY_IDENTITY.name).toBe('Loja');
    expect(identityChecklist(EMPTY_IDENTITY).every((i) => !i.done)).toBe(true);
    expect(isIdentityComplete(complete)).toBe(true);
    expect(identityChecklist({ ...complete, address: { ...complete.address, number: '' } }).find((i) => i.key === 'address')?.done).toBe(false);
  });

  it('formats the legal identity for the footer', () => {
    expect(formatShopDocument('11222333000181')).toBe('CNPJ 11.222.333/0001-81');
    expect(formatShopDocument('52998224725')).toBe('CPF 529.982.247-25');
    expect(formatShopAddress(complete.address)).toBe('Rua Augusta, 1500 — Consolação, São Paulo/SP, CEP 01304-001');
    expect(formatShopAddress(EMPTY_IDENTITY.address)).toBe('');
    expect(formatWhatsapp('11987654321')).toBe('(11) 98765-4321');
  });
});
