import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { carrierStoreFile } from './carrier';

describe('carrierStoreFile: where the embedded carrier sandbox keeps its labels', () => {
  it('beside the payment sandbox database file; nowhere for a database in memory or remote', () => {
    expect(carrierStoreFile('file:./data/sandbox.db')).toBe(path.resolve('data/carrier-sandbox.db'));
    expect(carrierStoreFile('file:/srv/balcao/data/sandbox.db')).toBe('/srv/balcao/data/carrier-sandbox.db');
    expect(carrierStoreFile('./data/e2e-3120/sandbox.db')).toBe(path.resolve('data/e2e-3120/carrier-sandbox.db'));
    expect(carrierStoreFile(':memory:')).toBeNull();
    expect(carrierStoreFile('file::memory:')).toBeNull();
    expect(carrierStoreFile('libsql://db.turso.io')).toBeNull();
  });
});
