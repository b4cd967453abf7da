/**
 * What a new password must be (a reset, a change, an invitation accepted, merchant:create):
 * at least 10 characters, at most 72 bytes (all bcrypt reads), not only spaces, not one
 * character repeated, and not one of the passwords people pick most (a short list: the length
 * rule already removes the shorter ones). Messages in pt-BR. Pure: no password is ever logged.
 */
import { z } from 'zod';

export const MIN_PASSWORD_LENGTH = 10;
export const MAX_PASSWORD_BYTES = 72;

/** Lower-case; every entry has 10 characters or more (shorter ones fail the length rule). */
const COMMON = new Set([
  '0123456789',
  '1234567890',
  '12345678910',
  '123456789a',
  '1234567890a',
  'a123456789',
  '0987654321',
  '1q2w3e4r5t',
  '1q2w3e4r5t6y',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  'asdfghjkl1',
  'abcdefghij',
  'abc1234567',
  'abcd123456',
  'password12',
  'password123',
  'password1234',
  'passw0rd123',
  'iloveyou12',
  'iloveyou123',
  'senha12345',
  'senha123456',
  'senhasenha',
  'minhasenha',
  'minhasenha1',
  'minhasenha123',
  'mudar12345',
  'mudar123456',
  'trocar1234',
  'admin12345',
  'admin123456',
  'administrador',
  'brasil2024',
  'brasil2025',
  'brasil2026',
  'flamengo123',
  'corinthians',
  'palmeiras1',
  'balcao-demo',
  'balcao12345',
  'loja123456',
]);

export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.trim().toLowerCase());
}

export const PASSWORD_MESSAGES = {
  short: `A senha precisa de pelo menos ${MIN_PASSWORD_LENGTH} caracteres.`,
  long: 'A senha pode ter no máximo 72 bytes.',
  blank: 'A senha não pode ser só espaços.',
  repeated: 'A senha não pode ser um só caractere repetido.',
  common: 'Essa senha é comum demais. Escolha outra.',
  mismatch: 'As senhas não conferem.',
} as const;

/** A new password, with the first rule it breaks as its message. */
export const newPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, { message: PASSWORD_MESSAGES.short })
  .refine((p) => Buffer.byteLength(p, 'utf8') <= MAX_PASSWORD_BYTES, { message: PASSWORD_MESSAGES.long })
  .refine((p) => p.trim().length > 0, { message: PASSWORD_MESSAGES.blank })
  .refine((p) => new Set(p).size > 1, { message: PASSWORD_MESSAGES.repeated })
  .refine((p) => !isCommonPassword(p), { message: PASSWORD_MESSAGES.common });

/** The first rule `password` breaks, or null. */
export function passwordProblem(password: string): string | null {
  const r = newPasswordSchema.safeParse(password);
  return r.success ? null : r.error.issues[0].message;
}
