import { afterEach, describe, expect, it } from 'vitest';
import { handleCronJobs, isAuthorizedCron } from './cron';
import { type FakePaymentProvider } from '@/test/payments/fake-payment-provider';
import { withFakeProvider } from '@/test/payments/fake-provider';
import { orderById } from '@/test/payments/db';
import { placeTestOrder } from '@/test/payments/place';
import { paymentProvider } from '@/lib/payments/provider';
import { startProcessContext } from '@/lib/process/context';

const SECRET = 'cron-secret-0123456789';
let fake: FakePaymentProvider;
withFakeProvider((f) => (fake = f));
afterEach(() => {
  delete process.env.CRON_SECRET;
  startProcessContext([paymentProvider.provide(fake)]);
});

const call = (method: 'GET' | 'POST', authorization?: string) =>
  handleCronJobs(new Request('http://localhost/api/cron/jobs', { method, headers: authorization ? { authorization } : {} }));

describe('isAuthorizedCron', () => {
  it.each([
    [`Bearer ${SECRET}`, SECRET, true],
    [`Bearer ${SECRET}x`, SECRET, false],
    [`Bearer ${SECRET.slice(1)}`, SECRET, false],
    [SECRET, SECRET, false],
    [`Basic ${SECRET}`, SECRET, false],
    ['Bearer ', SECRET, false],
    [null, SECRET, false],
    [`Bearer ${SECRET}`, undefined, false],
    ['Bearer undefined', undefined, false],
  ])('%j with secret %j → %s', (header, secret, expected) => {
    expect(isAuthorizedCron(header, secret)).toBe(expected);
  });
});

describe('GET|POST /api/cron/jobs', () => {
  it('401 when no CRON_SECRET is configured, whatever is sent', async () => {
    const res = await call('GET', 'Bearer anything-at-all-here');
    expect(res.status).toBe(401);
    expect(fake.calls).toHaveLength(0);
  });

  it('401 with a wrong secret; 200 {checked, changed} with the right one (GET and POST)', async () => {
    process.env.CRON_SECRET = SECRET;
    startProcessContext([paymentProvider.provide(fake)]);
    const { order, payment } = await placeTestOrder('pix');
    fake.pay(payment.providerId!);
    expect((await call('POST', 'Bearer wrong-secret-0123456789')).status).toBe(401);
    expect((await call('GET')).status).toBe(401);
    expect((await orderById(order.id))!.status).toBe('pending');

    const res = await call('GET', `Bearer ${SECRET}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ checked: 1, changed: 1, left: { payments: 0, tracking: 0, subscriptions: 0, reviews: 0, emails: 0, webhooks: 0, pixels: 0, whatsapp: 0, invoices: 0, pushes: 0, sandbox_webhooks: 0 } });
    expect((await orderById(order.id))!.status).toBe('paid');
    expect(await (await call('POST', `Bearer ${SECRET}`)).json()).toEqual({ checked: 1, changed: 0, left: { payments: 0, tracking: 0, subscriptions: 0, reviews: 0, emails: 0, webhooks: 0, pixels: 0, whatsapp: 0, invoices: 0, pushes: 0, sandbox_webhooks: 0 } });
  });
});

describe('the cron route sends e-mails too (no process stays up on Vercel)', () => {
  it('drains the outbox after reconciling: the paid e-mail is sent (kept by the mail catcher here)', async () => {
    const { database } = await import('@/db');
    const { caughtEmails, emailOutbox } = await import('@/db/schema');
    const { eq } = await import('drizzle-orm');
    process.env.CRON_SECRET = SECRET;
    startProcessContext([paymentProvider.provide(fake)]);
    const { order, payment } = await placeTestOrder('pix');
    fake.pay(payment.providerId!);
    expect((await call('GET', `Bearer ${SECRET}`)).status).toBe(200);
    const [row, paid] = await database().db.select().from(emailOutbox).where(eq(emailOutbox.orderId, order.id)).orderBy(emailOutbox.id);
    expect(paid).toMatchObject({ kind: 'paid', status: 'sent', transport: 'catcher' });
    expect(row).toMatchObject({ kind: 'instructions', status: 'skipped' }); // paid before it went out
    const caught = await database().db.select().from(caughtEmails).where(eq(caughtEmails.orderId, order.id));
    expect(caught.map((c) => c.subject)).toEqual([expect.stringContaining('Pagamento confirmado')]);
  });
});

describe('bounded chunks', () => {
  it('a run stops starting work when its time box is spent, says what is left, and the next run continues', async () => {
    process.env.CRON_SECRET = SECRET;
    startProcessContext([paymentProvider.provide(fake)]);
    for (let i = 0; i < 3; i++) await placeTestOrder('pix');
    const run = (budgetMs?: number) =>
      handleCronJobs(new Request('http://localhost/api/cron/jobs', { headers: { authorization: `Bearer ${SECRET}` } }), { budgetMs }).then((r) => r.json());
    expect(await run(0)).toMatchObject({ checked: 0, changed: 0, left: { payments: 3 } });
    expect(await run()).toMatchObject({ checked: 3, left: { payments: 0 } });
  });
});
