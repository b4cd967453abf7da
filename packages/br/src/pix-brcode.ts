/**
 * Pix BR Code ("Pix copia e cola"): the EMV® QRCPS-MPM payload as the Banco Central's
 * "Manual de Padrões para Iniciação do Pix" lays it out for a static QR code with a key.
 *
 *   00 payload format "01" · 01 point of initiation "11" (static, reusable)
 *   26 merchant account: 00 GUI "br.gov.bcb.pix" · 01 key · 02 description (optional)
 *   52 "0000" · 53 "986" (BRL) · 54 amount "123.45" · 58 "BR" · 59 name (≤25) · 60 city (≤15)
 *   62 additional data: 05 txid (≤25 alphanumerics, "***" when absent)
 *   63 CRC16-CCITT-FALSE over everything up to and including "6304", 4 uppercase hex digits.
 *
 * Pure and browser-safe. The encoder is ours; `isValidPixPayload` of
 * @brazilian-utils/brazilian-utils is used in the tests as an independent check.
 */

export const PIX_GUI = 'br.gov.bcb.pix';
/** Largest amount a BR Code can state here (the Pix API's own limit): R$ 9.999.999.999,99. */
export const MAX_PIX_CENTS = 999_999_999_999;

export type PixBrCodeInput = {
  key: string;
  amountCents: number;
  txid: string;
  merchantName: string;
  merchantCity: string;
  description?: string;
};

