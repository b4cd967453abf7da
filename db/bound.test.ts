import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { bind, preparedOn } from './bound';
import { get, openDatabase, run, type Database, type DriverKind } from './driver';
import * as schema from './schema';
import { MIGRATIONS_FOLDER } from './index';

const opened: Database<typeof schema>[] = [];
afterAll(() => opened.forEach((d) => d.close()));

async function fresh(driver: DriverKind) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `balcao-bound-${driver}-`));
  const d = openDatabase({ url: `file:${path.join(dir, 'app.db')}`, schema, driver });
  opened.push(d);
  await d.migrate(MIGRATIONS_FOLDER);
  return d;
}

describe('preparedOn', () => {
  it('builds once per runner and key', () => {
    const a = {};
    const b = {};
    let builds = 0;
    const build = () => ({ n: ++builds });
    expect(preparedOn(a, 'k', build)).toBe(preparedOn(a, 'k', build));
    expect(preparedOn(a, 'other', build)).not.toBe(preparedOn(a, 'k', build));
    expect(preparedOn(b, 'k', build)).not.toBe(preparedOn(a, 'k', build));
    expect(builds).toBe(3);
  });
});

describe.each(['better-sqlite3', 'libsql'] as const)('bind inside a transaction (%s)', (driver) => {
  it('reads and writes with new values on every call, and rolls back with the transaction', async () => {
    const d = await fresh(driver);
    const byId = (tx: typeof d.db) => preparedOn(tx, 'p', () => tx.select().from(schema.products).where(eq(schema.products.id, sql.placeholder('id'))).prepare());
    const rename = (tx: typeof d.db) =>
      preparedOn(tx, 'r', () => tx.update(schema.products).set({ name: sql`${sql.placeholder('name')}` }).where(eq(schema.products.id, sql.placeholder('id'))).prepare());
    await d.db.insert(schema.products).values([
      { id: 1, slug: 'a', name: 'Caneca', description: 'x', priceCents: 500, imagePath: '/a.svg' },
      { id: 2, slug: 'b', name: 'Camiseta', description: 'y', priceCents: 900, imagePath: '/b.svg' },
    ]);
    const names = await d.transaction(function* (tx) {
      const one = yield* get(bind(byId(tx), { id: 1 }));
      const changed = yield* run(bind(rename(tx), { id: 2, name: 'Boné' }));
      const two = yield* get(bind(byId(tx), { id: 2 }));
      return [one?.name, changed, two?.name];
    });
    expect(names).toEqual(['Caneca', 1, 'Boné']);
    await expect(
      d.transaction(function* (tx) {
        yield* run(bind(rename(tx), { id: 1, name: 'Perdido' }));
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    const after = await d.transaction(function* (tx) {
      return (yield* get(bind(byId(tx), { id: 1 })))?.name;
    });
    expect(after).toBe('Caneca');
  });
});
