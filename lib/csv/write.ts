/**
 * CSV for spreadsheet programs set to Brazilian Portuguese (Excel, LibreOffice, Google Sheets):
 * UTF-8 with a BOM, ";" between cells, CRLF between rows. Cells are quoted when needed
 * (RFC 4180) and a cell that a spreadsheet would read as a formula (= + - @, tab, CR) gets a
 * leading apostrophe (CSV injection). Pure.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_NEWLINE = '\r\n';

/** Text a spreadsheet would run as a formula. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula-looking text neutralised, then quoted if it holds ; " CR or LF. */
export function csvCell(value: string | number | null | undefined): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  if (/[;"\r\n]/.test(s)) s = `"${s.replace(/"/g, '""')}"`;
  return s;
}

export function csvRow(cells: (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + CSV_NEWLINE;
}
