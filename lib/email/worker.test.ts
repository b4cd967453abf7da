/**
 * The outbox worker against a real SMTP server on 127.0.0.1 (smtp-server), messages parsed
 * with mailparser: what the shopper receives matches the order, and every SMTP failure is
 * retried or given up with a visible reason.
 */
import { createServer } from 'node:net';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { database } from '@/db';
import { emailAttempts, emailOutbox, payments, shopIdentity } from '@/db/schema';
import { barcodeToDigitableLine, buildBoletoBarcode, isValidDigitableLine } from '@balcao/br/boleto';
import { addDays, saoPauloDate } from '@balcao/br/dates';
import { buildPixBrCode } from '@balcao/br/pix-brcode';
import { qrPngDataUri } from '@balcao/br/qr';
import { DEMO_IDENTITY } from '@/db/seed';
import { saveShopIdentity } from '@/lib/shop/identity';
import { applyObservation } from '@/lib/payments/apply';
import { chargeStateOf } from '@/lib/payment-provider/status';
import { chargeCreatedEffects } from '@/lib/payments/state-effects';
import { emailsOf, insertOrderWithPayment, prepareDatabase } from '@/test/payments/db';
import { shortOrderId } from '@/lib/orders/format';
import { emailKey } from './keys';
import { startTestSmtp, type TestSmtp } from '@/test/email/smtp-server';
import { smtpTransport, type MailTransport } from './transport';
import { backoffMs, drainOutbox, messageIdOf } from './worker';
import { startProcessContext } from '@/lib/process/context';

const APP_URL = 'https://loja.example.com.br';
let smtp: TestSmtp;
let transport: MailTransport;
/** For a relay that is down or mute: the timeout is what those tests wait for. */
const FAST = { connectionMs: 500, greetingMs: 500, socketMs: 1_000 };
/** For the test relay, which answers: on a loaded machine a slow answer is late, not lost. */
const PATIENT = { connectionMs: 15_000, greetingMs: 15_000, socketMs: 30_000 };

beforeAll(async () => {
  process.env.APP_URL = APP_URL;
  startProcessContext();
  await prepareDatabase();
  smtp = await startTestSmtp();
  transport = smtpTransport(smtp.url, PATIENT);
});
afterAll(async () => {
  transport.close?.();
  await smtp.close();
  delete process.env.APP_URL;
  startProcessContext();
});
beforeEach(async () => {
  smtp.received.length = 0;
  smtp.behaviour.rcpt = undefined;
  await database().db.delete(emailOutbox);
});

async function pixOrderWithInstructions() {
  const { order, payment } = await insertOrderWithPayment({ method: 'pix', totalCents: 7980 });
  const code = buildPixBrCode({ key: 'pix@sandbox.balcao.invalid', amountCents: 7980, txid: payment.providerId!, merchantName: 'Balcao Sandbox', merchantCity: 'Sao Paulo' });
  const dueDate = addDays(saoPauloDate(), 1);
  await database().db.update(payments).set({ pixCode: code, pixImage: await qrPngDataUri(code), dueDate, payableUntil: addDays(dueDate, 1) }).where(eq(payments.id, payment.id));
  await database().transaction(function* (tx) {
    yield* chargeCreatedEffects(tx, { orderId: order.id, method: 'pix', hasBoletoLine: false });
  });
  return { order, payment, code };
}

function decodeQr(png: Buffer): string | null {
  const img = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(img.data.buffer, img.data.byteOffset, img.data.byteLength), img.width, img.height)?.data ?? null;
}

/** Every absolute link in the HTML. */
function links(html: string): string[] {
  return [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));
}

