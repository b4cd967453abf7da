/**
 * Input masks applied while a person types or pastes (browser-safe, no dependencies).
 * They keep digits only, cap the length, and add separators progressively, so every
 * intermediate value is a prefix of the final mask.
 */

function digits(v: string, max: number): string {
  return v.replace(/\D/g, '').slice(0, max);
}

/** Inserts `seps[i]` before digit position `at[i]` when the digits reach that far. */
function group(d: string, at: number[], seps: string[]): string {
  let out = '';
  let k = 0;
  for (let i = 0; i < d.length; i++) {
    if (k < at.length && i === at[k]) {
      out += seps[k];
      k++;
    }
    out += d[i];
  }
  return out;
}

/** CPF "123.456.789-09" up to 11 digits, CNPJ "12.345.678/0001-95" from 12 to 14; letters and extra digits dropped. */
export function maskDocumentInput(v: string): string {
  const d = digits(v, 14);
  if (d.length <= 11) return group(d, [3, 6, 9], ['.', '.', '-']);
  return group(d, [2, 5, 8, 12], ['.', '.', '/', '-']);
}

/** CEP "01310-100": at most 8 digits, hyphen after the fifth. */
export function maskCepInput(v: string): string {
  return group(digits(v, 8), [5], ['-']);
}
