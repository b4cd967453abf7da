import { describe, expect, it } from 'vitest';
import { CEP_RANGES, ufOfCep } from './cep-uf';
import { UF_CODES } from './uf';

const cep = (prefix: number, suffix: string) => `${String(prefix).padStart(5, '0')}${suffix}`;

describe('ufOfCep: the Correios ranges per UF', () => {
  it('knows the edges of every range', () => {
    for (const [from, to, uf] of CEP_RANGES) {
      expect(ufOfCep(cep(from, '000')), `${from}-000`).toBe(uf);
      expect(ufOfCep(cep(to, '999')), `${to}-999`).toBe(uf);
    }
  });
  it('changes state exactly at each boundary', () => {
    expect([ufOfCep('19999-999'), ufOfCep('20000-000')]).toEqual(['SP', 'RJ']);
    expect([ufOfCep('68899-999'), ufOfCep('68900-000'), ufOfCep('68999-999'), ufOfCep('69000-000')]).toEqual(['PA', 'AP', 'AP', 'AM']);
    expect([ufOfCep('69299-999'), ufOfCep('69300-000'), ufOfCep('69399-999'), ufOfCep('69400-000')]).toEqual(['AM', 'RR', 'RR', 'AM']);
    expect([ufOfCep('69899-999'), ufOfCep('69900-000')]).toEqual(['AM', 'AC']);
    expect([ufOfCep('72799-999'), ufOfCep('72800-000'), ufOfCep('72999-999'), ufOfCep('73000-000')]).toEqual(['DF', 'GO', 'GO', 'DF']);
    expect([ufOfCep('73699-999'), ufOfCep('73700-000'), ufOfCep('76799-999'), ufOfCep('76800-000')]).toEqual(['DF', 'GO', 'GO', 'RO']);
    expect([ufOfCep('78899-999'), ufOfCep('78900-000'), ufOfCep('78999-999'), ufOfCep('79000-000')]).toEqual(['MT', 'RO', 'RO', 'MS']);
  });
  it('covers every UF, with ranges in order and never overlapping', () => {
    expect(new Set(CEP_RANGES.map((r) => r[2]))).toEqual(new Set(UF_CODES));
    for (let i = 1; i < CEP_RANGES.length; i++) expect(CEP_RANGES[i][0]).toBeGreaterThan(CEP_RANGES[i - 1][1]);
  });
  it('reads real CEPs, masked or not, and refuses what is no CEP', () => {
    expect(ufOfCep('69005-010')).toBe('AM'); // Manaus
    expect(ufOfCep('01310100')).toBe('SP');
    expect(ufOfCep('20040-002')).toBe('RJ');
    expect(ufOfCep('70040-010')).toBe('DF');
    expect(ufOfCep('00999-999')).toBeNull();
    expect(ufOfCep('1234567')).toBeNull();
    expect(ufOfCep('')).toBeNull();
  });
});
