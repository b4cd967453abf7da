import { describe, expect, it } from 'vitest';
import { containsPattern, ftsPhrase, planSearch, prefixUpperBound } from './order-search';

describe('planSearch', () => {
  it('reads a masked or bare CPF/CNPJ as a document prefix', () => {
    expect(planSearch('529.982.247-25')).toEqual({ documentPrefix: '52998224725' });
    expect(planSearch('12.345.678/0001-95')).toEqual({ documentPrefix: '12345678000195' });
    expect(planSearch('52998224725')).toMatchObject({ documentPrefix: '52998224725', idPrefix: '52998224725', tokenPrefix: '52998224725' });
  });
  it('reads "#" + hex as an order id prefix only', () => {
    expect(planSearch('#3F2A9C1B')).toEqual({ idPrefix: '3f2a9c1b' });
  });
  it('reads a pasted buyer link as a token', () => {
    expect(planSearch('https://loja.com.br/orders/AbC_dEf-123456789xyz')).toEqual({ tokenPrefix: 'AbC_dEf-123456789xyz' });
  });
  it('reads words as a buyer name, never with digits mixed in', () => {
    expect(planSearch('Maria Silva')).toEqual({ nameText: 'Maria Silva', namePattern: '%Maria Silva%' });
    expect(planSearch('joão')).toEqual({ nameText: 'joão', namePattern: '%joão%' });
    expect(planSearch('abcdef12')).toEqual({ idPrefix: 'abcdef12', tokenPrefix: 'abcdef12' });
    expect(planSearch('cafe')).toEqual({ idPrefix: 'cafe', nameText: 'cafe', namePattern: '%cafe%' });
  });
  it('escapes LIKE wildcards', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(planSearch('%')).toEqual({ nameText: '%', namePattern: '%\\%%' });
    expect(ftsPhrase('a "b" OR c')).toBe('"a ""b"" OR c"');
  });
  it('is null for blanks', () => {
    expect(planSearch('   ')).toBeNull();
    expect(planSearch('#')).toBeNull();
  });
  it('bounds a prefix range', () => {
    expect(prefixUpperBound('123')).toBe('124');
    expect(prefixUpperBound('ab9')).toBe('ab:');
  });
});
