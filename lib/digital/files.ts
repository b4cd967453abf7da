/**
 * A digital product's file in the database, in rows of 512 KB (digital_file_chunks), so that a
 * Node host and a serverless one (Vercel + Turso) both keep it with no file storage to run, and
 * no single statement carries more than a chunk.
 *
 * The upload comes in parts of 4 MB (a serverless host caps a request's body at 4.5 MB), each
 * part its own request and transaction, in order: part 0 is checked by its content (content.ts)
 * before anything is stored; the last part completes the file and makes it the product's,
 * deleting the file it replaces. Served by streaming one chunk at a time: a 25 MB file is never
 * held in memory whole.
 */
import 'server-only';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import { database } from '@/db';
import { get, run } from '@/db/driver';
import { digitalFileChunks, digitalFiles, productDigital, products } from '@/db/schema';
import { downloadName, FILE_MESSAGES, MAX_DIGITAL_BYTES, sniffDigitalType } from './content';

export const CHUNK_BYTES = 512 * 1024;
export const PART_BYTES = 4 * 1024 * 1024;
const CHUNKS_PER_PART = PART_BYTES / CHUNK_BYTES;

export type UploadStart = { ok: true; fileId: number; parts: number } | { ok: false; error: string; status: 400 | 404 | 413 };
export type PartResult = { ok: true; complete: boolean } | { ok: false; error: string; status: 400 | 404 | 409 | 413 };

/** How many parts a file of `size` bytes is sent in. */
export function partsFor(size: number): number {
  return Math.ceil(size / PART_BYTES);
}

/** Opens an upload: the file's name and announced size (checked again, part by part, as the bytes arrive). */
export async function beginUpload(productId: number, name: string, size: number): Promise<UploadStart> {
  if (!Number.isSafeInteger(size) || size <= 0) return { ok: false, error: FILE_MESSAGES.empty, status: 400 };
  if (size > MAX_DIGITAL_BYTES) return { ok: false, error: FILE_MESSAGES.tooLarge, status: 413 };
  return database().transaction(function* (tx) {
    const product = yield* get(tx.select({ id: products.id }).from(products).where(eq(products.id, productId)));
    if (!product) return { ok: false, error: 'Este produto não existe mais.', status: 404 } as UploadStart;
    // An upload left half-way (a closed tab) is dropped when the next one starts.
    yield* run(tx.delete(digitalFiles).where(and(eq(digitalFiles.productId, productId), eq(digitalFiles.complete, false))));
    const row = yield* get(
      tx
        .insert(digitalFiles)
        .values({ productId, name: name.slice(0, 200) || 'arquivo', mime: 'application/octet-stream', size, expectedParts: partsFor(size) })
        .returning({ id: digitalFiles.id }),
    );
    return { ok: true, fileId: row!.id, parts: partsFor(size) } as UploadStart;
  });
}

