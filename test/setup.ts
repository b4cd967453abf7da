/** Every vitest file gets its own scratch folder for SQLite files, so files never share a database. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-test-'));
process.env.DATABASE_URL ??= `file:${path.join(dir, 'app.db')}`;
process.env.SANDBOX_DATABASE_URL ??= `file:${path.join(dir, 'sandbox.db')}`;
process.env.LOG_LEVEL ??= 'silent';
