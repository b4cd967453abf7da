/**
 * The webhook's database round trips on the libSQL driver (T15, BENCHMARKS.md), counted here so
 * they cannot creep back: every statement, batch, begin and commit the client sends is a network
 * round trip on Turso. db/driver.ts `probeRoundTrips` prints one `db-rt` line per round trip when
 * BENCH_LIBSQL_PROBE=count; this file runs on libSQL whatever project runs it.
 *
 * - A paid webhook (the payment not yet remembered by its token): the token's payment with the
 *   rate-limit hit (1), the payment with its state events (1), the effects' reads (1), the change
 *   with the delivery log as one atomic batch (1).
 * - A duplicate: the hit (1), the payment (1), the delivery log (1).
 */
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  process.env.DATABASE_DRIVER = 'libsql';
  process.env.BENCH_LIBSQL_PROBE = 'count';
});

import { database } from '@/db';
import { env } from '@/lib/config/env';
import type { FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { deliveriesOfToken, orderById, statusEventsOf } from '@/test/payments/db';
import { placeTestOrder } from '@/test/payments/place';
import { tokenHash } from '@/lib/security/tokens';
import { hit } from '@/lib/security/rate-limit';
import { handlePaymentWebhook } from './webhook-intake';
import { signWebhook } from './webhook-signature';

let fake: FakePaymentProvider;
withFakeProvider((f) => (fake = f));

const lines: string[] = [];
const toStderr = process.stderr.write.bind(process.stderr);
// From the start: the seed's statements are kept from the test's output too.
process.stderr.write = ((chunk: string) => (String(chunk).startsWith('db-rt ') ? lines.push(String(chunk).trim()) > 0 : toStderr(chunk))) as typeof process.stderr.write;
afterAll(() => {
  process.stderr.write = toStderr;
});

function deliver(token: string, providerId: string): Promise<Response> {
  const body = JSON.stringify({ id: crypto.randomUUID(), type: 'QRCodeCompleted', created_at: new Date().toISOString(), data: { id: providerId } });
  const ts = String(Math.floor(Date.now() / 1000));
  const req = new Request(`http://localhost/api/webhooks/payments/${token}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-pagou-timestamp': ts, 'x-pagou-signature': signWebhook(env().paymentApiKey, ts, body) },
  });
  return handlePaymentWebhook(req, token);
}

/** The round trips `send` makes before its response, as `<what> <sql…>`. */
async function roundTripsOf(send: () => Promise<Response>): Promise<string[]> {
  lines.length = 0;
  const res = await send();
  const mine = lines.splice(0).map((l) => l.replace(/^db-rt \d+ /, ''));
  expect(res.status).toBe(200);
  return mine;
}

describe('the webhook on libSQL, in round trips', () => {
  it('runs on the libSQL driver with the probe on', () => {
    expect(database().kind).toBe('libsql');
  });

  it('a paid webhook in 4 round trips, a duplicate in 3; the state moves once and every delivery is logged', async () => {
    const { order, payment } = await placeTestOrder('pix');
    fake.pay(payment.providerId!);
    // The rate limit sweeps its finished windows at a process's first hit, then once a minute:
    // not a cost of each request.
    await hit('webhook', 'warm-up');

    const paid = await roundTripsOf(() => deliver(payment.webhookToken, payment.providerId!));
    expect(paid.length, paid.join('\n')).toBeLessThanOrEqual(4);
    // No interactive transaction: the change is one batch, atomic by itself.
    expect(paid.filter((t) => /^(begin|commit|tx-)/.test(t)), paid.join('\n')).toEqual([]);
    expect((await orderById(order.id))!.status).toBe('paid');

    const duplicate = await roundTripsOf(() => deliver(payment.webhookToken, payment.providerId!));
    expect(duplicate.length, duplicate.join('\n')).toBeLessThanOrEqual(3);
    expect(duplicate.filter((t) => /^(begin|commit|tx-)/.test(t)), duplicate.join('\n')).toEqual([]);

    expect(await statusEventsOf(payment.id)).toHaveLength(1);
    const outcomes = (await deliveriesOfToken(tokenHash(payment.webhookToken))).map((d) => d.outcome);
    expect(outcomes.sort()).toEqual(['applied', 'no_change']);
  });
});
