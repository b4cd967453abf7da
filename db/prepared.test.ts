import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openDatabase, type Database, type DriverKind } from './driver';
import * as schema from './schema';

const current = vi.hoisted(() => ({ database: undefined as unknown }));
vi.mock('./index', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./index')>()),
  database: () => current.database,
}));

import { MIGRATIONS_FOLDER } from './index';
import { preparedStatement } from './prepared';

const opened: Database<typeof schema>[] = [];
afterAll(() => opened.forEach((d) => d.close()));

async function connect(driver: DriverKind, file?: string) {
  const url = `file:${file ?? path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-prepared-')), 'app.db')}`;
  const d = openDatabase({ url, schema, driver });
  opened.push(d);
  current.database = d;
  await d.migrate(MIGRATIONS_FOLDER);
  return { d, file: url.slice('file:'.length) };
}

type Prepared = { get(values: { slug: string }): unknown };

/** A prepared product lookup by slug; counts how many times it was built. */
function bySlug(builds: { n: number }) {
  return preparedStatement('test.product-by-slug', () => {
    builds.n++;
    const d = current.database as Database<typeof schema>;
    return d.db
      .select({ name: schema.products.name })
      .from(schema.products)
      .where(eq(schema.products.slug, sql.placeholder('slug')))
      .prepare() as unknown as Prepared;
  });
}

describe.each(['better-sqlite3', 'libsql'] as DriverKind[])('preparedStatement on %s', (driver) => {
  it('builds a statement once per connection and runs it with each call’s values', async () => {
    const { d, file } = await connect(driver);
    await d.db.insert(schema.products).values([
      { slug: 'cafe', name: 'Café', description: 'Grãos', priceCents: 100, imagePath: '/cafe.png' },
      { slug: 'cha', name: 'Chá', description: 'Folhas', priceCents: 200, imagePath: '/cha.png' },
    ]);
    const builds = { n: 0 };
    expect(await bySlug(builds).get({ slug: 'cafe' })).toEqual({ name: 'Café' });
    expect(await bySlug(builds).get({ slug: 'cha' })).toEqual({ name: 'Chá' });
    expect(await bySlug(builds).get({ slug: 'nada' })).toBeUndefined();
    expect(builds.n).toBe(1);

    // Another connection (a test reopening the database, a new URL) gets its own statement:
    // the first one belongs to a connection that is now closed.
    d.close();
    await connect(driver, file);
    expect(await bySlug(builds).get({ slug: 'cha' })).toEqual({ name: 'Chá' });
    expect(builds.n).toBe(2);
  });
});
