/**
 * "Enviar em lote": a spreadsheet of order numbers and tracking codes, each row applied as the
 * same move as "Marcar como enviado".
 *
 * The file is read by content, never by its name or type: text in UTF-8 (with or without the
 * BOM Excel writes), separated by `;` (what a Brazilian spreadsheet exports), `,` or tabs.
 * Columns: order number, tracking code, and optionally the carrier (default Correios) and a
 * tracking link template. A header row is optional and recognised by its names ("Pedido",
 * "Número", "Código de rastreio", "Rastreio", "Transportadora", "Link"), in any order.
 *
 * Each row is the same step as one "Marcar como enviado" (lib/fulfilment/apply-move.ts
 * `moveStep`), which writes nothing when it refuses: so rows are applied in chunks, one
 * transaction a chunk (a transaction per row made a large file slow: each commit is a write of
 * its own). A row that throws rolls its chunk back whole, and that chunk is then applied row by
 * row, each in its own transaction: a bad row never leaves another half applied. A row whose
 * order is already shipped with the same code is reported as such and moves nothing, so the
 * same file uploaded twice ships nothing twice.
 */
import 'server-only';
import { eq, inArray } from 'drizzle-orm';
import { database } from '@/db';
import { get, type Step } from '@/db/driver';
import type { Tx } from '@/db';
import { orders } from '@/db/schema';
import { kickOutbox } from '@/lib/email';
import { logger } from '@/lib/server/log';
import { moveStep } from './apply-move';
import { parseTracking, CORREIOS, type CarrierChoice, type Tracking } from './tracking';
import { parseBatchFile, type BatchRow } from './batch-file';

export { parseBatchFile, BATCH_MAX_BYTES, BATCH_MAX_ROWS } from './batch-file';
export type { BatchRow, BatchFileParse } from './batch-file';

export type BatchLine = { line: number; number: string; code?: string; message: string };

/** What the upload did, line by line (the file's own line numbers). */
export type BatchReport = {
  applied: BatchLine[];
  /** Already shipped with this same code: nothing to do (a file sent twice). */
  unchanged: BatchLine[];
  refused: BatchLine[];
};

export type BatchResult = { ok: true; report: BatchReport } | { ok: false; error: string };

const LOOKUP_CHUNK = 500;

function orderNumberOf(raw: string): number | null {
  const n = raw.replace(/^\s*(?:n[º°o]\.?\s*)?#?\s*/i, '').trim();
  if (!/^\d{1,12}$/.test(n)) return null;
  const value = Number(n);
  return value > 0 && Number.isSafeInteger(value) ? value : null;
}

type Checked = { row: BatchRow; number: number; tracking: Tracking } | { row: BatchRow; error: string };

/** A row's own checks, before any database read: the number's shape and the code for its carrier. */
export function checkBatchRow(row: BatchRow, choice: CarrierChoice = 'any'): Checked {
  const number = orderNumberOf(row.number);
  if (!row.number.trim()) return { row, error: 'Falta o número do pedido.' };
  if (number === null) return { row, error: `Número do pedido inválido: "${row.number.trim().slice(0, 30)}".` };
  if (!row.code.trim()) return { row, error: 'Falta o código de rastreio.' };
  const parsed = parseTracking({ carrier: row.carrier.trim() || CORREIOS, code: row.code, urlTemplate: row.urlTemplate }, choice);
  if (!parsed.ok) return { row, error: Object.values(parsed.fieldErrors).join(' ') };
  return { row, number, tracking: parsed.value };
}

async function idsByNumber(numbers: number[]): Promise<Map<number, string>> {
  const unique = [...new Set(numbers)];
  const found = new Map<number, string>();
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const chunk = unique.slice(i, i + LOOKUP_CHUNK);
    const rows = await database().db.select({ id: orders.id, number: orders.number }).from(orders).where(inArray(orders.number, chunk));
    for (const r of rows) if (r.number !== null) found.set(r.number, r.id);
  }
  return found;
}

export type RowOutcome = { kind: 'applied' | 'unchanged' | 'refused'; message: string };

/** Rows a transaction applies at once: short enough that checkouts waiting for the write lock barely notice. */
const APPLY_CHUNK = 200;

/**
 * One row's step: the "ship" move; when it is refused because the order is already shipped,
 * the same code means a file sent again (nothing to do), another code a conflict.
 */
