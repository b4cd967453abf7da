import { describe, expect, it } from 'vitest';
import { correiosTrackingUrl, parseTracking, s10CheckDigit } from './tracking';

describe('Correios codes (UPU S10)', () => {
  it('computes the check digit with weights 8 6 4 2 3 5 9 7, 10 → 0 and 11 → 5', () => {
    expect(s10CheckDigit('12345678')).toBe(5); // 204 mod 11 = 6 → 5
    expect(s10CheckDigit('00000000')).toBe(5); // 0 mod 11 → 11 → 5
    expect(s10CheckDigit('00000001')).toBe(4); // 7 → 11 − 7 = 4
    expect(s10CheckDigit('02000000')).toBe(0); // 2·6 = 12, 12 mod 11 = 1 → 10 → 0
  });

  it('accepts a valid code typed loosely and links to the Correios', () => {
    const r = parseTracking({ carrier: ' correios ', code: 'ab 123.456.785 br' });
    expect(r).toEqual({ ok: true, value: { carrier: 'Correios', code: 'AB123456785BR', url: correiosTrackingUrl('AB123456785BR') } });
    expect(correiosTrackingUrl('AB123456785BR')).toBe('https://rastreamento.correios.com.br/app/index.php?objetos=AB123456785BR');
  });

  it.each([
    ['AB123456784BR', 'dígito verificador'],
    ['AB12345678BR', '13 caracteres'],
    ['A1123456785BR', '13 caracteres'],
    ['AB123456785US', '13 caracteres'],
    ['', 'Informe o código'],
  ])('refuses %s', (code, message) => {
    const r = parseTracking({ carrier: 'Correios', code });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.fieldErrors.code).toContain(message);
  });
});

describe('other carriers', () => {
  it('take free text and fill the link template with the code', () => {
    const r = parseTracking({ carrier: 'Jadlog', code: '1234 5678', urlTemplate: 'https://www.jadlog.com.br/tracking?cte={codigo}' });
    expect(r).toEqual({ ok: true, value: { carrier: 'Jadlog', code: '1234 5678', url: 'https://www.jadlog.com.br/tracking?cte=1234%205678' } });
  });

  it('a link is optional', () => {
    expect(parseTracking({ carrier: 'Motoboy', code: 'entrega 12' })).toEqual({ ok: true, value: { carrier: 'Motoboy', code: 'entrega 12', url: null } });
  });

  it('refuses a link that is not a web address, and an empty carrier', () => {
    const r = parseTracking({ carrier: '', code: 'x', urlTemplate: 'javascript:alert(1)' });
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.fieldErrors.carrier).toBe('Informe a transportadora.');
      expect(r.fieldErrors.urlTemplate).toContain('https://');
    }
  });
});

describe('known carriers only (the public demo\'s shared login)', () => {
  it('refuses a link template and a carrier outside the list, each next to its field', () => {
    const r = parseTracking({ carrier: 'Acesse loja-falsa.example', code: '123', urlTemplate: 'https://loja-falsa.example/{codigo}' }, 'known');
    expect(r).toEqual({
      ok: false,
      fieldErrors: { carrier: 'Escolha uma das transportadoras da lista.', urlTemplate: 'Conta de demonstração: link de rastreio próprio não é permitido.' },
    });
  });

  it('takes a known carrier in any case, with its public tracking page (no link typed by the role)', () => {
    expect(parseTracking({ carrier: ' jadlog ', code: '1234' }, 'known')).toEqual({ ok: true, value: { carrier: 'Jadlog', code: '1234', url: 'https://www.melhorrastreio.com.br/rastreio/1234' } });
    expect(parseTracking({ carrier: 'Motoboy do bairro', code: '1234' }).ok && parseTracking({ carrier: 'Motoboy do bairro', code: '1234' })).toMatchObject({ value: { url: null } });
    expect(parseTracking({ carrier: 'Correios', code: 'AB123456785BR' }, 'known')).toEqual({
      ok: true,
      value: { carrier: 'Correios', code: 'AB123456785BR', url: correiosTrackingUrl('AB123456785BR') },
    });
  });

  it('anyone else still writes any carrier and link', () => {
    expect(parseTracking({ carrier: 'Motoboy do bairro', code: 'x', urlTemplate: 'https://m.example/{codigo}' }).ok).toBe(true);
  });
});
