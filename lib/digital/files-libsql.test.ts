/**
 * The chunked store on libSQL (@libsql/client on a local file: the client a Vercel + Turso
 * deployment uses): the same upload in parts and the same streamed read as on better-sqlite3
 * (files.test.ts), byte for byte. `@/db` is pointed at the libSQL database, so the real functions run.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database } from '@/db/driver';
import * as schema from '@/db/schema';

const current = vi.hoisted(() => ({ database: undefined as unknown }));
vi.mock('@/db', async (importOriginal) => {
  const original = await importOriginal<typeof import('@/db')>();
  return { ...original, database: () => current.database, db: () => (current.database as Database<typeof schema>).db };
});

import { MIGRATIONS_FOLDER } from '@/db';
import { seed } from '@/db/seed';
import { chunkCount, CHUNK_BYTES, readWholeFile, storeWholeFile } from './files';
import { productDigitalOf } from './product-digital';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-digital-libsql-'));
const d = openDatabase({ url: `file:${path.join(dir, 'app.db')}`, schema, driver: 'libsql' });
current.database = d;
afterAll(() => d.close());

describe('a digital file on libSQL', () => {
  it('a 5 MB file in 2 parts, stored in 512 KB rows, read back byte for byte; the seed e-book too', async () => {
    await d.migrate(MIGRATIONS_FOLDER);
    await seed(d, { demoMerchant: false });
    const [product] = await d.db.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.slug, 'caneca-ceramica'));
    const bytes = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), randomBytes(5 * 1024 * 1024 - 4)]);
    expect(await storeWholeFile(product!.id, 'presets.zip', bytes)).toEqual({ ok: true, complete: true });
    const file = (await productDigitalOf(product!.id))!.file!;
    expect(file).toMatchObject({ name: 'presets.zip', mime: 'application/zip', size: bytes.byteLength });
    expect(await chunkCount(file.id)).toBe(Math.ceil(bytes.byteLength / CHUNK_BYTES));
    expect((await readWholeFile(file.id)).equals(bytes)).toBe(true);

    const [ebook] = await d.db.select({ id: schema.products.id }).from(schema.products).where(eq(schema.products.slug, 'ebook-guia-do-cafe-coado'));
    const pdf = (await productDigitalOf(ebook!.id))!.file!;
    expect((await readWholeFile(pdf.id)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
