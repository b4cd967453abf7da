/**
 * The price field's mask, in reais the Brazilian way ("1.234,56"; the "R$" sits beside the
 * field). It keeps the caret where the person is typing: the caret is carried over as "after
 * the N-th digit or comma", which formatting does not change. Browser-safe, pure.
 */

/** Most digits before the comma: R$ 100.000,00 is the highest price. */
const MAX_WHOLE_DIGITS = 6;

export type Masked = { value: string; caret: number };

/**
 * Formats what is in the field. `pasted`: the text was pasted, so "94.90" (a dot before one or
 * two final digits, no comma) is read as a decimal point; while typing, a dot is always the
 * thousands separator the mask itself writes.
 */
export function maskPriceInput(raw: string, caret = raw.length, pasted = false): Masked {
  let text = raw;
  if (pasted && !text.includes(',') && /^\s*(R\$)?\s*\d+\.\d{1,2}\s*$/.test(text)) text = text.replace('.', ',');
  // Keep digits and the first comma, remembering how many of them lie before the caret.
  let kept = '';
  let before = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    const keep = /\d/.test(ch) || (ch === ',' && !kept.includes(','));
    if (!keep) continue;
    kept += ch;
    if (i < caret) before++;
  }
  const comma = kept.indexOf(',');
  let whole = comma === -1 ? kept : kept.slice(0, comma);
  const frac = comma === -1 ? null : kept.slice(comma + 1);
  // Leading zeros go ("007" → "7"), but a lone "0" stays before a comma ("0,50").
  const zeros = whole.match(/^0+/)?.[0].length ?? 0;
  const drop = whole.length > zeros ? zeros : Math.max(0, zeros - 1);
  before -= Math.min(drop, before);
  whole = whole.slice(drop);
  // Too many digits: the extra ones are cut (and the caret with them).
  let cut = 0;
  if (whole.length > MAX_WHOLE_DIGITS) {
    cut = whole.length - MAX_WHOLE_DIGITS;
    whole = whole.slice(0, MAX_WHOLE_DIGITS);
  }
  if (before > whole.length && comma !== -1) before = Math.max(whole.length, before - cut);
  else before = Math.min(before, whole.length + (frac === null ? 0 : 1 + Math.min(frac.length, 2)));
  if (whole === '' && frac !== null) {
    whole = '0';
    before++;
  }
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const value = frac === null ? grouped : `${grouped},${frac.slice(0, 2)}`;
  // Walk the formatted value until `before` digits/commas are behind the caret.
  let pos = 0;
  let seen = 0;
  while (pos < value.length && seen < before) {
    if (value[pos] !== '.') seen++;
    pos++;
  }
  return { value, caret: pos };
}

/** On leaving the field: always two decimals ("94" → "94,00", "94,9" → "94,90"). */
export function completePrice(value: string): string {
  const { value: v } = maskPriceInput(value);
  if (!v) return v;
  const [whole, frac = ''] = v.split(',');
  return `${whole || '0'},${frac.padEnd(2, '0')}`;
}

/** Centavos → the field's text: 9490 → "94,90". */
export function priceInputText(cents: number): string {
  return completePrice(`${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`);
}
