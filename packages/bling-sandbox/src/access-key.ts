/**
 * The NF-e's 44-digit access key (chave de acesso), as the Manual de Orientação do Contribuinte
 * lays it out: cUF (2) · AAMM (4) · CNPJ of the issuer (14) · model (2) · series (3) · number (9)
 * · tpEmis (1) · cNF (8) · DV (1). The DV is mod 11 over the first 43 digits with weights 2..9
 * from the right; a remainder of 0 or 1 gives 0. Shared by the sandbox (which makes keys) and the
 * shop (which checks and shows them).
 */

export type AccessKeyParts = {
  /** IBGE code of the issuer's UF (35 = SP). */
  cUF: number;
  /** Year and month of issue, "AAMM". */
  yearMonth: string;
  cnpj: string;
  model: number;
  series: number;
  number: number;
  /** Emission type: 1 = normal. */
  emissionType: number;
  /** The random code (cNF), 8 digits. */
  randomCode: number;
};

export function accessKeyCheckDigit(first43: string): number {
  let sum = 0;
  let weight = 2;
  for (let i = first43.length - 1; i >= 0; i--) {
    sum += Number(first43[i]) * weight;
    weight = weight === 9 ? 2 : weight + 1;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

const pad = (n: number | string, width: number) => String(n).padStart(width, '0');

export function makeAccessKey(p: AccessKeyParts): string {
  const cnpj = p.cnpj.replace(/\D/g, '');
  if (cnpj.length !== 14 || !/^\d{4}$/.test(p.yearMonth)) throw new Error('invalid access key parts');
  const body = pad(p.cUF, 2) + p.yearMonth + cnpj + pad(p.model, 2) + pad(p.series, 3) + pad(p.number, 9) + pad(p.emissionType, 1) + pad(p.randomCode, 8);
  if (body.length !== 43) throw new Error('invalid access key parts');
  return body + accessKeyCheckDigit(body);
}

export function isValidAccessKey(key: string): boolean {
  return /^\d{44}$/.test(key) && accessKeyCheckDigit(key.slice(0, 43)) === Number(key[43]);
}

export function parseAccessKey(key: string): AccessKeyParts | null {
  if (!isValidAccessKey(key)) return null;
  return {
    cUF: Number(key.slice(0, 2)),
    yearMonth: key.slice(2, 6),
    cnpj: key.slice(6, 20),
    model: Number(key.slice(20, 22)),
    series: Number(key.slice(22, 25)),
    number: Number(key.slice(25, 34)),
    emissionType: Number(key.slice(34, 35)),
    randomCode: Number(key.slice(35, 43)),
  };
}

/** "3525 1211 2223 …": blocks of 4, as a DANFE prints it. */
export function groupAccessKey(key: string): string {
  return key.replace(/(\d{4})(?=\d)/g, '$1 ');
}
