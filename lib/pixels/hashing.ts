/**
 * The buyer's e-mail and phone as each platform matches them: normalised the way its public
 * reference says, then SHA-256 in lower-case hex (docs/reference.md, "Pixels e consentimento",
 * cites both references). The plain values never leave the server.
 *
 * - Meta (Conversions API, customer information parameters): e-mail trimmed and lower-cased;
 *   phone digits only, with the country code and no leading zeros ("5511987654321").
 * - Google (Measurement Protocol user-provided data): e-mail trimmed and lower-cased, and for
 *   gmail.com / googlemail.com addresses the dots of the local part removed; phone in E.164
 *   with its "+" ("+5511987654321").
 *
 * Pure.
 */
import { createHash } from 'node:crypto';

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function metaEmail(email: string): string | null {
  const v = email.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+$/.test(v) ? v : null;
}

/**
 * A Brazilian phone as the order keeps it (11 national digits, "11987654321") or already with
 * the country code (55…): digits with 55 in front. Null when it is not a plausible number.
 */
export function metaPhone(phone: string): string | null {
  let digits = phone.replace(/\D/g, '').replace(/^0+/, '');
  if (digits.length === 10 || digits.length === 11) digits = `55${digits}`;
  return /^55\d{10,11}$/.test(digits) ? digits : null;
}

export function googleEmail(email: string): string | null {
  const v = metaEmail(email);
  if (!v) return null;
  const [local, domain] = [v.slice(0, v.lastIndexOf('@')), v.slice(v.lastIndexOf('@') + 1)];
  return domain === 'gmail.com' || domain === 'googlemail.com' ? `${local.replace(/\./g, '')}@${domain}` : v;
}

export function googlePhone(phone: string): string | null {
  const digits = metaPhone(phone);
  return digits ? `+${digits}` : null;
}

/** The hashed identifiers of one buyer, per platform; a missing or unusable value is left out. */
export function hashedMetaUser(u: { email?: string | null; phone?: string | null }): { em?: string[]; ph?: string[] } {
  const em = u.email ? metaEmail(u.email) : null;
  const ph = u.phone ? metaPhone(u.phone) : null;
  return { ...(em ? { em: [sha256Hex(em)] } : {}), ...(ph ? { ph: [sha256Hex(ph)] } : {}) };
}

export function hashedGoogleUser(u: { email?: string | null; phone?: string | null }): { sha256_email_address?: string[]; sha256_phone_number?: string[] } {
  const em = u.email ? googleEmail(u.email) : null;
  const ph = u.phone ? googlePhone(u.phone) : null;
  return { ...(em ? { sha256_email_address: [sha256Hex(em)] } : {}), ...(ph ? { sha256_phone_number: [sha256Hex(ph)] } : {}) };
}
