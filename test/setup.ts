/** Every vitest file gets its own scratch folder for SQLite files, so files never share a database. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'balcao-test-'));
process.env.DATABASE_URL ??= `file:${path.join(dir, 'app.db')}`;
process.env.SANDBOX_DATABASE_URL ??= `file:${path.join(dir, 'sandbox.db')}`;
// Every other scratch folder a test makes (os.tmpdir() reads TMPDIR on each call, and child
// processes inherit it) goes in there too, and all of it is gone with the file's tests: every
// file runs in a process of its own (pool 'forks'), so a run leaves nothing in the temp folder.
process.env.TMPDIR = dir;
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
process.env.LOG_LEVEL ??= 'silent';
// The anti-abuse caps (3 unpaid orders per CPF/CNPJ, 3 e-mails a day per recipient) would stop
// the many orders one test file places for one buyer; the tests of the caps set them back.
process.env.UNPAID_ORDERS_PER_DOCUMENT ??= '1000';
process.env.EMAILS_PER_RECIPIENT_PER_DAY ??= '1000';
