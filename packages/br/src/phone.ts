/**
 * Brazilian mobile numbers, for a buyer's WhatsApp: what a person types ("(11) 98765-4321",
 * "+55 11 98765 4321", "011987654321") → the 11 national digits the shop stores
 * ("11987654321": DDD + 9 + eight digits), and back to the forms people and WhatsApp read.
 *
 * A number is accepted when it has 11 digits once the country code (+55, 0055 or a bare 55 in
 * front of 11 digits) or the trunk prefix 0 is taken off, its DDD is one of Anatel's 67 area
 * codes, and the digit after the DDD is 9 (every mobile since 2016: Resolução Anatel 553/2010,
 * the "nono dígito"). Landlines (8 digits after the DDD) are refused: WhatsApp needs a mobile.
 * Pure, browser-safe, no dependencies (the DDD list is checked against @brazilian-utils in the
 * tests).
 */

/** Anatel's area codes (Plano Geral de Numeração), by state from SP to MA. */
export const DDDS: readonly string[] = [
  '11', '12', '13', '14', '15', '16', '17', '18', '19', // SP
  '21', '22', '24', // RJ
  '27', '28', // ES
  '31', '32', '33', '34', '35', '37', '38', // MG
  '41', '42', '43', '44', '45', '46', // PR
  '47', '48', '49', // SC
  '51', '53', '54', '55', // RS
  '61', // DF
  '62', '64', // GO
  '63', // TO
  '65', '66', // MT
  '67', // MS
  '68', // AC
  '69', // RO
  '71', '73', '74', '75', '77', // BA
  '79', // SE
  '81', '87', // PE
  '82', // AL
  '83', // PB
  '84', // RN
  '85', '88', // CE
  '86', '89', // PI
  '91', '93', '94', // PA
  '92', '97', // AM
  '95', // RR
  '96', // AP
  '98', '99', // MA
];

const DDD_SET = new Set(DDDS);

export function isDdd(code: string): boolean {
  return DDD_SET.has(code);
}

/**
 * The national digits of a typed number: punctuation dropped, then a country code (+55, 0055,
 * or a bare 55 in front of exactly 11 more digits) or a trunk prefix 0 in front of 11 digits
 * taken off. Any other bare "55" is the DDD 55 (Santa Maria, RS), never the country code, so an
 * extra digit typed after "(55) 98765-4321" does not turn it into another number.
 */
export function nationalDigitsOf(raw: string): string {
  const trimmed = raw.trim();
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') && digits.startsWith('55')) digits = digits.slice(2);
  else if (digits.startsWith('0055')) digits = digits.slice(4);
  else if (digits.length === 13 && digits.startsWith('55')) digits = digits.slice(2);
  else if (digits.length === 12 && digits.startsWith('0')) digits = digits.slice(1);
  return digits;
}

export type MobileCheck = { ok: true; digits: string } | { ok: false; reason: 'empty' | 'length' | 'ddd' | 'not-mobile' };

/** A typed number → its 11 national digits, or why it is not a Brazilian mobile. */
export function checkMobile(raw: string): MobileCheck {
  if (!raw.trim()) return { ok: false, reason: 'empty' };
  // Letters are not part of a phone number ("11 9876-abcd").
  if (/[A-Za-z]/.test(raw)) return { ok: false, reason: 'length' };
  const digits = nationalDigitsOf(raw);
  if (digits.length === 10 && isDdd(digits.slice(0, 2))) return { ok: false, reason: 'not-mobile' };
  if (digits.length !== 11) return { ok: false, reason: 'length' };
  if (!isDdd(digits.slice(0, 2))) return { ok: false, reason: 'ddd' };
  if (digits[2] !== '9') return { ok: false, reason: 'not-mobile' };
  return { ok: true, digits };
}

/** The pt-BR message for each refusal ("empty" is the required field's). */
export const mobileMessages: Record<Exclude<MobileCheck, { ok: true }>['reason'], string> = {
  empty: 'Informe o celular (WhatsApp).',
  length: 'Informe um celular com DDD, como (11) 98765-4321.',
  ddd: 'DDD inválido: confira os dois primeiros dígitos, como (11) 98765-4321.',
  'not-mobile': 'Informe um celular: depois do DDD, o número tem 9 dígitos e começa com 9, como (11) 98765-4321.',
};

/** "11987654321" → "(11) 98765-4321"; anything else (a masked value) as it is. */
export function formatMobile(digits: string): string {
  if (!/^\d{11}$/.test(digits)) return digits;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 7)}-${digits.slice(7)}`;
}

/** "11987654321" → "+5511987654321" (E.164). */
export function e164Of(digits: string): string {
  return `+55${digits}`;
}

/**
 * The one builder of WhatsApp "click to chat" links (wa.me): to a stored number, or to no number
 * (null: WhatsApp asks whom to send it to), with a message prefilled
 * (https://faq.whatsapp.com/5913398998672934: the full international number, digits only).
 */
export function whatsAppUrl(digits: string | null, text?: string): string {
  const base = digits === null ? 'https://wa.me/' : `https://wa.me/55${digits}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}

/** For a role that must not read it: "(11) *****-**21" (the region and the last two digits). */
export function maskMobile(digits: string): string {
  if (digits.includes('*')) return digits;
  const d = digits.replace(/\D/g, '');
  if (d.length < 4) return '***';
  return `(${d.slice(0, 2)}) *****-**${d.slice(-2)}`;
}
