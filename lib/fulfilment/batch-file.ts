/**
 * Reading the "Enviar em lote" file into rows (lib/fulfilment/batch.ts applies them). Pure and
 * browser-safe.
 *
 * Read by the app's one CSV reader (lib/csv/read.ts): at most BATCH_MAX_BYTES, no NUL byte,
 * strict UTF-8 (a leading BOM is dropped; order numbers and codes need nothing else), then CSV
 * with the separator the first line uses most (`;`, `,` or tab) and quotes as spreadsheets
 * write them. A first row is a header when one of its cells names a column;
 * without a header the columns are, in order, order number, tracking code, carrier, link.
 */

import { readCsv } from '@/lib/csv/read';
import { BATCH_MAX_BYTES } from './documents-limits';

export { BATCH_MAX_BYTES };
export const BATCH_MAX_ROWS = 10_000;

export type BatchColumn = 'number' | 'code' | 'carrier' | 'urlTemplate';
export type BatchRow = { line: number; number: string; code: string; carrier: string; urlTemplate: string };
export type BatchFileParse = { ok: true; rows: BatchRow[]; header: boolean } | { ok: false; error: string };

export const WRONG_COLUMNS =
  'Não encontramos as colunas do envio em lote. O arquivo precisa de uma coluna com o número do pedido e outra com o código de rastreio (ex.: "Pedido;Código de rastreio"), e opcionalmente "Transportadora".';
export const NOT_TEXT = 'Este arquivo não é um CSV: envie a planilha salva como CSV (texto UTF-8, separado por ponto e vírgula ou vírgula).';

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim();

/** Which column a header cell names, if any (the most specific words first). */
export function headerColumn(cell: string): BatchColumn | null {
  const c = fold(cell);
  // A link template ("https://…/rastreio/{codigo}") or a code is data, never a column's name.
  if (!c || c.length > 40 || /[/{}]|\d{3}/.test(c)) return null;
  if (/\b(link|url)\b/.test(c)) return 'urlTemplate';
  if (/rastreio|rastreamento|tracking|objeto|codigo/.test(c)) return 'code';
  if (/transportadora|carrier|servico de entrega/.test(c)) return 'carrier';
  if (/pedido|numero|^n[o.º°]*$|order|^#$/.test(c)) return 'number';
  return null;
}

const looksLikeNumber = (cell: string | undefined) => /^\s*#?\s*\d{1,12}\s*$/.test(cell ?? '');

export function parseBatchFile(bytes: Uint8Array): BatchFileParse {
  const read = readCsv(bytes, { maxBytes: BATCH_MAX_BYTES });
  if (!read.ok) {
    if (read.reason === 'too_large') return { ok: false, error: `O arquivo passa de ${BATCH_MAX_BYTES / 1024} KB. Divida-o em arquivos menores.` };
    return { ok: false, error: read.reason === 'empty' ? 'O arquivo está vazio.' : NOT_TEXT };
  }
  const records = read.records;

  const headerCells = records[0].cells.map(headerColumn);
  const header = !looksLikeNumber(records[0].cells[0]) && headerCells.some((c) => c !== null);
  let index: Partial<Record<BatchColumn, number>>;
  if (header) {
    index = {};
    headerCells.forEach((c, i) => {
      if (c && index[c] === undefined) index[c] = i;
    });
    if (index.number === undefined || index.code === undefined) return { ok: false, error: WRONG_COLUMNS };
  } else {
    index = { number: 0, code: 1, carrier: 2, urlTemplate: 3 };
    // Without a header, a file none of whose rows starts with an order number is some other table.
    if (!records.some((r) => r.cells.length >= 2 && looksLikeNumber(r.cells[0]))) return { ok: false, error: WRONG_COLUMNS };
  }
  const data = header ? records.slice(1) : records;
  if (data.length === 0) return { ok: false, error: 'O arquivo só tem o cabeçalho: nenhuma linha para enviar.' };
  if (data.length > BATCH_MAX_ROWS) return { ok: false, error: `O arquivo tem ${data.length.toLocaleString('pt-BR')} linhas; envie no máximo ${BATCH_MAX_ROWS.toLocaleString('pt-BR')} por vez.` };
  const at = (cells: string[], c: BatchColumn) => {
    const i = index[c];
    return i === undefined ? '' : (cells[i] ?? '').trim();
  };
  return {
    ok: true,
    header,
    rows: data.map((r) => ({ line: r.line, number: at(r.cells, 'number'), code: at(r.cells, 'code'), carrier: at(r.cells, 'carrier'), urlTemplate: at(r.cells, 'urlTemplate') })),
  };
}
