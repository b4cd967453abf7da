/**
 * CSV for spreadsheet programs set to Brazilian Portuguese (Excel, LibreOffice, Google Sheets):
 * UTF-8 with a BOM, ";" between cells, CRLF between rows. Every text cell is quoted (RFC 4180):
 * a program that splits on "," instead of ";" still sees one cell, so "Caneca,=1+1" never starts
 * a new cell with a formula. A cell that a spreadsheet would read as a formula (= + - @, tab, CR)
 * also gets a leading apostrophe (CSV injection). Numbers and empty cells stay bare. Pure.
 */
export const CSV_BOM = '\uFEFF';
export const CSV_SEPARATOR = ';';
export const CSV_NEWLINE = '\r\n';

/** Text a spreadsheet would run as a formula. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: a number bare; text with formula-looking starts neutralised, then always quoted. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return String(value);
  const s = FORMULA_START.test(value) ? `'${value}` : value;
  return `"${s.replace(/"/g, '""')}"`;
}

export function csvRow(cells: (string | number | null | undefined)[]): string {
  return cells.map(csvCell).join(CSV_SEPARATOR) + CSV_NEWLINE;
}
