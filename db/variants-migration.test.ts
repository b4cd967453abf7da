/**
 * Migration 0022 (variants) on a database made the old way: migrated up to 0019, seeded with
 * products that held their own stock, an order with its lines and its stock movements. After it,
 * nothing a shopper could see has changed: each product is sold as one implicit variant with the
 * product's id and stock, the order's lines and ledger point at it, and a cause still moves the
 * stock once.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DriverKind } from './driver';
import { MIGRATIONS_FOLDER } from './index';
import * as schema from './schema';
import { CATALOG } from './seed';

const opened: { close(): void }[] = [];
afterEach(() => opened.splice(0).forEach((d) => d.close()));

/** A copy of the migrations folder whose journal stops at `lastIdx`. */
function migrationsUpTo(lastIdx: number): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-migrations-'));
  fs.cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= lastIdx);
  fs.writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe.each(['better-sqlite3', 'libsql'] as const)('migration 0022 on %s', (driver: DriverKind) => {
  it("keeps today's products, stock, orders and ledger working, now through one implicit variant each", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-old-'));
    const d = openDatabase({ url: `file:${path.join(dir, 'old.db')}`, schema, driver });
    opened.push(d);
    await d.migrate(migrationsUpTo(19));

    // The old seed (before the T-shirt with sizes, the digital e-book and the coffee club): products with their stock on the product row.
    const later = ['camiseta-cafe-da-esquina', 'ebook-guia-do-cafe-coado', 'clube-do-cafe'];
    for (const [i, p] of CATALOG.filter((c) => !later.includes(c.slug)).entries()) {
      const stock = i === 1 ? 7 : i === 2 ? 0 : null;
      await d.db.run(
        sql`INSERT INTO products (slug, name, description, price_cents, image_path, stock, display_order) VALUES (${p.slug}, ${p.name}, ${p.description}, ${p.priceCents}, ${`/products/${p.slug}.svg`}, ${stock}, ${i + 1})`,
      );
    }
    // An unpaid order of 2 units of product 2 (7 left), with its line and its movement.
    await d.db.run(
      sql`INSERT INTO orders (id, token, checkout_key, method, total_cents, items_cents, buyer_name, buyer_document, buyer_email) VALUES ('o1', 't1', 'k1', 'pix', 11800, 11800, 'Maria', '52998224725', 'm@example.com')`,
    );
    await d.db.run(sql`INSERT INTO order_items (order_id, product_id, name, unit_price_cents, quantity, line_total_cents) VALUES ('o1', 2, 'Caneca', 5900, 2, 11800)`);
    await d.db.run(sql`INSERT INTO stock_movements (product_id, order_id, delta, reason, dedupe_key) VALUES (2, 'o1', -2, 'order', 'stock:o1:2:order')`);
    // A link's line has no product.
    await d.db.run(sql`INSERT INTO order_items (order_id, product_id, name, unit_price_cents, quantity, line_total_cents) VALUES ('o1', NULL, 'Bolo', 500, 1, 500)`);

    await d.migrate(MIGRATIONS_FOLDER);

    const variants = (await d.db.all(sql`SELECT id, product_id, stock, option1, active FROM product_variants ORDER BY id`)) as Record<string, unknown>[];
    expect(variants).toHaveLength(8);
    expect(variants.every((v) => v.id === v.product_id && v.option1 === null && Number(v.active) === 1)).toBe(true);
    expect(variants.map((v) => v.stock)).toEqual([null, 7, 0, null, null, null, null, null]);
    const columns = (await d.db.all(sql`SELECT name FROM pragma_table_info('products')`)) as { name: string }[];
    expect(columns.map((c) => c.name)).not.toContain('stock');
    expect(columns.map((c) => c.name)).toEqual(expect.arrayContaining(['options', 'weight_g', 'height_cm', 'width_cm', 'length_cm']));

    expect(await d.db.all(sql`SELECT product_id, variant_id FROM order_items ORDER BY id`)).toEqual([
      { product_id: 2, variant_id: 2 },
      { product_id: null, variant_id: null },
    ]);
    expect(await d.db.all(sql`SELECT variant_id, dedupe_key FROM stock_movements`)).toEqual([{ variant_id: 2, dedupe_key: 'stock:o1:v2:order' }]);
    // The same cause under the new key is still the same movement: it cannot move the stock twice.
    await d.db.run(sql`INSERT INTO stock_movements (product_id, variant_id, order_id, delta, reason, dedupe_key) VALUES (2, 2, 'o1', -2, 'order', 'stock:o1:v2:order') ON CONFLICT DO NOTHING`);
    expect(await d.db.all(sql`SELECT count(*) AS n FROM stock_movements`)).toEqual([{ n: 1 }]);

    // A product written after the migration gets its implicit variant by itself.
    await d.db.run(sql`INSERT INTO products (slug, name, description, price_cents, image_path) VALUES ('novo', 'Novo', '', 1000, '')`);
    expect(await d.db.all(sql`SELECT count(*) AS n FROM product_variants v JOIN products p ON p.id = v.product_id WHERE p.slug = 'novo' AND v.option1 IS NULL`)).toEqual([{ n: 1 }]);

    // Search (FTS5) on this driver: the old products are indexed, accents and case folded, SKUs
    // and categories kept by the triggers.
    const found = async (match: string) =>
      ((await d.db.all(sql`SELECT p.slug FROM products_fts f JOIN products p ON p.id = f.rowid WHERE products_fts MATCH ${match} ORDER BY p.id`)) as { slug: string }[]).map((r) => r.slug);
    expect(await found('"cafe"* "especial"*')).toEqual(['cafe-especial-250g']);
    expect(await found('"CERÂMICA"*')).toEqual(['caneca-ceramica', 'moedor-manual']);
    await d.db.run(sql`UPDATE product_variants SET sku = 'CAN-AZUL' WHERE product_id = 2`);
    await d.db.run(sql`INSERT INTO categories (slug, name) VALUES ('utensilios', 'Utensílios')`);
    await d.db.run(sql`INSERT INTO product_categories (product_id, category_id) SELECT 3, id FROM categories WHERE slug = 'utensilios'`);
    expect(await found('"can"* "azul"*')).toEqual(['caneca-ceramica']);
    expect(await found('"utensilios"*')).toEqual(['coador-de-pano']);
  });
});
