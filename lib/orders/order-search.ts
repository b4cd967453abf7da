/**
 * What a search box entry means, decided before any SQL so that each part can use an index:
 * - an order number ("#1001", or 1 to 9 bare digits) → that number (orders_number_idx);
 * - digits (a CPF/CNPJ, masked or not) → buyer document prefix (orders_document_idx);
 * - a UUID prefix ("#3f2a9c1b" as the list shows it; with "#" nothing else) → order id prefix (primary key);
 * - a token, or a pasted buyer link ".../orders/<token>" → order token prefix (unique index);
 * - letters without digits → buyer name contains: through the trigram index orders_name_fts
 *   (migration 0001) from 3 characters on, a LIKE scan below that.
 * Pure.
 */
export type SearchPlan = {
  /** The name text as typed (trimmed), for the trigram index. */
  nameText?: string;
  /** The same as a LIKE "contains" pattern, for entries too short for trigrams. */
  namePattern?: string;
  documentPrefix?: string;
  /** An order number, exactly. */
  number?: number;
  idPrefix?: string;
  tokenPrefix?: string;
};

/** LIKE pattern for "contains", with %, _ and \ escaped (use ESCAPE '\'). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Smallest string greater than every string starting with `prefix` (ASCII prefixes). */
export function prefixUpperBound(prefix: string): string {
  const last = prefix.charCodeAt(prefix.length - 1);
  return prefix.slice(0, -1) + String.fromCharCode(last + 1);
}

/** Control characters mean nothing in a search, and a NUL ends an FTS5 string early (a SQLite error): gone before anything else. */
export function withoutControlCharacters(text: string): string {
  return text.replace(/\s+/g, ' ').replace(/[\u0000-\u001f\u007f-\u009f]/g, '');
}

/** Up to 9 digits (no leading zero): what an order number looks like when typed. */
const ORDER_NUMBER = /^[1-9]\d{0,8}$/;

export function planSearch(raw: string): SearchPlan | null {
  let q = withoutControlCharacters(raw).trim();
  if (!q) return null;
  const link = /\/orders\/([A-Za-z0-9_-]{8,})/.exec(q);
  if (link) return { tokenPrefix: link[1] };
  if (q.startsWith('#')) {
    q = q.slice(1).trim().toLowerCase();
    // "#1001" is an order number; rows numbered before numbers existed still show their id's hex.
    if (ORDER_NUMBER.test(q)) return { number: Number(q), idPrefix: q };
    return /^[0-9a-f-]{1,36}$/.test(q) ? { idPrefix: q } : q ? nameSearch(q) : null;
  }

  const plan: SearchPlan = {};
  if (ORDER_NUMBER.test(q)) plan.number = Number(q);
  if (/^[\d.\-/\s]+$/.test(q)) {
    const digits = q.replace(/\D/g, '');
    if (digits.length >= 3) plan.documentPrefix = digits.slice(0, 14);
  }
  if (/^[0-9a-f-]{4,36}$/i.test(q)) plan.idPrefix = q.toLowerCase();
  if (/^[A-Za-z0-9_-]{8,64}$/.test(q)) plan.tokenPrefix = q;
  // Names have letters and no digits: "abcdef12" is an id or token, not a name.
  if (/\p{L}/u.test(q) && !/\d/.test(q)) Object.assign(plan, nameSearch(q));
  return Object.keys(plan).length ? plan : nameSearch(q);
}

function nameSearch(q: string): Pick<SearchPlan, 'nameText' | 'namePattern'> {
  return { nameText: q, namePattern: containsPattern(q) };
}

/** An FTS5 string literal: the text as one phrase, so operators and quotes in it mean nothing. */
export function ftsPhrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** Trigrams need at least 3 characters. */
export function usesTrigramIndex(text: string): boolean {
  return [...text].length >= 3;
}