/** Stores part `index` of an upload; parts must come in order, each PART_BYTES but the last. */
export async function storePart(productId: number, fileId: number, index: number, bytes: Uint8Array): Promise<PartResult> {
  return database().transaction(function* (tx) {
    const file = yield* get(tx.select().from(digitalFiles).where(and(eq(digitalFiles.id, fileId), eq(digitalFiles.productId, productId))));
    if (!file || file.complete) return { ok: false, error: 'Este envio não existe mais. Escolha o arquivo de novo.', status: 404 } as PartResult;
    if (index !== file.parts) return { ok: false, error: 'As partes do arquivo chegaram fora de ordem. Escolha o arquivo de novo.', status: 409 } as PartResult;
    const last = index === file.expectedParts - 1;
    const expected = last ? file.size - index * PART_BYTES : PART_BYTES;
    if (bytes.byteLength !== expected) {
      return { ok: false, error: bytes.byteLength > expected ? FILE_MESSAGES.tooLarge : 'O arquivo chegou incompleto. Tente de novo.', status: bytes.byteLength > expected ? 413 : 400 } as PartResult;
    }
    const set: Partial<typeof digitalFiles.$inferInsert> = { parts: index + 1 };
    if (index === 0) {
      const type = sniffDigitalType(bytes.subarray(0, 64));
      if (!type) return { ok: false, error: FILE_MESSAGES.badType, status: 400 } as PartResult;
      Object.assign(set, { mime: type.mime, name: downloadName(file.name, type) });
    }
    for (let i = 0; i * CHUNK_BYTES < bytes.byteLength; i++) {
      const chunk = Buffer.from(bytes.buffer, bytes.byteOffset + i * CHUNK_BYTES, Math.min(CHUNK_BYTES, bytes.byteLength - i * CHUNK_BYTES));
      yield* run(tx.insert(digitalFileChunks).values({ fileId, seq: index * CHUNKS_PER_PART + i, bytes: chunk }));
    }
    if (last) set.complete = true;
    // Compare-and-set on the parts count: a part sent twice at once is stored once.
    const moved = yield* run(tx.update(digitalFiles).set(set).where(and(eq(digitalFiles.id, fileId), eq(digitalFiles.parts, index))));
    if (moved === 0) throw new Error('digital file part raced');
    if (last) {
      yield* run(
        tx
          .insert(productDigital)
          .values({ productId, kind: 'file', fileId })
          .onConflictDoUpdate({ target: productDigital.productId, set: { kind: 'file', fileId, updatedAt: sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))` } }),
      );
      yield* run(tx.delete(digitalFiles).where(and(eq(digitalFiles.productId, productId), ne(digitalFiles.id, fileId))));
      // A digital product ships nothing: no address, no weight, no shipping.
      yield* run(tx.update(products).set({ requiresShipping: false }).where(eq(products.id, productId)));
    }
    return { ok: true, complete: last } as PartResult;
  });
}

/** Stores a whole file at once (tests, scripts): the same parts, in order. */
export async function storeWholeFile(productId: number, name: string, bytes: Uint8Array): Promise<PartResult> {
  const start = await beginUpload(productId, name, bytes.byteLength);
  if (!start.ok) return start;
  let result: PartResult = { ok: false, error: FILE_MESSAGES.empty, status: 400 };
  for (let i = 0; i < start.parts; i++) {
    result = await storePart(productId, start.fileId, i, bytes.subarray(i * PART_BYTES, Math.min(bytes.byteLength, (i + 1) * PART_BYTES)));
    if (!result.ok) return result;
  }
  return result;
}

export type StoredFile = { id: number; name: string; mime: string; size: number; createdAt: string };

export async function completeFile(fileId: number): Promise<StoredFile | undefined> {
  const [row] = await database()
    .db.select({ id: digitalFiles.id, name: digitalFiles.name, mime: digitalFiles.mime, size: digitalFiles.size, createdAt: digitalFiles.createdAt })
    .from(digitalFiles)
    .where(and(eq(digitalFiles.id, fileId), eq(digitalFiles.complete, true)));
  return row;
}

/**
 * The file's bytes as a stream, one chunk read per pull: all of them, or bytes `start` to `end`
 * (inclusive, a range request's). Every chunk but the last holds CHUNK_BYTES, so the first
 * chunk of a range is found by division.
 */
export function fileStream(fileId: number, range?: { start: number; end: number }): ReadableStream<Uint8Array> {
  const start = range?.start ?? 0;
  const end = range?.end ?? Infinity;
  let seq = Math.floor(start / CHUNK_BYTES);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const at = seq * CHUNK_BYTES;
      if (at > end) return controller.close();
      const [row] = await database()
        .db.select({ bytes: digitalFileChunks.bytes })
        .from(digitalFileChunks)
        .where(and(eq(digitalFileChunks.fileId, fileId), eq(digitalFileChunks.seq, seq)));
      if (!row) return controller.close();
      seq++;
      const bytes = new Uint8Array(row.bytes);
      const from = Math.max(0, start - at);
      const to = Math.min(bytes.byteLength, end - at + 1);
      controller.enqueue(from === 0 && to === bytes.byteLength ? bytes : bytes.subarray(from, to));
    },
  });
}

/** The whole file (tests, small files): the stream read to the end. */
export async function readWholeFile(fileId: number): Promise<Buffer> {
  return readStream(fileStream(fileId));
}

/** A stream read to the end (tests). */
export async function readStream(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
  }
  return Buffer.concat(parts);
}

/** How many chunk rows a file has (tests). */
export async function chunkCount(fileId: number): Promise<number> {
  const rows = await database().db.select({ seq: digitalFileChunks.seq }).from(digitalFileChunks).where(eq(digitalFileChunks.fileId, fileId)).orderBy(asc(digitalFileChunks.seq));
  return rows.length;
}
