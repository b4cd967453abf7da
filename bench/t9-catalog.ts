/**
 * T9 — the merchant's catalog at scale and its photos.
 * - The shop's catalog page (`/`, 24 products a page, each with a cover photo in srcset) with
 *   1,000 products against the same page with the seed's 8: req/s, autocannon, rounds of
 *   each state in turn (the 992 extra products are switched on and off between rounds, one
 *   UPDATE, so both states are measured under the same machine load), plus the last page.
 * - The product-photo route (`/images/products/<photo>-<width>-<hash>.webp`, bytes from the
 *   database, immutable caching + ETag) against a static file served by Next from public/.
 * The products and photos are written straight into the server's database file (WAL).
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import type { BenchContext } from './lib/context';
import { compareThroughput, load, type LoadFigures } from './lib/load';
import { median, round } from './lib/stats';
import { fmtInt, fmtRatio, type TargetResult } from './lib/report';

export const T9 = { id: 'T9', title: 'catalog page 1,000 vs 8 products; photo route vs static file', target: 'report' };

const EXTRA = 992;

async function photoBytes(width: number): Promise<Buffer> {
  const h = Math.round((width * 3) / 4);
  const raw = Buffer.alloc(width * h * 3);
  for (let i = 0; i < raw.length; i += 3) raw.set([(i / 3) % 200, 90, 60], i);
  return sharp(raw, { raw: { width, height: h, channels: 3 } }).webp({ quality: 80 }).toBuffer();
}

/** Covers for every product (the same bytes), and the extra products, inactive until switched on. */
async function prepare(dbPath: string): Promise<{ photoUrl: string; photoBytes: number }> {
  const widths = [160, 320, 640, 960, 1280];
  const files = await Promise.all(widths.map(async (w) => ({ w, h: Math.round((w * 3) / 4), bytes: await photoBytes(w) })));
  const db = new Database(dbPath);
  db.pragma('busy_timeout = 5000');
  try {
    let firstPhoto = 0;
    db.transaction(() => {
      const insertProduct = db.prepare("INSERT INTO products (slug, name, description, price_cents, image_path, active, display_order) VALUES (?, ?, '', ?, '', 0, 1000)");
      // The stock is the implicit variant's (made by the products_implicit_variant trigger).
      const setStock = db.prepare('UPDATE product_variants SET stock = ? WHERE product_id = ?');
      for (let i = 0; i < EXTRA; i++) {
        const id = insertProduct.run(`bench-produto-${i}`, `Produto de teste ${i}`, 1000 + i).lastInsertRowid;
        setStock.run(i % 7 === 0 ? 3 : null, id);
      }
      const ids = db.prepare('SELECT id FROM products').all() as { id: number }[];
      const insertPhoto = db.prepare('INSERT INTO product_photos (product_id, position, width, height) VALUES (?, 0, 1280, 960)');
      const insertFile = db.prepare('INSERT INTO product_photo_files (photo_id, width, height, hash, bytes) VALUES (?, ?, ?, ?, ?)');
      for (const { id } of ids) {
        const photoId = Number(insertPhoto.run(id).lastInsertRowid);
        firstPhoto ||= photoId;
        for (const f of files) insertFile.run(photoId, f.w, f.h, createHash('sha256').update(f.bytes).digest('hex').slice(0, 20), f.bytes);
      }
    })();
    const f = files[0];
    return { photoUrl: `/images/products/${firstPhoto}-${f.w}-${createHash('sha256').update(f.bytes).digest('hex').slice(0, 20)}.webp`, photoBytes: f.bytes.byteLength };
  } finally {
    db.close();
  }
}

function setExtra(dbPath: string, on: boolean) {
  const db = new Database(dbPath);
  db.pragma('busy_timeout = 5000');
  try {
    db.prepare("UPDATE products SET active = ? WHERE slug LIKE 'bench-produto-%'").run(on ? 1 : 0);
  } finally {
    db.close();
  }
}

