import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { cepMask, documentMask, maskCepInput, maskDocumentInput, maskMoneyInput, maskPhoneInput, moneyMask, phoneMask, remask, type Mask } from './masks';

/** What the field shows after each keystroke, feeding back the masked value as a browser does. */
function typeInto(mask: (v: string) => string, keys: string): string[] {
  const shown: string[] = [];
  let value = '';
  for (const k of keys) {
    value = mask(value + k);
    shown.push(value);
  }
  return shown;
}

describe('maskDocumentInput', () => {
  it('grows a CPF one digit at a time', () => {
    expect(typeInto(maskDocumentInput, '52998224725')).toEqual([
      '5',
      '52',
      '529',
      '529.9',
      '529.98',
      '529.982',
      '529.982.2',
      '529.982.24',
      '529.982.247',
      '529.982.247-2',
      '529.982.247-25',
    ]);
  });

  it('switches to the CNPJ layout at the 12th digit and stops at 14', () => {
    expect(typeInto(maskDocumentInput, '11222333000181999')).toEqual([
      '1',
      '11',
      '112',
      '112.2',
      '112.22',
      '112.223',
      '112.223.3',
      '112.223.33',
      '112.223.330',
      '112.223.330-0',
      '112.223.330-00',
      '11.222.333/0001',
      '11.222.333/0001-8',
      '11.222.333/0001-81',
      '11.222.333/0001-81',
      '11.222.333/0001-81',
      '11.222.333/0001-81',
    ]);
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
  });

  it('formats pasted documents, masked or not, and drops letters and symbols', () => {
    expect(maskDocumentInput('52998224725')).toBe('529.982.247-25');
    expect(maskDocumentInput(' 529.982.247-25 ')).toBe('529.982.247-25');
    expect(maskDocumentInput('CPF: 529 982 247 25')).toBe('529.982.247-25');
    expect(maskDocumentInput('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskDocumentInput('11.222.333/0001-81')).toBe('11.222.333/0001-81');
    expect(maskDocumentInput('cnpj 11222333000181')).toBe('11.222.333/0001-81');
    expect(maskDocumentInput('!?')).toBe('');
    expect(maskDocumentInput('')).toBe('');
    expect(isValidCpf(maskDocumentInput('52998224725'))).toBe(true);
  });

  it('is idempotent, and deleting a character from a masked value re-masks cleanly', () => {
    for (const v of ['529.982.247-25', '11.222.333/0001-81', '529.9', '112.223.330-00']) expect(maskDocumentInput(v)).toBe(v);
    // Backspace over the hyphen of a CPF leaves "529.982.247" shown without a dangling separator.
    expect(maskDocumentInput('529.982.247-')).toBe('529.982.247');
    // Back from 12 digits to 11 returns to the CPF layout.
    expect(maskDocumentInput('11.222.333/0001'.slice(0, -1))).toBe('112.223.330-00');
  });
});

describe('maskCepInput', () => {
  it('grows one digit at a time, with the hyphen after the fifth', () => {
    expect(typeInto(maskCepInput, '013101009')).toEqual(['0', '01', '013', '0131', '01310', '01310-1', '01310-10', '01310-100', '01310-100']);
  });

  it('formats pasted CEPs and drops anything but digits', () => {
    expect(maskCepInput('01310100')).toBe('01310-100');
    expect(maskCepInput('01310-100')).toBe('01310-100');
    expect(maskCepInput('01.310-100')).toBe('01310-100');
    expect(maskCepInput('CEP 01310 100, SP')).toBe('01310-100');
    expect(maskCepInput('abc')).toBe('');
    expect(maskCepInput('01310-')).toBe('01310');
  });
});

describe('maskPhoneInput', () => {
  it('grows "(11) 98765-4321" one digit at a time, each value a prefix of the next', () => {
    expect(typeInto(maskPhoneInput, '119876543210')).toEqual([
      '(1',
      '(11',
      '(11) 9',
      '(11) 98',
      '(11) 987',
      '(11) 9876',
      '(11) 98765',
      '(11) 98765-4',
      '(11) 98765-43',
      '(11) 98765-432',
      '(11) 98765-4321',
      '(11) 98765-4321',
    ]);
  });

  it('formats a pasted number, with or without the country code or the trunk 0', () => {
    for (const raw of ['11987654321', '(11) 98765-4321', '+55 11 98765-4321', '+55 (11) 9 8765-4321', '5511987654321', '011 98765-4321', 'Tel.: 11 98765.4321']) {
      expect(maskPhoneInput(raw), raw).toBe('(11) 98765-4321');
    }
    // DDD 55 stays a DDD, and a digit too many after it is dropped, not read as a country code.
    expect(maskPhoneInput('55987654321')).toBe('(55) 98765-4321');
    expect(maskPhoneInput('(55) 98765-43211')).toBe('(55) 98765-4321');
    // A landline is shown as one (the server says why it is refused).
    expect(typeInto(maskPhoneInput, '1134567890')).toEqual(['(1', '(11', '(11) 3', '(11) 34', '(11) 345', '(11) 3456', '(11) 3456-7', '(11) 3456-78', '(11) 3456-789', '(11) 3456-7890']);
    expect(maskPhoneInput('(11) 3456-78901')).toBe('(11) 34567-8901');
    expect(maskPhoneInput('')).toBe('');
    expect(maskPhoneInput('abc')).toBe('');
  });
});

describe('maskDocumentInput with the alphanumeric CNPJ', () => {
  it('switches to the CNPJ layout at the first letter and uppercases', () => {
    expect(maskDocumentInput('12abc')).toBe('12.ABC');
    expect(maskDocumentInput('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
    expect(maskDocumentInput('12.abc.345/01de-35')).toBe('12.ABC.345/01DE-35');
    expect(isValidCnpj('12ABC34501DE35', { version: 2 })).toBe(true);
  });

  it('keeps the two check digits as digits and stops at 14 characters', () => {
    expect(maskDocumentInput('12ABC34501DEX')).toBe('12.ABC.345/01DE');
    expect(maskDocumentInput('12ABC34501DE35ZZ99')).toBe('12.ABC.345/01DE-35');
  });
});

describe('maskMoneyInput', () => {
  it('groups thousands and keeps the comma and up to two decimals', () => {
    expect(typeInto(maskMoneyInput, '1234,567')).toEqual(['1', '12', '123', '1.234', '1.234,', '1.234,5', '1.234,56', '1.234,56']);
    expect(maskMoneyInput('R$ 1.234,56')).toBe('1.234,56');
    expect(maskMoneyInput('1234.56')).toBe('1.234,56');
    expect(maskMoneyInput('12.5')).toBe('12,5');
    expect(maskMoneyInput('1.234.567')).toBe('1.234.567');
    expect(maskMoneyInput(',5')).toBe('0,5');
    expect(maskMoneyInput('007')).toBe('7');
    expect(maskMoneyInput('0,50')).toBe('0,50');
    expect(maskMoneyInput('abc')).toBe('');
  });
});

/** One edit on a masked field: the text with the caret marked "|" → the browser's raw edit → remask. */
function edit(mask: Mask, shown: string, action: { type: string } | { backspace: true } | { del: true } | { paste: string }): string {
  const caret = shown.indexOf('|');
  const previous = shown.replace('|', '');
  let value: string;
  let at: number;
  let inputType: string;
  if ('type' in action) {
    value = previous.slice(0, caret) + action.type + previous.slice(caret);
    at = caret + action.type.length;
    inputType = 'insertText';
  } else if ('paste' in action) {
    value = previous.slice(0, caret) + action.paste + previous.slice(caret);
    at = caret + action.paste.length;
    inputType = 'insertFromPaste';
  } else if ('backspace' in action) {
    value = previous.slice(0, caret - 1) + previous.slice(caret);
    at = caret - 1;
    inputType = 'deleteContentBackward';
  } else {
    value = previous.slice(0, caret) + previous.slice(caret + 1);
    at = caret;
    inputType = 'deleteContentForward';
  }
  const r = remask(mask, { value, caret: at, inputType, previous });
  return r.value.slice(0, r.caret) + '|' + r.value.slice(r.caret);
}

describe('remask keeps the caret', () => {
  it('replaces a middle digit of a CPF without shifting the others (the reported bug)', () => {
    const afterDelete = edit(documentMask, '529.98|2.247-25', { backspace: true });
    // Between the two keystrokes the digits after the caret close the gap, as in any text field.
    expect(afterDelete).toBe('529.9|22.472-5');
    expect(edit(documentMask, afterDelete, { type: '1' })).toBe('529.91|2.247-25');
  });

  it('backspace over a separator deletes the digit before it', () => {
    expect(edit(documentMask, '529.|982.247-25', { backspace: true })).toBe('52|9.822.472-5');
    expect(edit(cepMask, '01310-|100', { backspace: true })).toBe('0131|1-00');
  });

  it('delete (forward) over a separator deletes the digit after it', () => {
    expect(edit(documentMask, '529|.982.247-25', { del: true })).toBe('529|.822.472-5');
  });

  it('typing in the middle of a CEP keeps the caret after the typed digit', () => {
    expect(edit(cepMask, '013|0-100', { type: '1' })).toBe('0131|0-100');
    expect(edit(cepMask, '01310-1|00', { backspace: true })).toBe('01310-|00');
    expect(edit(cepMask, '01310-|00', { type: '1' })).toBe('01310-1|00');
  });

  it('typing past the fifth digit of a CEP puts the caret after the new hyphen and digit', () => {
    expect(edit(cepMask, '01310|', { type: '1' })).toBe('01310-1|');
  });

  it('a paste of formatted or bare text is formatted and the caret goes after it', () => {
    expect(edit(documentMask, '|', { paste: '529.982.247-25' })).toBe('529.982.247-25|');
    expect(edit(documentMask, '|', { paste: '52998224725' })).toBe('529.982.247-25|');
    expect(edit(cepMask, '|', { paste: '01310100' })).toBe('01310-100|');
    expect(edit(cepMask, '|', { paste: 'CEP: 01.310-100' })).toBe('01310-100|');
  });

  it('the thousands separator of money moves without moving the caret off its digit', () => {
    expect(edit(moneyMask, '1|23,45', { type: '9' })).toBe('1.9|23,45');
    expect(edit(moneyMask, '1.9|23,45', { backspace: true })).toBe('1|23,45');
    expect(edit(moneyMask, '1.|923,45', { backspace: true })).toBe('|923,45');
  });

  it('a phone keeps the caret on its digit across the brackets, space and hyphen', () => {
    expect(edit(phoneMask, '|', { type: '1' })).toBe('(1|');
    expect(edit(phoneMask, '(11|', { type: '9' })).toBe('(11) 9|');
    expect(edit(phoneMask, '(11) 9876|', { type: '5' })).toBe('(11) 98765|');
    expect(edit(phoneMask, '(11) 98765|', { type: '4' })).toBe('(11) 98765-4|');
    // A middle digit replaced: Backspace, then the new digit, the caret stays where the person is.
    const afterDelete = edit(phoneMask, '(11) 987|65-4321', { backspace: true });
    expect(afterDelete).toBe('(11) 98|654-321');
    expect(edit(phoneMask, afterDelete, { type: '1' })).toBe('(11) 981|65-4321');
    // Backspace right after the hyphen or the space deletes the digit before it.
    expect(edit(phoneMask, '(11) 98765-|4321', { backspace: true })).toBe('(11) 9876|4-321');
    // (ten digits without 9 after the DDD read as a landline until the eleventh comes back)
    expect(edit(phoneMask, '(11) |98765-4321', { backspace: true })).toBe('(1|9) 8765-4321');
    expect(edit(phoneMask, '(1|9) 8765-4321', { type: '1' })).toBe('(11|) 98765-4321');
    expect(edit(phoneMask, '|', { paste: '+55 11 98765-4321' })).toBe('(11) 98765-4321|');
  });

  it('a letter typed into a CPF turns it into an alphanumeric CNPJ with the caret after the letter', () => {
    expect(edit(documentMask, '12|', { type: 'a' })).toBe('12.A|');
  });
});