describe('what the shopper receives', () => {
  it('Pix instructions: the code equals the order\'s, the inline QR decodes to it, links are absolute and open the order', async () => {
    await saveShopIdentity({ ...DEMO_IDENTITY, name: 'Torrefação do Zé' }, { kind: 'keep' });
    onTestFinished(async () => {
      await database().db.delete(shopIdentity);
    });
    const { order, code } = await pixOrderWithInstructions();
    expect(await drainOutbox({ transport })).toMatchObject({ sent: 1 });
    expect(smtp.received).toHaveLength(1);
    const { parsed, envelopeTo } = smtp.received[0];
    expect(envelopeTo).toEqual(['maria@example.com']);
    expect(parsed.subject).toContain('pague R$ 79,80 com Pix');
    expect(parsed.from?.value[0]).toMatchObject({ name: 'Torrefação do Zé', address: 'no-reply@loja.example.com.br' });
    // The shop's name heads the message and nothing says the product's name.
    expect(parsed.html).toContain('Torrefação do Zé');
    expect(`${parsed.html}${parsed.text}`).not.toContain('Balcão');
    expect(parsed.messageId).toBe(messageIdOf({ dedupeKey: emailKey.instructions(order.id) }));
    // The code, whole, in both parts.
    expect(parsed.text).toContain(code);
    const htmlCode = /data-testid="pix-code"[^>]*>([^<]+)</.exec(parsed.html as string)?.[1];
    expect(htmlCode?.replace(/&amp;/g, '&')).toBe(code);
    // The QR is an inline attachment referenced by cid, and it decodes to the code.
    const qr = parsed.attachments.find((a) => a.contentType === 'image/png');
    expect(qr?.contentId).toBeTruthy();
    expect(parsed.html).toContain(`cid:${qr!.contentId!.replace(/[<>]/g, '')}`);
    expect(decodeQr(qr!.content)).toBe(code);
    // Links: absolute on APP_URL, to this order's page.
    const hrefs = links(parsed.html as string);
    expect(hrefs.length).toBeGreaterThan(0);
    for (const h of hrefs) expect(h.startsWith(`${APP_URL}/`)).toBe(true);
    expect(hrefs).toContain(`${APP_URL}/orders/${order.token}`);
    expect(parsed.text).toContain(`${APP_URL}/orders/${order.token}`);
    // Sent once, recorded.
    const [row] = await emailsOf(order.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, transport: 'smtp', lastError: null });
    expect(await drainOutbox({ transport })).toMatchObject({ sent: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it('boleto instructions when the line is registered: the line has valid check digits and equals the order\'s; the PDF link', async () => {
    const { order, payment } = await insertOrderWithPayment({ method: 'boleto', totalCents: 3990 });
    const dueDate = addDays(saoPauloDate(), 3);
    await database().db.update(payments).set({ dueDate }).where(eq(payments.id, payment.id));
    const barcode = buildBoletoBarcode({ bankCode: '001', amountCents: 3990, dueDate, freeField: '1234567890123456789012345' });
    const pdfUrl = `${APP_URL}/sandbox/invoice/boleto/pdf/${payment.providerId}`;
    await applyObservation(payment.id, { method: 'boleto', providerStatus: '2', observed: chargeStateOf('boleto', 2), artifacts: { barcode, digitableLine: barcodeToDigitableLine(barcode), pdfUrl } }, 'webhook');
    expect(await drainOutbox({ transport })).toMatchObject({ sent: 1 });
    const { parsed } = smtp.received[0];
    const shown = /data-testid="digitable-line"[^>]*>([^<]+)</.exec(parsed.html as string)![1];
    const digits = shown.replace(/\D/g, '');
    expect(isValidDigitableLine(digits)).toBe(true);
    expect(digits).toBe(barcodeToDigitableLine(barcode));
    expect(parsed.text).toContain(shown);
    expect(links(parsed.html as string)).toEqual(expect.arrayContaining([pdfUrl, `${APP_URL}/orders/${order.token}`]));
    expect(parsed.html).toContain('Baixar boleto (PDF)');
  });

  it('paid: items and total from the order\'s stored lines, and a link to the receipt', async () => {
    const { order, payment } = await insertOrderWithPayment({ method: 'pix', totalCents: 3990 });
    await database().db.insert((await import('@/db/schema')).orderItems).values({ orderId: order.id, productId: 1, name: 'Café especial 250 g', unitPriceCents: 3990, quantity: 1, lineTotalCents: 3990 });
    await applyObservation(payment.id, { method: 'pix', providerStatus: 'completed', observed: 'paid', artifacts: {}, paidAt: '2026-03-02T15:04:00.000Z' }, 'webhook');
    await drainOutbox({ transport });
    const { parsed } = smtp.received[0];
    expect(parsed.subject).toBe(`Pagamento confirmado: pedido ${shortOrderId(order.id)}`);
    expect(parsed.text).toContain('1 × Café especial 250 g: R$ 39,90');
    expect(parsed.text).toContain('Total: R$ 39,90');
    expect(parsed.text).toContain('Pago em: 02/03/2026 12:04');
    expect(links(parsed.html as string)).toContain(`${APP_URL}/orders/${order.token}/receipt`);
  });
});

describe('SMTP failures', () => {
  it('connection refused: retried later with the reason recorded; sent once the relay is back', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer();
      s.listen(0, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    const down = smtpTransport(`smtp://127.0.0.1:${closed}`, FAST);
    const { order } = await pixOrderWithInstructions();
    let now = Date.now();
    const clock = { now: () => now };
    expect(await drainOutbox({ transport: down, ...clock })).toMatchObject({ retry: 1 });
    let [row] = await emailsOf(order.id);
    expect(row.status).toBe('pending');
    expect(row.lastError).toMatch(/ECONNECTION|ECONNREFUSED/);
    expect(Date.parse(row.nextAttemptAt) - now).toBe(backoffMs(1));
    // Not due yet: nothing happens.
    expect(await drainOutbox({ transport, ...clock })).toMatchObject({ sent: 0, retry: 0 });
    now += backoffMs(1);
    expect(await drainOutbox({ transport, ...clock })).toMatchObject({ sent: 1 });
    [row] = await emailsOf(order.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    const attempts = await database().db.select().from(emailAttempts).where(eq(emailAttempts.outboxId, row.id)).orderBy(asc(emailAttempts.id));
    expect(attempts.map((a) => a.outcome)).toEqual(['retry', 'sent']);
    expect(attempts[0].error).toMatch(/ECONNECTION|ECONNREFUSED/);
    down.close?.();
  });

  it('4xx from the relay: retried with back-off (doubling), given up after the last attempt with the reason', async () => {
    smtp.behaviour.rcpt = () => ({ code: 451, message: 'Greylisted, try again later' });
    const { order } = await pixOrderWithInstructions();
    let now = Date.now();
    const opts = { transport, now: () => now, maxAttempts: 3, backoffBaseMs: 1_000 };
    expect(await drainOutbox(opts)).toMatchObject({ retry: 1 });
    let [row] = await emailsOf(order.id);
    expect(row.lastError).toContain('451');
    expect(Date.parse(row.nextAttemptAt) - now).toBe(1_000);
    now += 1_000;
    expect(await drainOutbox(opts)).toMatchObject({ retry: 1 });
    [row] = await emailsOf(order.id);
    expect(Date.parse(row.nextAttemptAt) - now).toBe(2_000);
    now += 2_000;
    expect(await drainOutbox(opts)).toMatchObject({ failed: 1 });
    [row] = await emailsOf(order.id);
    expect(row.status).toBe('failed');
    expect(row.lastError).toContain('451');
    expect(row.lastError).toContain('desistimos após 3 tentativas');
    now += 60 * 60_000;
    expect(await drainOutbox(opts)).toMatchObject({ retry: 0, failed: 0, sent: 0 });
    expect(smtp.received).toHaveLength(0);
  });

  it('a bad address (5xx) is given up at once, not retried', async () => {
    smtp.behaviour.rcpt = () => ({ code: 550, message: 'No such user here' });
    const { order } = await pixOrderWithInstructions();
    expect(await drainOutbox({ transport })).toMatchObject({ failed: 1 });
    const [row] = await emailsOf(order.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row.lastError).toMatch(/550.*No such user/);
    expect(await drainOutbox({ transport, now: () => Date.now() + 24 * 3600_000 })).toMatchObject({ failed: 0, retry: 0 });
  });

  it('a relay that accepts the connection and never greets: a timeout, retried', async () => {
    const sockets: import('node:net').Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const mute = smtpTransport(`smtp://127.0.0.1:${(silent.address() as { port: number }).port}`, FAST);
    const { order } = await pixOrderWithInstructions();
    expect(await drainOutbox({ transport: mute })).toMatchObject({ retry: 1 });
    const [row] = await emailsOf(order.id);
    expect(row.status).toBe('pending');
    expect(row.lastError).toMatch(/ETIMEDOUT|timeout/i);
    mute.close?.();
    for (const s of sockets) s.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });
});

describe('claims and leases', () => {
  it('two workers draining at once send each e-mail once', async () => {
    for (let i = 0; i < 6; i++) await pixOrderWithInstructions();
    const other = smtpTransport(smtp.url, PATIENT);
    const results = await Promise.all([drainOutbox({ transport }), drainOutbox({ transport: other })]);
    expect(results[0].sent + results[1].sent).toBe(6);
    expect(smtp.received).toHaveLength(6);
    expect(new Set(smtp.received.map((r) => r.parsed.messageId)).size).toBe(6);
    other.close?.();
  });

  it('a row held by a worker that died is taken again once its lease runs out (and only then)', async () => {
    const { order } = await pixOrderWithInstructions();
    const now = Date.now();
    // A worker claimed it and died before marking it.
    await database().db.update(emailOutbox).set({ status: 'sending', attempts: 1, leaseUntil: new Date(now + 60_000).toISOString() }).where(eq(emailOutbox.orderId, order.id));
    expect(await drainOutbox({ transport, now: () => now })).toMatchObject({ sent: 0 });
    expect(await drainOutbox({ transport, now: () => now + 60_001 })).toMatchObject({ sent: 1 });
    const [row] = await emailsOf(order.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('instructions for an order that is no longer pending are not sent: skipped with the reason', async () => {
    const { order, payment } = await pixOrderWithInstructions();
    await applyObservation(payment.id, { method: 'pix', providerStatus: 'completed', observed: 'paid', artifacts: {} }, 'webhook');
    await drainOutbox({ transport });
    const rows = await emailsOf(order.id);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([
      ['instructions', 'skipped'],
      ['paid', 'sent'],
    ]);
    expect(rows[0].lastError).toContain('já está pago');
  });
});
