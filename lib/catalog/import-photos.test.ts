import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { database } from '@/db';
import { productImports, productPhotos } from '@/db/schema';
import { prepareDatabase, productIdBySlug } from '@/test/payments/db';
import { importById, storeImport, confirmImport } from './product-import';
import { progressOf, runImportPhotos } from './import-photos';

let server: http.Server;
let base = '';
let png: Buffer;

beforeAll(async () => {
  await prepareDatabase();
  png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 80, b: 20 } } }).png().toBuffer();
  server = http.createServer((req, res) => {
    if (req.url === '/foto.png') return void res.writeHead(200, { 'Content-Type': 'image/png' }).end(png);
    if (req.url === '/volta') return void res.writeHead(302, { Location: '/foto.png' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const csv = (slug: string, photos: string) => new TextEncoder().encode(`Slug;Nome;Preço;Peso (g);Altura (cm);Largura (cm);Comprimento (cm);Fotos\n${slug};Produto ${slug};10,00;100;1;1;1;${photos}\n`);

async function importWith(slug: string, photos: string) {
  const { id, sha256 } = await storeImport(csv(slug, photos), 'p.csv', null);
  const done = await confirmImport(id, sha256);
  expect(done).toMatchObject({ ok: true });
  return id;
}

describe('photos named by URL', () => {
  it('are fetched after the products are saved, through the webhook guard and the upload pipeline, with the progress counted', async () => {
    const id = await importWith('com-foto', `${base}/foto.png | ${base}/volta | ${base}/nada.png`);
    expect(progressOf((await importById(id))!)).toEqual({ total: 3, done: 0, failed: 0, finished: false });
    // The test's receiver is on loopback: allowed here as in development.
    await runImportPhotos(id, { policy: { allowedOrigins: [], allowLoopback: true } });
    expect(progressOf((await importById(id))!)).toEqual({ total: 3, done: 2, failed: 1, finished: true });
    const photos = await database().db.select().from(productPhotos).where(eq(productPhotos.productId, await productIdBySlug('com-foto')));
    expect(photos.map((p) => [p.width, p.height])).toEqual([
      [64, 48],
      [64, 48],
    ]);
  });

  it('a private or loopback address is refused as for an outgoing webhook: nothing is fetched', async () => {
    const id = await importWith('foto-privada', `${base}/foto.png | http://169.254.169.254/latest/meta-data`);
    await runImportPhotos(id, { policy: { allowedOrigins: [], allowLoopback: false } });
    expect(progressOf((await importById(id))!)).toEqual({ total: 2, done: 0, failed: 2, finished: true });
    expect(await database().db.select().from(productPhotos).where(eq(productPhotos.productId, await productIdBySlug('foto-privada')))).toEqual([]);
  });

  it('a pass holding the queue keeps a second one out', async () => {
    const id = await importWith('foto-lease', `${base}/foto.png`);
    await database().db.update(productImports).set({ photoLeaseUntil: new Date(Date.now() + 60_000).toISOString() }).where(eq(productImports.id, id));
    await runImportPhotos(id, { policy: { allowedOrigins: [], allowLoopback: true } });
    expect(progressOf((await importById(id))!)).toMatchObject({ done: 0, finished: false });
  });
});
