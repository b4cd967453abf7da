/**
 * The one CSV reader of the app (product import, "Enviar em lote"). Pure and browser-safe.
 *
 * Checked by content, never by the file's name: at most `maxBytes`, no NUL byte (a binary
 * file), then the text — UTF-8 (a leading BOM dropped), or, where the caller accepts it,
 * Windows-1252 when the bytes are not valid UTF-8 (what Excel on Windows saves as "CSV").
 * The separator is the one the first line uses most outside quotes (`;`, `,` or tab); papaparse
 * splits the records (quoted cells may hold separators, quotes and line breaks). Records whose
 * cells are all blank are dropped; each record keeps the line of the file it starts on, so
 * messages can name it.
 */
import Papa from 'papaparse';

export type CsvEncoding = 'utf-8' | 'windows-1252';
export type CsvRecord = { line: number; cells: string[] };
export type CsvRead = { ok: true; records: CsvRecord[]; separator: string; encoding: CsvEncoding } | { ok: false; reason: 'empty' | 'too_large' | 'not_text' };

export type CsvReadOptions = {
  maxBytes: number;
  /** Accept Windows-1252 when the bytes are not UTF-8 (else such a file is `not_text`). */
  windows1252?: boolean;
};

/** The bytes as text: valid UTF-8 first, else Windows-1252 when allowed; null for a binary file. */
export function decodeCsvText(bytes: Uint8Array, windows1252 = false): { text: string; encoding: CsvEncoding } | null {
  if (bytes.includes(0)) return null;
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'utf-8' };
  } catch {
    if (!windows1252) return null;
    // Every byte has a Windows-1252 reading (the WHATWG decoder maps the five unassigned ones to C1 controls).
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'windows-1252' };
  }
}

/** The separator the first line uses most, quoted text left out (`;` when none). */
export function separatorOf(text: string): string {
  const first = (text.split(/\r?\n|\r/, 1)[0] ?? '').replace(/"[^"]*"/g, '');
  const counts = [';', ',', '\t'].map((s) => [s, first.split(s).length - 1] as const);
  const best = counts.reduce((a, b) => (b[1] > a[1] ? b : a));
  return best[1] > 0 ? best[0] : ';';
}

/** Text → records with the line each starts on (1-based). */
export function splitCsv(text: string, separator = separatorOf(text)): CsvRecord[] {
  const records: CsvRecord[] = [];
  let line = 1;
  let counted = 0;
  // papaparse's cursor is where each record ends: the lines before it are counted once, forward.
  const countTo = (end: number) => {
    for (let i = counted; i < end; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) line++;
    }
    counted = Math.max(counted, end);
  };
  let start = 0;
  Papa.parse<string[]>(text, {
    delimiter: separator,
    newline: undefined,
    quoteChar: '"',
    escapeChar: '"',
    skipEmptyLines: false,
    step: (result) => {
      countTo(start);
      const startLine = line;
      const cells = result.data;
      if (cells.some((c) => c.trim() !== '')) records.push({ line: startLine, cells });
      start = result.meta.cursor;
    },
  });
  return records;
}

export function readCsv(bytes: Uint8Array, options: CsvReadOptions): CsvRead {
  if (bytes.byteLength === 0) return { ok: false, reason: 'empty' };
  if (bytes.byteLength > options.maxBytes) return { ok: false, reason: 'too_large' };
  const decoded = decodeCsvText(bytes, options.windows1252);
  if (!decoded) return { ok: false, reason: 'not_text' };
  const text = decoded.text.replace(/^\uFEFF/, '');
  const separator = separatorOf(text);
  const records = splitCsv(text, separator);
  if (records.length === 0) return { ok: false, reason: 'empty' };
  return { ok: true, records, separator, encoding: decoded.encoding };
}