export type ParsedPixBrCode =
  | { ok: true; fields: Record<string, string>; amountCents?: number; txid?: string; key?: string }
  | { ok: false; reason: string };

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection, no final xor) of the UTF-8 bytes; 4 uppercase hex. */
export function crc16ccitt(s: string): string {
  const bytes = new TextEncoder().encode(s);
  let crc = 0xffff;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** Printable ASCII only: accents dropped ("São Paulo" → "Sao Paulo"), other characters removed, spaces collapsed. */
export function toPixAscii(value: string): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The txid the BR Code carries for an id of ours: alphanumerics only, at most 25
 * (a UUID "0b8f…-…" becomes its first 25 hex digits); "***" when nothing is left.
 */
export function toPixTxid(id: string): string {
  const txid = id.replace(/[^A-Za-z0-9]/g, '').slice(0, 25);
  return txid || '***';
}

function tlv(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`BR Code field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

function formatAmount(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/**
 * Builds a static Pix BR Code with a fixed amount. Name and city are folded to uppercase
 * ASCII and cut to 25 / 15 characters; the description is folded to ASCII and cut to what
 * the merchant account template still holds; the txid goes through `toPixTxid`.
 * Throws RangeError for an empty or oversized key, an empty name or city, or an amount
 * that is not a positive integer of centavos up to MAX_PIX_CENTS.
 */
export function buildPixBrCode(o: PixBrCodeInput): string {
  const key = o.key.trim();
  if (!key) throw new RangeError('Pix key is empty');
  if (!/^[\x21-\x7e]+$/.test(key)) throw new RangeError('Pix key must be printable ASCII without spaces');
  if (key.length > 77) throw new RangeError('Pix key is longer than 77 characters');
  if (!Number.isSafeInteger(o.amountCents) || o.amountCents <= 0 || o.amountCents > MAX_PIX_CENTS) {
    throw new RangeError('Pix amount must be a positive integer of centavos up to 999999999999');
  }
  const name = toPixAscii(o.merchantName).toUpperCase().slice(0, 25).trim();
  const city = toPixAscii(o.merchantCity).toUpperCase().slice(0, 15).trim();
  if (!name) throw new RangeError('merchant name is empty');
  if (!city) throw new RangeError('merchant city is empty');

  const gui = tlv('00', PIX_GUI);
  const keyField = tlv('01', key);
  const room = 99 - gui.length - keyField.length - 4;
  const description = room > 0 ? toPixAscii(o.description ?? '').slice(0, room).trim() : '';
  const account = gui + keyField + (description ? tlv('02', description) : '');

  const body =
    tlv('00', '01') +
    tlv('01', '11') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    tlv('54', formatAmount(o.amountCents)) +
    tlv('58', 'BR') +
    tlv('59', name) +
    tlv('60', city) +
    tlv('62', tlv('05', toPixTxid(o.txid))) +
    '6304';
  return body + crc16ccitt(body);
}

type Tlv = { id: string; value: string };

function readTlvs(s: string): Tlv[] | null {
  const out: Tlv[] = [];
  let i = 0;
  while (i < s.length) {
    const head = s.slice(i, i + 4);
    if (!/^\d{4}$/.test(head)) return null;
    const len = Number(head.slice(2));
    const value = s.slice(i + 4, i + 4 + len);
    if (value.length !== len) return null;
    out.push({ id: head.slice(0, 2), value });
    i += 4 + len;
  }
  return out;
}

const TEMPLATES = new Set(['62', ...Array.from({ length: 26 }, (_, k) => String(26 + k))]);

function amountToCents(value: string): number | null {
  const m = /^(\d{1,10})(?:\.(\d{1,2}))?$/.exec(value);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/**
 * Reads a BR Code (surrounding whitespace ignored): well-formed TLVs (templates 26–51 and 62
 * nested), "000201" first, "6304" + CRC last and matching, the mandatory objects present,
 * and a merchant account template with the Pix GUI and a key or a URL.
 * `fields` maps top-level ids ("54") and nested ones ("26.01", "62.05") to their values.
 * `txid` is absent when the code carries "***".
 */
export function parsePixBrCode(code: string): ParsedPixBrCode {
  const s = code.trim();
  if (!s) return { ok: false, reason: 'empty code' };
  if (!/^[\x20-\x7e]+$/.test(s)) return { ok: false, reason: 'code has characters outside printable ASCII' };
  if (!s.startsWith('000201')) return { ok: false, reason: 'code does not start with payload format 01' };
  if (s.length < 8 || s.slice(-8, -4) !== '6304') return { ok: false, reason: 'code does not end with a CRC field (6304)' };
  const tlvs = readTlvs(s);
  if (!tlvs) return { ok: false, reason: 'malformed TLV structure' };
  const expected = crc16ccitt(s.slice(0, -4));
  if (s.slice(-4).toUpperCase() !== expected) return { ok: false, reason: 'CRC does not match' };

  const fields: Record<string, string> = {};
  for (const { id, value } of tlvs) {
    if (id in fields) return { ok: false, reason: `field ${id} appears twice` };
    fields[id] = value;
    if (TEMPLATES.has(id)) {
      const inner = readTlvs(value);
      if (!inner) return { ok: false, reason: `malformed template ${id}` };
      for (const sub of inner) fields[`${id}.${sub.id}`] = sub.value;
    }
  }

  if (fields['01'] !== undefined && fields['01'] !== '11' && fields['01'] !== '12') {
    return { ok: false, reason: 'point of initiation must be 11 or 12' };
  }
  if (fields['52'] === undefined || !/^\d{4}$/.test(fields['52'])) return { ok: false, reason: 'missing merchant category code (52)' };
  if (fields['53'] !== '986') return { ok: false, reason: 'currency (53) is not 986' };
  if (fields['58'] !== 'BR') return { ok: false, reason: 'country (58) is not BR' };
  if (!fields['59']) return { ok: false, reason: 'missing merchant name (59)' };
  if (!fields['60']) return { ok: false, reason: 'missing merchant city (60)' };

  let account: string | undefined;
  for (let t = 26; t <= 51; t++) {
    if (fields[`${t}.00`]?.toLowerCase() === PIX_GUI) {
      account = String(t);
      break;
    }
  }
  if (!account) return { ok: false, reason: 'no merchant account template with GUI br.gov.bcb.pix' };
  const key = fields[`${account}.01`];
  const url = fields[`${account}.25`];
  if (!key && !url) return { ok: false, reason: 'merchant account has neither a key nor a URL' };

  let amountCents: number | undefined;
  if (fields['54'] !== undefined) {
    const cents = amountToCents(fields['54']);
    if (cents === null) return { ok: false, reason: 'malformed amount (54)' };
    amountCents = cents;
  }
  const rawTxid = fields['62.05'];
  if (rawTxid !== undefined && rawTxid !== '***' && !/^[A-Za-z0-9]+$/.test(rawTxid)) {
    return { ok: false, reason: 'malformed txid (62.05)' };
  }
  const txid = rawTxid && rawTxid !== '***' ? rawTxid : undefined;

  const result: ParsedPixBrCode = { ok: true, fields };
  if (amountCents !== undefined) result.amountCents = amountCents;
  if (txid !== undefined) result.txid = txid;
  if (key) result.key = key;
  return result;
}
