/**
 * Input masks applied while a person types, deletes or pastes (browser-safe, no dependencies).
 *
 * A mask is a `format` that turns any text into the layout (separators added progressively,
 * so every intermediate value is a prefix of the final one) and the set of characters that
 * carry meaning. `remask` re-applies a mask after an edit and keeps the caret where the person
 * is working: it counts the meaningful characters before the caret and puts the caret after
 * the same number of them in the new text, so editing the middle of a filled CPF never shifts
 * the digits after it nor throws the caret to the end.
 */

import { nationalDigitsOf } from './phone';

export type Mask = {
  /** Any text (typed, pasted, autofilled, masked or not) → the masked text. */
  format: (raw: string) => string;
  /** One character that carries meaning (anything else is a separator the mask adds). */
  isSignificant: (ch: string) => boolean;
};

const isDigit = (ch: string) => ch >= '0' && ch <= '9';
const isAlnum = (ch: string) => /^[0-9A-Za-z]$/.test(ch);

/** Inserts `seps[i]` before character position `at[i]` when the text reaches that far. */
function group(chars: string, at: readonly number[], seps: readonly string[]): string {
  let out = '';
  let k = 0;
  for (let i = 0; i < chars.length; i++) {
    if (k < at.length && i === at[k]) {
      out += seps[k];
      k++;
    }
    out += chars[i];
  }
  return out;
}

/**
 * CPF "529.982.247-25" up to 11 digits; CNPJ "11.222.333/0001-81" from the 12th character or as
 * soon as a letter appears: the alphanumeric CNPJ (July 2026) has 12 letters or digits and two
 * check digits, "12.ABC.345/01DE-35". A pasted "CPF: …" or "CNPJ …" label is dropped.
 */
export function maskDocumentInput(raw: string): string {
  const chars = raw
    .toUpperCase()
    .replace(/\b(CPF|CNPJ)\b/g, '')
    .replace(/[^0-9A-Z]/g, '');
  if (!/[A-Z]/.test(chars) && chars.length <= 11) return group(chars, [3, 6, 9], ['.', '.', '-']);
  let kept = '';
  for (const ch of chars) {
    if (kept.length < 12) kept += ch;
    else if (kept.length < 14 && isDigit(ch)) kept += ch; // the two check digits are digits
  }
  return group(kept, [2, 5, 8, 12], ['.', '.', '/', '-']);
}

/** CEP "01310-100": at most 8 digits, hyphen after the fifth. */
export function maskCepInput(raw: string): string {
  return group(raw.replace(/\D/g, '').slice(0, 8), [5], ['-']);
}

/**
 * Money in reais as a Brazilian types it: "1.234,56". Digits and one comma; the integer part
 * grouped by thousands; at most two decimals; no leading zeros ("0,50" keeps its one zero).
 * A lone dot before one or two final digits ("12.5", "1234.56", a phone's decimal key) is read
 * as the decimal comma; other dots are thousands separators and are dropped.
 */
export function maskMoneyInput(raw: string): string {
  let s = raw.replace(/[^\d.,]/g, '');
  if (!s.includes(',') && /^\d*\.\d{0,2}$/.test(s)) s = s.replace('.', ',');
  s = s.replace(/\./g, '');
  const comma = s.indexOf(',');
  let whole = comma === -1 ? s : s.slice(0, comma);
  const frac = comma === -1 ? null : s.slice(comma + 1).replace(/,/g, '').slice(0, 2);
  whole = whole.replace(/^0+(?=\d)/, '').slice(0, 10); // R$ 9.999.999.999 is beyond any charge
  if (frac !== null && whole === '') whole = '0';
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return frac === null ? grouped : `${grouped},${frac}`;
}

/**
 * Mobile "(11) 98765-4321": the DDD in brackets, a hyphen before the last four. A pasted number
 * with the country code or the trunk prefix ("+55 11 98765-4321", "011 98765-4321") loses it
 * (phone.ts `nationalDigitsOf`, the server's own rule); at most 11 digits. A number whose first
 * digit after the DDD is not 9 (a landline, which the server refuses with its reason) is shown
 * as one, "(11) 3456-7890", until it has 11 digits.
 */
export function maskPhoneInput(raw: string): string {
  const digits = nationalDigitsOf(raw).slice(0, 11);
  const landline = digits.length > 2 && digits.length < 11 && digits[2] !== '9';
  return group(digits, landline ? [0, 2, 6] : [0, 2, 7], ['(', ') ', '-']);
}

export const documentMask: Mask = { format: maskDocumentInput, isSignificant: isAlnum };
export const cepMask: Mask = { format: maskCepInput, isSignificant: isDigit };
export const phoneMask: Mask = { format: maskPhoneInput, isSignificant: isDigit };
export const moneyMask: Mask = { format: maskMoneyInput, isSignificant: (ch) => isDigit(ch) || ch === ',' };

export type Edit = {
  /** The field's text right after the browser applied the keystroke, paste or deletion. */
  value: string;
  /** The caret (selectionStart) at that moment. */
  caret: number;
  /** InputEvent.inputType: "insertText", "deleteContentBackward", "insertFromPaste"… */
  inputType?: string;
  /** The masked text before this edit, when known. */
  previous?: string;
};

function significantOf(mask: Mask, text: string): string {
  let out = '';
  for (const ch of text) if (mask.isSignificant(ch)) out += ch;
  return out;
}

/** Index just after the n-th significant character of `text` (0 → 0; past the end → length). */
function positionAfter(mask: Mask, text: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (mask.isSignificant(text[i]) && ++seen === n) return i + 1;
  }
  return text.length;
}

/** The masked text and where the caret goes after one edit. */
export function remask(mask: Mask, edit: Edit): { value: string; caret: number } {
  let { value, caret } = edit;
  caret = Math.max(0, Math.min(caret, value.length));

  // Backspace (or Delete) over a separator removed nothing that counts, and the mask would put
  // the separator straight back: remove the significant character beyond it instead, as the
  // person meant.
  if (edit.previous !== undefined && edit.inputType?.startsWith('delete') && value.length === edit.previous.length - 1) {
    if (significantOf(mask, value) === significantOf(mask, edit.previous)) {
      if (edit.inputType === 'deleteContentBackward') {
        let i = caret - 1;
        while (i >= 0 && !mask.isSignificant(value[i])) i--;
        if (i >= 0) {
          value = value.slice(0, i) + value.slice(i + 1);
          caret = i;
        }
      } else if (edit.inputType === 'deleteContentForward') {
        let i = caret;
        while (i < value.length && !mask.isSignificant(value[i])) i++;
        if (i < value.length) value = value.slice(0, i) + value.slice(i + 1);
      }
    }
  }

  const head = value.slice(0, caret);
  const before = significantOf(mask, head).length;
  // Separators right before the caret stay before it ("01310-|00" after a backspace).
  let trailing = 0;
  for (let i = head.length - 1; i >= 0 && !mask.isSignificant(head[i]); i--) trailing++;
  const formatted = mask.format(value);
  let at = positionAfter(mask, formatted, before);
  while (before > 0 && trailing > 0 && at < formatted.length && !mask.isSignificant(formatted[at])) {
    at++;
    trailing--;
  }
  return { value: formatted, caret: at };
}
