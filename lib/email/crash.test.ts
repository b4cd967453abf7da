/**
 * Crash: the server is killed with SIGKILL while e-mails are pending (one is being sent),
 * then started again: every pending e-mail is sent, each once — except at most the one whose
 * send was in flight when the process died (sent, never marked), which the documented
 * at-least-once rule allows to go out twice, with the same Message-ID.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { database } from '@/db';
import { emailOutbox, payments } from '@/db/schema';
import { chargeCreatedEffects } from '@/lib/payments/state-effects';
import { emailsOf, insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { emailKey } from './keys';
import { startTestSmtp, type TestSmtp } from '@/test/email/smtp-server';
import { messageIdOf } from './worker';

let smtp: TestSmtp;
let stderr = '';
const children: ChildProcess[] = [];
const ROOT = path.resolve(__dirname, '../..');

beforeAll(async () => {
  await prepareDatabase();
  smtp = await startTestSmtp();
  smtp.behaviour.dataDelayMs = 300; // each message takes a while: the kill lands mid-send
});
afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  await smtp.close();
});

function startServerProcess(): ChildProcess {
  // tsx as a loader in this very process (not its CLI, which runs the script in a grandchild
  // that a SIGKILL of the CLI would leave running): the kill below really ends the server.
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=react-server', path.join(ROOT, 'test/email/server-process.ts')], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      SMTP_URL: smtp.url,
      APP_URL: 'http://localhost:3121',
      RECONCILE_INTERVAL_SECONDS: '0',
      SEED_ON_EMPTY: 'false',
      LOG_LEVEL: process.env.CRASH_LOG ?? 'silent',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  children.push(child);
  return child;
}

function exited(child: ChildProcess): Promise<unknown> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));
}

async function until(check: () => boolean | Promise<boolean>, ms: number, what: string) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('SIGKILL while e-mails are pending, start again: every pending e-mail is sent once (at most the one in flight twice)', async () => {
  const orders: string[] = [];
  for (let i = 0; i < 10; i++) {
    const { order, payment } = await insertOrderWithPayment({ method: 'pix' });
    await database().db.update(payments).set({ pixCode: `000201-crash-${i}` }).where(eq(payments.id, payment.id));
    await database().transaction(function* (tx) {
      yield* chargeCreatedEffects(tx, { orderId: order.id, method: 'pix', hasBoletoLine: false });
    });
    orders.push(order.id);
  }

  const first = startServerProcess();
  await until(() => smtp.received.length >= 3 || first.exitCode !== null, 90_000, 'the first e-mails');
  expect(first.exitCode, stderr).toBeNull(); // it was running, not crashed on its own
  first.kill('SIGKILL');
  await exited(first);
  const pending = (await database().db.select().from(emailOutbox)).filter((r) => r.status !== 'sent');
  expect(pending.length).toBeGreaterThan(0); // it really died with work left

  const second = startServerProcess();
  await until(async () => second.exitCode !== null || (await database().db.select().from(emailOutbox)).every((r) => r.status === 'sent'), 90_000, 'every e-mail sent');
  expect(second.exitCode, stderr).toBeNull();
  second.kill('SIGKILL');
  await exited(second);

  const perMessage = new Map<string, number>();
  for (const r of smtp.received) perMessage.set(r.parsed.messageId!, (perMessage.get(r.parsed.messageId!) ?? 0) + 1);
  for (const id of orders) {
    const [row] = await emailsOf(id);
    expect(row.status).toBe('sent');
    expect(perMessage.get(messageIdOf({ dedupeKey: emailKey.instructions(id) }))).toBeGreaterThanOrEqual(1);
  }
  expect(perMessage.size).toBe(orders.length);
  const twice = [...perMessage.values()].filter((n) => n > 1);
  expect(twice.length).toBeLessThanOrEqual(1);
  expect(twice.every((n) => n === 2)).toBe(true);
}, 240_000);
