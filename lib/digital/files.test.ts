import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { digitalFiles, productDigital, products } from '@/db/schema';
import { prepareDatabase, productIdBySlug } from '@/test/payments/db';
import { beginUpload, chunkCount, CHUNK_BYTES, fileStream, PART_BYTES, readStream, readWholeFile, storePart, storeWholeFile } from './files';
import { productDigitalOf } from './product-digital';
import { FILE_MESSAGES } from './content';

beforeAll(prepareDatabase);

/** A PDF-looking file of `size` random bytes. */
const pdfOf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(size - 9)]);

describe('a digital file stored in chunks', () => {
  it('round trip: a 9 MB file sent in 3 parts is stored as 512 KB rows and read back byte for byte', async () => {
    const productId = await productIdBySlug('kit-degustacao');
    const bytes = pdfOf(9 * 1024 * 1024 + 123);
    const r = await storeWholeFile(productId, 'Kit/Guia do Kit.pdf', bytes);
    expect(r).toEqual({ ok: true, complete: true });
    const d = (await productDigitalOf(productId))!;
    expect(d).toMatchObject({ kind: 'file', file: { name: 'Guia-do-Kit.pdf', mime: 'application/pdf', size: bytes.byteLength } });
    expect(await chunkCount(d.file!.id)).toBe(Math.ceil(bytes.byteLength / CHUNK_BYTES));
    expect((await readWholeFile(d.file!.id)).equals(bytes)).toBe(true);
    // Made digital: nothing to ship.
    expect((await database().db.select().from(products).where(eq(products.id, productId)))[0]!.requiresShipping).toBe(false);
  });

  it('a range of bytes is read from the chunks it spans, and only those, byte for byte', async () => {
    const productId = await productIdBySlug('kit-degustacao');
    const bytes = pdfOf(PART_BYTES + 3 * CHUNK_BYTES + 77);
    expect(await storeWholeFile(productId, 'kit.pdf', bytes)).toMatchObject({ ok: true });
    const fileId = (await productDigitalOf(productId))!.file!.id;
    const ranges = [
      [0, 0],
      [0, 99],
      [CHUNK_BYTES - 10, CHUNK_BYTES + 9],
      [CHUNK_BYTES, 2 * CHUNK_BYTES - 1],
      [PART_BYTES - 1, PART_BYTES + CHUNK_BYTES],
      [123, 3 * CHUNK_BYTES + 456],
      [bytes.byteLength - 77, bytes.byteLength - 1],
      [bytes.byteLength - 1, bytes.byteLength - 1],
    ];
    for (const [start, end] of ranges) {
      const got = await readStream(fileStream(fileId, { start: start!, end: end! }));
      expect(got.byteLength, `${start}-${end}`).toBe(end! - start! + 1);
      expect(got.equals(bytes.subarray(start!, end! + 1)), `${start}-${end}`).toBe(true);
    }
  });

  it('a file that is not a PDF, ZIP, EPUB or MP4 is refused at its first part and nothing is kept; a name ending .pdf does not help', async () => {
    const productId = await productIdBySlug('moedor-manual');
    const fake = Buffer.concat([Buffer.from('MZ'), randomBytes(1000)]);
    expect(await storeWholeFile(productId, 'livro.pdf', fake)).toEqual({ ok: false, error: FILE_MESSAGES.badType, status: 400 });
    expect(await productDigitalOf(productId)).toBeNull();
    const open = await beginUpload(productId, 'x.pdf', 10);
    expect(open.ok).toBe(true);
    // The refused upload's row was dropped by the next one; the new one has no chunk yet.
    expect(await database().db.select().from(digitalFiles).where(eq(digitalFiles.productId, productId))).toHaveLength(1);
  });

  it('over 25 MB is refused before a byte is stored; parts must come in order and at their size', async () => {
    const productId = await productIdBySlug('prensa-francesa');
    expect(await beginUpload(productId, 'big.mp4', 25 * 1024 * 1024 + 1)).toMatchObject({ ok: false, status: 413 });
    const open = await beginUpload(productId, 'a.pdf', PART_BYTES + 10);
    if (!open.ok) throw new Error('not opened');
    expect(await storePart(productId, open.fileId, 1, new Uint8Array(10))).toMatchObject({ ok: false, status: 409 });
    expect(await storePart(productId, open.fileId, 0, new Uint8Array(100))).toMatchObject({ ok: false, status: 400 });
    expect(await storePart(productId, open.fileId, 0, pdfOf(PART_BYTES))).toEqual({ ok: true, complete: false });
    expect(await storePart(productId, open.fileId, 1, new Uint8Array(11))).toMatchObject({ ok: false, status: 413 });
    // Not complete: not the product's yet.
    expect(await productDigitalOf(productId)).toBeNull();
    expect(await storePart(productId, open.fileId, 1, new Uint8Array(10))).toEqual({ ok: true, complete: true });
    expect((await productDigitalOf(productId))?.file?.size).toBe(PART_BYTES + 10);
  });

  it('a new file replaces the old one, whose chunks go', async () => {
    const productId = await productIdBySlug('filtros-de-papel');
    await storeWholeFile(productId, 'v1.pdf', pdfOf(2000));
    const first = (await productDigitalOf(productId))!.file!.id;
    await storeWholeFile(productId, 'v2.pdf', pdfOf(3000));
    const d = (await productDigitalOf(productId))!;
    expect(d.file!.id).not.toBe(first);
    expect(await chunkCount(first)).toBe(0);
    expect((await database().db.select().from(productDigital).where(eq(productDigital.productId, productId)))[0]!.fileId).toBe(d.file!.id);
  });
});
