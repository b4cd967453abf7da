/** Every vitest file gets its own scratch folder for SQLite files, so files never share a database. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-test-'));
process.env.DATABASE_URL ??= `file:${path.join(dir, 'app.db')}`;
process.env.SANDBOX_DATABASE_URL ??= `file:${path.join(dir, 'sandbox.db')}`;
process.env.LOG_LEVEL ??= 'silent';
// The anti-abuse caps (3 unpaid orders per CPF/CNPJ, 3 e-mails a day per recipient) would stop
// the many orders one test file places for one buyer; the tests of the caps set them back.
process.env.UNPAID_ORDERS_PER_DOCUMENT ??= '1000';
process.env.EMAILS_PER_RECIPIENT_PER_DAY ??= '1000';
