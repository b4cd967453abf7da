/**
 * The one way buyers' personal data is masked, wherever someone who must not see it whole is
 * looking: the sandbox's simulator, webhook log and boleto page in a public demo, and the
 * dashboard, CSV and mail catcher of the demonstration account (lib/auth/permissions.ts).
 * In a public demo visitors type their real CPF, so nobody else's name, document, e-mail,
 * phone or street ever comes back. The document keeps its first and last digits (529.***.***-25), the
 * name its first word and initials, an e-mail its first letter and top-level domain, an
 * address its city, UF and CEP prefix. Pure and browser-safe.
 */
import { formatDocument, maskDocument } from './documents';
import { formatMobile, maskMobile } from './phone';

export { maskDocument };

/** What stands for a hidden part (a street, a number). */
export const HIDDEN = '***';

/** "Bruno de Lima" → "Bruno d. L." */
export function maskName(name: string): string {
  const [first, ...rest] = name.trim().split(/\s+/);
  return [first, ...rest.map((w) => `${w[0]}.`)].join(' ');
}

/** "bruno.lima@gmail.com" → "b***@g***.com" (the top-level domain only says which country). */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return HIDDEN;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  const dot = domain.lastIndexOf('.');
  const tld = dot > 0 ? domain.slice(dot) : '';
  return `${local[0]}${HIDDEN}@${domain[0] ?? ''}${HIDDEN}${tld}`;
}

/** "01310100" → "01310***": the CEP's region, not the street. */
export function maskZip(zip: string): string {
  return `${zip.replace(/\D/g, '').slice(0, 5)}${HIDDEN}`;
}

export type PayerLike = {
  name?: unknown;
  document?: unknown;
  email?: unknown;
  zip?: unknown;
  street?: unknown;
  number?: unknown;
  complement?: unknown;
  neighborhood?: unknown;
  city?: unknown;
  state?: unknown;
};

/** A payer (the API's shape) masked: city and UF kept. */
export function maskPayer<P extends PayerLike>(payer: P): P {
  const out: Record<string, unknown> = { ...payer };
  if (typeof payer.name === 'string') out.name = maskName(payer.name);
  if (typeof payer.document === 'string') out.document = maskDocument(payer.document);
  if (typeof payer.email === 'string') out.email = maskEmail(payer.email);
  if (typeof payer.zip === 'string') out.zip = maskZip(payer.zip);
  for (const field of ['street', 'number', 'neighborhood'] as const) if (typeof payer[field] === 'string') out[field] = HIDDEN;
  if (typeof payer.complement === 'string') out.complement = null;
  return out as P;
}

/** A webhook event (or any resource) with its `data.payer` / `payer` masked. */
export function maskPayerIn(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value;
  const v = value as Record<string, unknown>;
  const out: Record<string, unknown> = { ...v };
  if (typeof v.payer === 'object' && v.payer !== null) out.payer = maskPayer(v.payer as PayerLike);
  if (typeof v.data === 'object' && v.data !== null) out.data = maskPayerIn(v.data);
  return out;
}

/** A JSON text (a webhook body, an event's detail) with any payer in it masked; text that is not JSON is hidden whole. */
export function maskPayerInJson(text: string): string {
  try {
    return JSON.stringify(maskPayerIn(JSON.parse(text)), null, 2);
  } catch {
    return HIDDEN;
  }
}

/** The buyer's columns of an order (db/schema.ts `orders`), any subset of them. */
export type BuyerColumns = {
  buyerName: string;
  buyerDocument: string;
  buyerEmail: string;
  /** The buyer's mobile, 11 national digits (phone.ts); null when not given. */
  buyerPhone: string | null;
  /** The buyer's own words to the shop ("Observações para a loja"): anything may be in them, so hidden whole. */
  buyerNote: string | null;
  addressZip: string | null;
  addressStreet: string | null;
  addressNumber: string | null;
  addressNeighborhood: string | null;
  deliveryZip: string | null;
  deliveryStreet: string | null;
  deliveryNumber: string | null;
  deliveryComplement: string | null;
  deliveryNeighborhood: string | null;
};

