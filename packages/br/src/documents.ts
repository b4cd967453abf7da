/**
 * CPF / CNPJ: check digits from @brazilian-utils/brazilian-utils (maintained, covers the
 * alphanumeric CNPJ of July 2026); the API takes digits only, so that is checked here first.
 */
import { formatCnpj, formatCpf, isValidCnpj, isValidCpf } from '@brazilian-utils/brazilian-utils';

export type DocumentCheck =
  | { ok: true; kind: 'cpf' | 'cnpj'; digits: string }
  | { ok: false; reason: 'empty' | 'length' | 'alphanumeric-cnpj' | 'check-digits' };

export function onlyDigits(value: string): string {
  return value.replace(/\D/g, '');
}

/** Accepts a masked or bare CPF/CNPJ as typed by a person. */
export function checkDocument(input: string): DocumentCheck {
  const trimmed = input.trim();
  if (!trimmed) return { ok: false, reason: 'empty' };
  const compact = trimmed.replace(/[.\-/\s]/g, '');
  if (/[A-Za-z]/.test(compact)) {
    return isValidCnpj(compact, { version: 2 }) ? { ok: false, reason: 'alphanumeric-cnpj' } : { ok: false, reason: 'check-digits' };
  }
  const digits = onlyDigits(trimmed);
  if (digits.length === 11) return isValidCpf(digits) && !/^(\d)\1+$/.test(digits) ? { ok: true, kind: 'cpf', digits } : { ok: false, reason: 'check-digits' };
  if (digits.length === 14) return isValidCnpj(digits) && !/^(\d)\1+$/.test(digits) ? { ok: true, kind: 'cnpj', digits } : { ok: false, reason: 'check-digits' };
  return { ok: false, reason: 'length' };
}

/** The API's rule: exactly 11 or 14 digits, valid check digits, not all equal. */
export function isValidApiDocument(value: string): boolean {
  if (!/^(\d{11}|\d{14})$/.test(value)) return false;
  const r = checkDocument(value);
  return r.ok;
}

export const documentMessages: Record<Exclude<DocumentCheck, { ok: true }>['reason'], string> = {
  empty: 'Informe o CPF ou CNPJ.',
  length: 'O CPF tem 11 dígitos e o CNPJ tem 14.',
  'alphanumeric-cnpj': 'CNPJ alfanumérico ainda não é aceito para Pix e boleto aqui: informe um CPF ou CNPJ numérico.',
  'check-digits': 'CPF ou CNPJ inválido: confira os dígitos.',
};

export function formatDocument(digits: string): string {
  if (digits.includes('*')) return digits; // already masked (personal-data.ts)
  if (digits.length === 11) return formatCpf(digits);
  if (digits.length === 14) return formatCnpj(digits);
  return digits;
}

/** For logs and lists: 123.***.***-09 / 12.***.***\/0001-95 — never the whole document. */
export function maskDocument(digits: string): string {
  if (digits.includes('*')) return digits; // masked once already
  const d = onlyDigits(digits);
  if (d.length === 11) return `${d.slice(0, 3)}.***.***-${d.slice(9)}`;
  if (d.length === 14) return `${d.slice(0, 2)}.***.***/${d.slice(8, 12)}-${d.slice(12)}`;
  return '***';
}
