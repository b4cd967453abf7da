/**
 * The product feeds' generation time (issue 58's target: under a second for 1,000 products ×
 * 6 variants), in-process on a scratch database with the real schema: every product with two
 * photos stored at five widths, a category mapped to a Google category, a sixth of the variants
 * sold out, every other product with a GTIN, and three live promotions (10% from one item on the
 * category, 5% from R$ 100 on the shop, "Leve 3, pague 2") for the sale prices. Times the whole answer of each feed as the route makes it — the batch read, the
 * items, the XML or CSV and its ETag — median and worst of the runs; then the stored feed's
 * path (lib/feeds/cache.ts): the first fetch builds and stores, the next ones read it. Prints one line each.
 *
 *   npx tsx --conditions=react-server bench/feeds.ts [--runs=N]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median, round } from './lib/stats';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-bench-feeds-'));
process.env.DATABASE_URL = `file:${path.join(dir, 'app.db')}`;
process.env.LOG_LEVEL = 'silent';
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 7);
const SIZES = ['PP', 'P', 'M', 'G', 'GG', 'XG'];
const WIDTHS = [160, 320, 640, 960, 1280];

async function main() {
  const { database, ensureMigrated } = await import('@/db');
  await ensureMigrated();
  const client = (database().db as unknown as { $client: import('better-sqlite3').Database }).$client;
  client.exec('delete from products');
  const product = client.prepare(
    "insert into products (slug, name, description, price_cents, image_path, options, weight_g, height_cm, width_cm, length_cm) values (?, ?, ?, ?, '', ?, 300, 2, 25, 30) returning id",
  );
  const clearImplicit = client.prepare('delete from product_variants where product_id = ?');
  const variant = client.prepare('insert into product_variants (product_id, position, option1, sku, stock, price_cents, photo_id) values (?, ?, ?, ?, ?, ?, ?)');
  const photo = client.prepare('insert into product_photos (product_id, position, width, height) values (?, ?, 1280, 1280) returning id');
  const file = client.prepare('insert into product_photo_files (photo_id, width, height, hash, bytes) values (?, ?, ?, ?, ?)');
  const category = client.prepare("insert into categories (slug, name) values ('roupas', 'Roupas') returning id").get() as { id: number };
  client.prepare('insert into feed_category_map (category_id, google_category) values (?, ?)').run(category.id, 'Vestuário e acessórios > Roupas > Camisetas');
  const inCategory = client.prepare('insert into product_categories (product_id, category_id) values (?, ?)');
  const promotion = client.prepare('insert into promotions (id, name, type, scope, scope_id, rules) values (?, ?, ?, ?, ?, ?)');
  promotion.run('bench-cat', '10% em roupas', 'progressive', 'category', category.id, JSON.stringify({ basis: 'quantity', kind: 'percent', tiers: [{ min: 1, value: 1000 }] }));
  promotion.run('bench-shop', '5% acima de R$ 100', 'progressive', 'shop', null, JSON.stringify({ basis: 'subtotal', kind: 'percent', tiers: [{ min: 10000, value: 500 }] }));
  promotion.run('bench-leve3', 'Leve 3, pague 2', 'buy_x_pay_y', 'shop', null, JSON.stringify({ buy: 3, pay: 2 }));
  const withGtin = client.prepare("update products set gtin = '7891000315507' where id = ?");
  const bytes = Buffer.alloc(64);
  client.transaction(() => {
    for (let p = 0; p < 1000; p++) {
      const options = JSON.stringify([{ name: 'Tamanho', values: SIZES }]);
      const { id } = product.get(`camiseta-${p}`, `Camiseta estampada ${p}`, `Algodão penteado, estampa ${p} & cia.`, 1990 + (p % 180) * 100, options) as { id: number };
      clearImplicit.run(id);
      const photos = [0, 1].map((position) => {
        const ph = photo.get(id, position) as { id: number };
        for (const w of WIDTHS) file.run(ph.id, w, w, `${ph.id.toString(16)}${w}`.padStart(20, '0'), bytes);
        return ph.id;
      });
      SIZES.forEach((size, i) => variant.run(id, i, size, `CAM-${p}-${size}`, i === 5 ? 0 : 10, i === 5 ? 2490 : null, i === 1 ? photos[1] : null));
      if (p % 2 === 0) inCategory.run(id, category.id);
      else withGtin.run(id);
    }
  })();

  const { feedItems } = await import('@/lib/feeds/items');
  const { readFeedSource } = await import('@/lib/feeds/source');
  const { feedBody, etagOf } = await import('@/lib/feeds/serve');
  for (const channel of ['google', 'meta'] as const) {
    const times: number[] = [];
    let size = 0;
    let count = 0;
    for (let r = 0; r < runs + 1; r++) {
      const t = performance.now();
      const { source } = await readFeedSource();
      const items = feedItems(source);
      const body = feedBody(channel, items, { name: source.shopName, appUrl: source.appUrl });
      etagOf(body);
      const ms = performance.now() - t;
      if (r > 0) times.push(ms); // the first run warms the statement cache and the JIT
      size = Buffer.byteLength(body);
      count = items.length;
    }
    console.log(
      `${channel === 'google' ? '/feeds/google.xml' : '/feeds/meta.csv  '}: ${count} items, ${round(size / 1024 / 1024, 1)} MB — median ${round(median(times), 0)} ms, worst ${round(Math.max(...times), 0)} ms over ${runs} runs (target < 1000 ms)`,
    );
  }
  // The route's path since the feeds are stored (lib/feeds/cache.ts): one build, then fetches of
  // an unchanged catalog read the stored body.
  const { storedFeed } = await import('@/lib/feeds/cache');
  for (const channel of ['google', 'meta'] as const) {
    const make = (items: Parameters<typeof feedBody>[1], shop: { name: string; appUrl: string }) => feedBody(channel, items, shop);
    const t0 = performance.now();
    await storedFeed(channel, make, etagOf);
    const build = performance.now() - t0;
    const times: number[] = [];
    for (let r = 0; r < runs; r++) {
      const t = performance.now();
      const got = await storedFeed(channel, make, etagOf);
      times.push(performance.now() - t);
      if (got.built) throw new Error('an unchanged catalog was rebuilt');
    }
    console.log(`${channel === 'google' ? '/feeds/google.xml' : '/feeds/meta.csv  '} stored: first fetch (build and store) ${round(build, 0)} ms, then median ${round(median(times), 0)} ms, worst ${round(Math.max(...times), 0)} ms over ${runs} fetches of an unchanged catalog`);
  }
  fs.rmSync(dir, { recursive: true, force: true });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