export async function runT9(ctx: BenchContext): Promise<TargetResult> {
  const { server, quick } = ctx;
  const { photoUrl, photoBytes: bytes } = await prepare(server.appDbPath);
  const catalog = `${server.url}/`;
  const rounds = quick ? 2 : 6;
  const seconds = quick ? 1 : 2;

  // 1,000 vs 8: each round measures both states, in alternating order, switching the 992
  // extra products on or off (one UPDATE) before each side.
  const page = await fetch(catalog).then((r) => r.text());
  if (!page.includes('/images/products/')) throw new Error('the catalog page shows no product photo');
  const measure = async (on: boolean) => {
    setExtra(server.appDbPath, on);
    return load({ label: on ? 'catalog, 1,000 products' : 'catalog, 8 products', url: catalog }, seconds, 10);
  };
  // A warm-up of both states (the full run; quick rounds are a smoke check).
  if (!quick) {
    await measure(true);
    await measure(false);
  }
  const perRound: { a: LoadFigures; b: LoadFigures; ratio: number }[] = [];
  for (let i = 0; i < rounds; i++) {
    let fa: LoadFigures;
    let fb: LoadFigures;
    if (i % 2 === 0) {
      fa = await measure(true);
      fb = await measure(false);
    } else {
      fb = await measure(false);
      fa = await measure(true);
    }
    perRound.push({ a: fa, b: fb, ratio: fa.reqPerSec / fb.reqPerSec });
  }
  const big = {
    medianRatio: round(median(perRound.map((r) => r.ratio)), 3),
    medianA: round(median(perRound.map((r) => r.a.reqPerSec)), 0),
    medianB: round(median(perRound.map((r) => r.b.reqPerSec)), 0),
    p50A: median(perRound.map((r) => r.a.p50)),
    p50B: median(perRound.map((r) => r.b.p50)),
    non2xxA: perRound.reduce((n, r) => n + r.a.non2xx + r.b.non2xx, 0),
    errors: perRound.reduce((n, r) => n + r.a.errors + r.b.errors + r.a.timeouts + r.b.timeouts, 0),
    rounds: perRound,
  };
  setExtra(server.appDbPath, true);
  const lastPage = Math.ceil((EXTRA + 8) / 24);
  const deep = await compareThroughput(
    { label: `catalog page ${lastPage} of ${lastPage}`, url: `${catalog}?pagina=${lastPage}` },
    { label: 'catalog page 1', url: catalog },
    { rounds: quick ? 1 : 3, seconds, connections: 10, warmupSeconds: quick ? 0.5 : 1 },
  );
  setExtra(server.appDbPath, false);

  const staticUrl = `${server.url}/products/caneca-ceramica.svg`;
  const [img, stat] = await Promise.all([fetch(`${server.url}${photoUrl}`), fetch(staticUrl)]);
  if (img.status !== 200 || stat.status !== 200) throw new Error(`image ${img.status}, static ${stat.status}`);
  const staticBytes = (await stat.arrayBuffer()).byteLength;
  const photo = await compareThroughput(
    { label: `photo route (${bytes} B WebP)`, url: `${server.url}${photoUrl}` },
    { label: `static file (${staticBytes} B SVG)`, url: staticUrl },
    { rounds: quick ? 1 : 4, seconds, connections: 20, warmupSeconds: quick ? 0.5 : 1 },
  );
  const revalidated = await fetch(`${server.url}${photoUrl}`, { headers: { 'If-None-Match': img.headers.get('etag') ?? '' } });

  return {
    ...T9,
    headline: `catalog 1,000/8 products ${fmtRatio(big.medianRatio)} (${fmtInt(big.medianA)} vs ${fmtInt(big.medianB)} req/s, p50 ${big.p50A} vs ${big.p50B} ms); photo route ${fmtRatio(photo.medianRatio)} of a static file (${fmtInt(photo.medianA)} vs ${fmtInt(photo.medianB)} req/s)`,
    verdict: big.non2xxA || photo.non2xxA || big.errors || photo.errors ? 'fail' : 'report',
    details: { catalog: big, lastPage: deep, photo, photoHeaders: { cacheControl: img.headers.get('cache-control'), etag: img.headers.get('etag'), revalidatedStatus: revalidated.status } },
    notes: [
      `last page (${lastPage}) vs first page with 1,000 products: ${fmtRatio(deep.medianRatio)} (${fmtInt(deep.medianA)} vs ${fmtInt(deep.medianB)} req/s)`,
      `photo: ${img.headers.get('cache-control')}, ETag ${img.headers.get('etag')}, If-None-Match → ${revalidated.status}`,
    ],
  };
}