function* rowStep(tx: Tx, orderId: string, tracking: Tracking, actor: string, now: string): Generator<Step, RowOutcome, unknown> {
  const result = yield* moveStep(tx, orderId, { move: 'ship', tracking }, actor, now);
  if (result.ok) return { kind: 'applied', message: 'Marcado como enviado.' };
  const order = yield* get(tx.select().from(orders).where(eq(orders.id, orderId)));
  const sent = order && order.status === 'paid' && order.shippingMethod === 'delivery' && (order.fulfillmentStatus === 'shipped' || order.fulfillmentStatus === 'delivered');
  if (!sent) return { kind: 'refused', message: result.error };
  if (order.trackingCode === tracking.code && order.fulfillmentCarrier === tracking.carrier) {
    return { kind: 'unchanged', message: 'Já enviado com este código: nada a fazer.' };
  }
  return {
    kind: 'refused',
    message: `Já enviado com outro código (${order.trackingCode ?? 'sem código'}). Para trocar, use "Corrigir rastreio" na página do pedido.`,
  };
}

export type Ready = { orderId: string; tracking: Tracking };

/** One row alone, in its own transaction; its failure is its own. */
async function applyRowAlone(row: Ready, actor: string): Promise<RowOutcome> {
  try {
    return await database().transaction((tx) => rowStep(tx, row.orderId, row.tracking, actor, new Date().toISOString()));
  } catch (error) {
    // A concurrent move rolled this row back: the others are not affected.
    logger().warn({ err: error, orderId: row.orderId }, 'batch ship row failed');
    return { kind: 'refused', message: 'O pedido acabou de mudar. Tente esta linha de novo.' };
  }
}

/** A chunk of rows in one transaction; if any row throws, the chunk again row by row. */
async function applyChunk(rows: Ready[], actor: string): Promise<RowOutcome[]> {
  const now = new Date().toISOString();
  try {
    return await database().transaction(function* (tx) {
      const outcomes: RowOutcome[] = [];
      for (const row of rows) outcomes.push(yield* rowStep(tx, row.orderId, row.tracking, actor, now));
      return outcomes;
    });
  } catch {
    const outcomes: RowOutcome[] = [];
    for (const row of rows) outcomes.push(await applyRowAlone(row, actor));
    return outcomes;
  }
}

/**
 * Ships each order with its code, in chunks (one transaction a chunk), each the compare-and-set
 * of "Marcar como enviado": the outcome of each, in the same order. Shared by the file upload
 * and the orders list's "Marcar como enviados" (lib/fulfilment/bulk.ts).
 */
export async function shipEach(rows: Ready[], actor: string): Promise<RowOutcome[]> {
  const outcomes: RowOutcome[] = [];
  for (let i = 0; i < rows.length; i += APPLY_CHUNK) outcomes.push(...(await applyChunk(rows.slice(i, i + APPLY_CHUNK), actor)));
  return outcomes;
}

/** The use-case: parses the file, checks and applies each row, reports every line. */
export async function applyShipBatch(bytes: Uint8Array, actor: string, choice: CarrierChoice = 'any'): Promise<BatchResult> {
  const file = parseBatchFile(bytes);
  if (!file.ok) return file;
  const checked = file.rows.map((row) => checkBatchRow(row, choice));
  const ids = await idsByNumber(checked.flatMap((c) => ('number' in c ? [c.number] : [])));
  const report: BatchReport = { applied: [], unchanged: [], refused: [] };
  const ready: (Ready & { line: BatchLine })[] = [];
  for (const c of checked) {
    const base = { line: c.row.line, number: c.row.number.trim() };
    if ('error' in c) {
      report.refused.push({ ...base, message: c.error });
      continue;
    }
    const line = { ...base, number: `#${c.number}`, code: c.tracking.code, message: '' };
    const orderId = ids.get(c.number);
    if (!orderId) {
      report.refused.push({ ...line, message: `Pedido #${c.number} não encontrado.` });
      continue;
    }
    ready.push({ line, orderId, tracking: c.tracking });
  }
  const outcomes = await shipEach(ready, actor);
  ready.forEach((row, k) => report[outcomes[k].kind].push({ ...row.line, message: outcomes[k].message }));
  // Each list in the file's order (rows refused by their own checks were listed before the rest).
  for (const list of Object.values(report)) list.sort((a: BatchLine, b: BatchLine) => a.line - b.line);
  if (report.applied.length > 0) kickOutbox();
  logger().info({ actor, applied: report.applied.length, unchanged: report.unchanged.length, refused: report.refused.length }, 'batch ship applied');
  return { ok: true, report };
}
