/**
 * A payment link's public code: 12 base62 characters from the operating system's CSPRNG
 * (~71 bits). Short enough to read aloud or fit a WhatsApp message, far too many to guess
 * (and /pagar/<code> is rate-limited per client on top). Rejection sampling keeps every
 * character equally likely (256 is not a multiple of 62).
 */
import { randomBytes } from 'node:crypto';

export const LINK_CODE_LENGTH = 12;
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
/** The largest multiple of 62 below 256: bytes at or above it would favour the first characters. */
const LIMIT = 256 - (256 % ALPHABET.length);

export function newLinkCode(length = LINK_CODE_LENGTH): string {
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte >= LIMIT) continue;
      code += ALPHABET[byte % ALPHABET.length];
      if (code.length === length) break;
    }
  }
  return code;
}

const CODE = new RegExp(`^[0-9A-Za-z]{${LINK_CODE_LENGTH}}$`);

/** Anything that is not a well-formed code is unknown without asking the database. */
export function looksLikeLinkCode(value: string): boolean {
  return CODE.test(value);
}