/**
 * An order row with its buyer masked as `maskPayer` masks a payer (city and UF are kept,
 * everything else keeps its shape so the same page, list and CSV code shows it).
 */
export function maskOrderBuyer<T extends Partial<BuyerColumns>>(row: T): T {
  const out: Record<string, unknown> = { ...row };
  if (typeof row.buyerName === 'string') out.buyerName = maskName(row.buyerName);
  if (typeof row.buyerDocument === 'string') out.buyerDocument = maskDocument(row.buyerDocument);
  if (typeof row.buyerEmail === 'string') out.buyerEmail = maskEmail(row.buyerEmail);
  if (typeof row.buyerPhone === 'string') out.buyerPhone = maskMobile(row.buyerPhone);
  for (const zip of ['addressZip', 'deliveryZip'] as const) if (typeof row[zip] === 'string') out[zip] = maskZip(row[zip]);
  for (const hidden of ['addressStreet', 'addressNumber', 'addressNeighborhood', 'deliveryStreet', 'deliveryNumber', 'deliveryNeighborhood'] as const) {
    if (typeof row[hidden] === 'string') out[hidden] = HIDDEN;
  }
  if (typeof row.deliveryComplement === 'string') out.deliveryComplement = null;
  if (typeof row.buyerNote === 'string') out.buyerNote = HIDDEN;
  return out as T;
}

/** Whether a value was produced by these masks (so it is shown as it is, never formatted or masked again). */
export function isMasked(value: string): boolean {
  return value.includes('*');
}

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * A text written about one buyer (an e-mail's HTML or text part) with that buyer's data in it
 * masked: their whole name, e-mail, document (formatted or not) and street, also as HTML
 * escapes them. What is not the buyer's (the shop, the amounts, the Pix code) stays.
 */
export function maskBuyerIn(text: string, buyer: Partial<BuyerColumns>): string {
  return replaceBuyerIn(text, buyer, maskOrderBuyer(buyer));
}

/**
 * A text about one buyer with each of their values replaced by the same column of `by` (the
 * masked buyer, or the anonymised one): whole name, e-mail, document (formatted or not),
 * phone (formatted, national or international digits), street (with its number) and
 * complement, also as HTML escapes them.
 */
export function replaceBuyerIn(text: string, buyer: Partial<BuyerColumns>, by: Partial<BuyerColumns>): string {
  const pairs: [string, string][] = [];
  const add = (from: string | null | undefined, to: string | null | undefined) => {
    if (from && from.length >= 3 && to !== undefined && from !== to) pairs.push([from, to ?? '']);
  };
  add(buyer.buyerEmail, by.buyerEmail);
  add(buyer.buyerName?.trim(), by.buyerName);
  if (buyer.buyerDocument) {
    add(formatDocument(buyer.buyerDocument), by.buyerDocument);
    add(buyer.buyerDocument, by.buyerDocument);
  }
  if (buyer.buyerPhone && by.buyerPhone !== undefined) {
    const to = by.buyerPhone ?? HIDDEN;
    add(formatMobile(buyer.buyerPhone), to);
    add(`55${buyer.buyerPhone}`, to);
    add(buyer.buyerPhone, to);
  }
  for (const [street, number] of [
    [buyer.deliveryStreet, buyer.deliveryNumber],
    [buyer.addressStreet, buyer.addressNumber],
  ] as const) {
    if (street && number) add(`${street}, ${number}`, HIDDEN);
    add(street, HIDDEN);
  }
  add(buyer.deliveryComplement, HIDDEN);
  // Longest first, so a whole name goes before a part of it.
  pairs.sort((a, b) => b[0].length - a[0].length);
  let out = text;
  for (const [from, to] of pairs) {
    out = out.split(from).join(to);
    const escaped = escapeHtml(from);
    if (escaped !== from) out = out.split(escaped).join(escapeHtml(to));
  }
  return out;
}
