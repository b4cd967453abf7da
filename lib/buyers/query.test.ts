import { describe, expect, it } from 'vitest';
import { buyerQueryText, parseBuyerQuery } from './query';

describe('parseBuyerQuery', () => {
  it('reads a CPF masked or bare as its digits', () => {
    expect(parseBuyerQuery('529.982.247-25')).toEqual({ ok: true, query: { kind: 'document', document: '52998224725' } });
    expect(parseBuyerQuery(' 52998224725 ')).toEqual({ ok: true, query: { kind: 'document', document: '52998224725' } });
  });

  it('reads a CNPJ', () => {
    expect(parseBuyerQuery('11.222.333/0001-81')).toEqual({ ok: true, query: { kind: 'document', document: '11222333000181' } });
  });

  it('reads an e-mail lower-cased, as orders store it', () => {
    expect(parseBuyerQuery('Ana@Exemplo.com.BR')).toEqual({ ok: true, query: { kind: 'email', email: 'ana@exemplo.com.br' } });
  });

  it('says why an input is refused, in Portuguese', () => {
    expect(parseBuyerQuery('')).toEqual({ ok: false, error: 'Informe o CPF, o CNPJ ou o e-mail do comprador.' });
    expect(parseBuyerQuery(undefined)).toMatchObject({ ok: false });
    expect(parseBuyerQuery('529.982.247-26')).toEqual({ ok: false, error: 'CPF ou CNPJ inválido: confira os dígitos.' });
    expect(parseBuyerQuery('1234')).toEqual({ ok: false, error: 'O CPF tem 11 dígitos e o CNPJ tem 14.' });
    expect(parseBuyerQuery('ana@')).toEqual({ ok: false, error: 'E-mail inválido: confira o endereço.' });
  });

  it('gives back the text the links carry', () => {
    const r = parseBuyerQuery('529.982.247-25');
    expect(r.ok && buyerQueryText(r.query)).toBe('52998224725');
  });
});
