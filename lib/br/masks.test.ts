import { isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';
import { describe, expect, it } from 'vitest';
import { maskCepInput, maskDocumentInput } from './masks';

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
    expect(maskDocumentInput('12.ABC.345/01DE-35')).toBe('123.450.135');
    expect(maskDocumentInput('abc')).toBe('');
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
