/**
 * A public demo (NODE_ENV=production with the sandbox on): what a visitor on the Internet can
 * and cannot do with the sandbox (docs/sandbox.md, "A public demo").
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { boletoInvoice, boletoInvoicePdf } from './invoice';
import { PDFDocument, PDFRawStream, decodePDFRawStream } from 'pdf-lib';
import { maskName } from '@balcao/br/personal-data';
import { boletoBody, call, CPF, createBoleto, createPix, KEY, newSandbox, type TestSandbox } from '../test/fixtures';

const SECRET = 'sk_demo_secret_0123456789abcdef';

let s: TestSandbox;
beforeEach(() => {
  s = newSandbox({ publicDemo: true, apiKeys: [SECRET] });
});
afterEach(() => s.close());

describe('keys', () => {
  test('the well-known key is refused everywhere; the secret key works', async () => {
    expect((await call(s.ctx, 'GET', 'v1/customers/balance', { key: KEY })).status).toBe(401);
    expect((await call(s.ctx, 'GET', 'sim/webhooks', { key: KEY })).status).toBe(401);
    expect((await call(s.ctx, 'PUT', 'sim/faults', { key: KEY, body: { error_rate: 1 } })).status).toBe(401);
    expect((await call(s.ctx, 'POST', 'sim/clock', { key: KEY, body: { advance_seconds: 86400 } })).status).toBe(401);
    expect((await call(s.ctx, 'GET', 'v1/customers/balance', { key: SECRET })).status).toBe(200);
    const { id } = await createPix(s.ctx, {}, SECRET);
    expect((await call(s.ctx, 'GET', `v1/pix/${id}`, { key: SECRET })).status).toBe(200);
  });

  test('outside a public demo the well-known key stays open for tests and tools', async () => {
    const dev = newSandbox({ apiKeys: [SECRET] });
    try {
      expect((await call(dev.ctx, 'GET', 'v1/customers/balance', { key: KEY })).status).toBe(200);
    } finally {
      dev.close();
    }
  });
});

/** The text of the PDF's first page (Helvetica text is written as hex strings; the names here are ASCII). */
async function pdfText(pdf: Uint8Array): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  const contents = doc.getPage(0).node.Contents();
  const refs = contents && 'asArray' in contents ? contents.asArray() : [contents];
  let raw = '';
  for (const ref of refs) {
    const stream = doc.context.lookup(ref as never);
    if (stream instanceof PDFRawStream) raw += new TextDecoder('latin1').decode(decodePDFRawStream(stream).decode());
  }
  return [...raw.matchAll(/<([0-9A-Fa-f]*)> Tj/g)].map((m) => Buffer.from(m[1], 'hex').toString('latin1')).join('\n');
}

describe('payer data', () => {
  test('the webhook log (GET sim/webhooks) masks the payer: no full CPF, no street', async () => {
    const body = boletoBody(s.ctx, { notification_url: 'https://shop.example/api/webhooks/payments/tok_0123456789abcdef' });
    const created = await call(s.ctx, 'POST', 'v1/charges', { body, key: SECRET });
    expect(created.status).toBe(201);
    await call(s.ctx, 'POST', 'sim/clock', { body: { advance_seconds: 3 }, key: SECRET });
    const log = await call(s.ctx, 'GET', 'sim/webhooks', { key: SECRET });
    expect(log.status).toBe(200);
    const deliveries = (log.json as { deliveries: { event: { data: { payer: Record<string, string> } } }[] }).deliveries;
    expect(deliveries.length).toBeGreaterThan(0);
    expect(log.text).not.toContain(CPF);
    expect(log.text).not.toContain('Avenida Paulista');
    expect(deliveries[0].event.data.payer).toMatchObject({ name: 'Maria d. S.', document: '529.***.***-25', street: '***', city: 'São Paulo', state: 'SP' });
  });

  test('the boleto page shows the payer masked; the PDF the shopper prints keeps it', async () => {
    const id = await createBoleto(s.ctx, {}, SECRET);
    await call(s.ctx, 'POST', 'sim/clock', { body: { advance_seconds: 3 }, key: SECRET });
    const invoice = boletoInvoice(s.ctx, id)!;
    expect(JSON.stringify(invoice.payerShown)).not.toContain(CPF);
    expect(JSON.stringify(invoice.payerShown)).not.toContain('Paulista');
    expect(invoice.payerShown.city).toBe('São Paulo');
    expect(invoice.payer.document).toBe(CPF);
  });

  test('the PDF prints the payer masked when asked (the host app asks it for whoever holds only the charge id)', async () => {
    const id = await createBoleto(s.ctx, {}, SECRET);
    await call(s.ctx, 'POST', 'sim/clock', { body: { advance_seconds: 3 }, key: SECRET });
    const masked = await pdfText((await boletoInvoicePdf(s.ctx, id, { payer: 'masked' }))!);
    expect(masked).toContain('Maria d. S.');
    for (const secret of ['Maria da Silva', 'Paulista', '529.982.247-25']) expect(masked).not.toContain(secret);
    const whole = await pdfText((await boletoInvoicePdf(s.ctx, id))!);
    expect(whole).toContain('Maria da Silva');
  });

  test('maskName keeps the first name and initials', () => {
    expect(maskName('  Bruno   de Lima ')).toBe('Bruno d. L.');
    expect(maskName('Ana')).toBe('Ana');
  });
});
