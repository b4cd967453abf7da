import { getAreaCodesByState, isValidMobilePhone } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { checkMobile, DDDS, e164Of, formatMobile, isDdd, maskMobile, mobileMessages, nationalDigitsOf, whatsAppUrl } from './phone';
import { UFS } from './uf';

describe('DDDS', () => {
  it("is exactly @brazilian-utils' area codes of the 27 UFs (67 codes)", () => {
    const theirs = new Set(UFS.flatMap(([uf]) => getAreaCodesByState(uf).map(String)));
    expect([...theirs].sort()).toEqual([...DDDS].sort());
    expect(new Set(DDDS).size).toBe(67);
  });

  it('has no code starting with 0 and none of the unassigned ones', () => {
    for (const code of ['00', '01', '10', '20', '23', '25', '26', '29', '30', '36', '39', '40', '50', '52', '56', '57', '58', '59', '60', '70', '72', '76', '78', '80', '90']) {
      expect(isDdd(code), code).toBe(false);
    }
  });
});

describe('nationalDigitsOf', () => {
  it.each([
    ['(11) 98765-4321', '11987654321'],
    ['11 98765 4321', '11987654321'],
    ['11.98765.4321', '11987654321'],
    ['+55 (11) 98765-4321', '11987654321'],
    ['+5511987654321', '11987654321'],
    ['5511987654321', '11987654321'],
    ['55 11 98765-4321', '11987654321'],
    ['0055 11 98765-4321', '11987654321'],
    ['011 98765-4321', '11987654321'],
    // DDD 55 (Santa Maria, RS) is not a country code.
    ['(55) 98765-4321', '55987654321'],
    ['55987654321', '55987654321'],
    ['+55 (55) 98765-4321', '55987654321'],
    ['559876543211', '559876543211'],
  ])('%s → %s', (raw, digits) => {
    expect(nationalDigitsOf(raw)).toBe(digits);
  });
});

describe('checkMobile', () => {
  it('accepts a mobile with or without the country code and punctuation, as 11 national digits', () => {
    for (const raw of ['(11) 98765-4321', '11987654321', '+55 11 98765-4321', '5511987654321', ' 011 98765-4321 ', '+55 (11) 9 8765-4321']) {
      expect(checkMobile(raw), raw).toEqual({ ok: true, digits: '11987654321' });
    }
    expect(checkMobile('(55) 99123-4567')).toEqual({ ok: true, digits: '55991234567' });
    expect(checkMobile('(99) 98888-7777')).toEqual({ ok: true, digits: '99988887777' });
  });

  it('says why a number is refused', () => {
    expect(checkMobile('')).toEqual({ ok: false, reason: 'empty' });
    expect(checkMobile('   ')).toEqual({ ok: false, reason: 'empty' });
    expect(checkMobile('98765-4321')).toEqual({ ok: false, reason: 'length' });
    expect(checkMobile('(11) 98765-43210')).toEqual({ ok: false, reason: 'length' });
    expect(checkMobile('11 9876-abcd')).toEqual({ ok: false, reason: 'length' });
    expect(checkMobile('(20) 98765-4321')).toEqual({ ok: false, reason: 'ddd' });
    expect(checkMobile('(01) 98765-4321')).toEqual({ ok: false, reason: 'ddd' });
    // A landline, or a mobile typed without its ninth digit: WhatsApp needs the mobile.
    expect(checkMobile('(11) 3456-7890')).toEqual({ ok: false, reason: 'not-mobile' });
    expect(checkMobile('(11) 8765-4321')).toEqual({ ok: false, reason: 'not-mobile' });
    expect(checkMobile('(11) 88765-4321')).toEqual({ ok: false, reason: 'not-mobile' });
  });

  it('agrees with @brazilian-utils on what it accepts (which also takes 7 and 8 after the DDD)', () => {
    for (const raw of ['11987654321', '+55 21 99876-5432', '(68) 99999-0000', '(20) 98765-4321', '(11) 3456-7890']) {
      if (checkMobile(raw).ok) expect(isValidMobilePhone(raw, { version: 2 }), raw).toBe(true);
    }
  });

  it('has a message for every refusal, naming the example', () => {
    expect(mobileMessages.empty).toBe('Informe o celular (WhatsApp).');
    expect(mobileMessages.length).toBe('Informe um celular com DDD, como (11) 98765-4321.');
    for (const m of [mobileMessages.ddd, mobileMessages['not-mobile']]) expect(m).toContain('(11) 98765-4321');
  });
});

describe('formats', () => {
  it('shows, links and masks a stored number', () => {
    expect(formatMobile('11987654321')).toBe('(11) 98765-4321');
    expect(formatMobile('(11) *****-**21')).toBe('(11) *****-**21');
    expect(e164Of('11987654321')).toBe('+5511987654321');
    expect(whatsAppUrl('11987654321')).toBe('https://wa.me/5511987654321');
    expect(whatsAppUrl(null, 'Olá! “Bolo & café”: https://loja.com.br/pagar/aB3')).toBe('https://wa.me/?text=Ol%C3%A1!%20%E2%80%9CBolo%20%26%20caf%C3%A9%E2%80%9D%3A%20https%3A%2F%2Floja.com.br%2Fpagar%2FaB3');
    expect(whatsAppUrl('11987654321', 'Olá! Pedido nº 1001 & já?')).toBe('https://wa.me/5511987654321?text=Ol%C3%A1!%20Pedido%20n%C2%BA%201001%20%26%20j%C3%A1%3F');
    expect(maskMobile('11987654321')).toBe('(11) *****-**21');
    expect(maskMobile(maskMobile('11987654321'))).toBe('(11) *****-**21');
  });
});
