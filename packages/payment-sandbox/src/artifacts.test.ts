/** The sandbox's artifacts are real: a valid BR Code, a PNG that decodes to it, boleto codes with right check digits, a PDF. */
import { isValidBoleto, isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { barcodeToDigitableLine, dueDateFromFactor, dueFactor, isValidBoletoBarcode, isValidDigitableLine } from '@balcao/br/boleto';
import { parsePixBrCode } from '@balcao/br/pix-brcode';
import { boletoInvoice, boletoInvoicePdf } from './invoice';
import { advance, createBoleto, createPix, newSandbox, read, type TestSandbox } from '../test/fixtures';

let s: TestSandbox;
beforeEach(() => {
  s = newSandbox();
});
afterEach(() => s.close());

function decodePng(dataUri: string): string | null {
  const png = PNG.sync.read(Buffer.from(dataUri.replace(/^data:image\/png;base64,/, ''), 'base64'));
  return jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height)?.data ?? null;
}

describe('Pix', () => {
  test('payload.data is a valid static BR Code: the sandbox key, the amount in field 54, txid from the id', async () => {
    const { id, data, image } = await createPix(s.ctx, { amount: 1234.56 });
    const parsed = parsePixBrCode(data);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.key).toBe('pix@sandbox.balcao.invalid');
    expect(parsed.fields['54']).toBe('1234.56');
    expect(parsed.amountCents).toBe(123_456);
    expect(parsed.fields['01']).toBe('11');
    expect(parsed.txid).toBe(id.replace(/-/g, '').slice(0, 25));
    expect(isValidPixPayload(data)).toBe(true);
    expect(decodePng(image)).toBe(data);
  });

  test('every QR code has its own code', async () => {
    const a = await createPix(s.ctx);
    const b = await createPix(s.ctx);
    expect(a.data).not.toBe(b.data);
  });
});

describe('boleto', () => {
  test('the barcode has bank 999, the amount, the due factor after the 2025 reset and a right check digit; the digitable line too', async () => {
    const id = await createBoleto(s.ctx, { amount: 1500.05 });
    await advance(s.ctx, 2);
    const b = await read(s.ctx, 'boleto', id);
    const barcode = b.barcode as string;
    expect(isValidBoletoBarcode(barcode)).toBe(true);
    expect(barcode.slice(0, 3)).toBe('999');
    expect(barcode[3]).toBe('9');
    expect(barcode.slice(5, 9)).toBe(dueFactor(b.due_date as string));
    expect(barcode.slice(5, 9)).toBe('1111'); // 2025-06-13: 111 days after the reset to 1000 on 2025-02-22
    expect(dueDateFromFactor(barcode.slice(5, 9), '2025-06-10')).toBe('2025-06-13');
    expect(barcode.slice(9, 19)).toBe('0000150005');
    const line = barcodeToDigitableLine(barcode);
    expect(isValidDigitableLine(line)).toBe(true);
    expect(isValidBoleto(line)).toBe(true);
  });

  test('barcodes are unique', async () => {
    const ids = [await createBoleto(s.ctx), await createBoleto(s.ctx), await createBoleto(s.ctx)];
    await advance(s.ctx, 2);
    const codes = await Promise.all(ids.map(async (id) => (await read(s.ctx, 'boleto', id)).barcode));
    expect(new Set(codes).size).toBe(3);
  });

  test('invoice page data and PDF exist only once registered', async () => {
    const id = await createBoleto(s.ctx);
    expect(boletoInvoice(s.ctx, id)).toBeNull();
    expect(await boletoInvoicePdf(s.ctx, id)).toBeNull();
    await advance(s.ctx, 2);
    const invoice = boletoInvoice(s.ctx, id)!;
    expect(invoice).toMatchObject({ id, status: 2, amountCents: 15_050, dueDate: '2025-06-13', lastPayableDate: '2025-06-18' });
    expect(invoice.digitableLine).toBe(barcodeToDigitableLine(invoice.barcode));
    expect(invoice.pdfUrl).toBe(`http://localhost:3210/sandbox/invoice/boleto/pdf/${id}`);
    const pdf = await boletoInvoicePdf(s.ctx, id);
    expect(Buffer.from(pdf!.slice(0, 5)).toString('latin1')).toBe('%PDF-');
  });

  test('no invoice for a Pix id, an unknown id or a malformed one', async () => {
    const { id } = await createPix(s.ctx);
    await advance(s.ctx, 2);
    expect(boletoInvoice(s.ctx, id)).toBeNull();
    expect(boletoInvoice(s.ctx, '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(boletoInvoice(s.ctx, '../../etc/passwd')).toBeNull();
  });
});
