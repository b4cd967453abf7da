import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { buildPixBrCode } from './pix-brcode';
import { qrPng, qrPngDataUri } from './qr';

function decodeDataUri(uri: string): { width: number; height: number; text: string | null } {
  const prefix = 'data:image/png;base64,';
  expect(uri.startsWith(prefix)).toBe(true);
  const png = PNG.sync.read(Buffer.from(uri.slice(prefix.length), 'base64'));
  const result = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.byteLength), png.width, png.height);
  return { width: png.width, height: png.height, text: result?.data ?? null };
}

describe('qrPngDataUri', () => {
  it('draws a Pix BR Code that decodes to exactly the same string, at 300–400 px', async () => {
    const code = buildPixBrCode({
      key: 'pix@sandbox.balcao.invalid',
      amountCents: 12_345,
      txid: '0b8f6c2e-6f4b-4c8e-9a3e-2d1c0b9a8f7e',
      merchantName: 'Balcão Sandbox',
      merchantCity: 'São Paulo',
      description: 'Pedido BAL-0042',
    });
    const decoded = decodeDataUri(await qrPngDataUri(code));
    expect(decoded.text).toBe(code);
    expect(decoded.width).toBe(decoded.height);
    expect(decoded.width).toBeGreaterThanOrEqual(300);
    expect(decoded.width).toBeLessThanOrEqual(400);
  });

  it('stays within 300–400 px and decodable for short and long texts', async () => {
    for (const text of ['x', 'https://balcao.dev/pedido/abc', 'A'.repeat(400)]) {
      const decoded = decodeDataUri(await qrPngDataUri(text));
      expect(decoded.text).toBe(text);
      expect(decoded.width).toBeGreaterThanOrEqual(300);
      expect(decoded.width).toBeLessThanOrEqual(400);
    }
  });

  it('refuses an empty text', async () => {
    await expect(qrPngDataUri('')).rejects.toThrow(RangeError);
  });
});

describe('qrPng', () => {
  it("is a PNG whose QR code decodes to a payment link's address", async () => {
    const url = 'http://localhost:3000/pagar/aB3dE5gH7jK9';
    const png = await qrPng(url);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(decodeDataUri(`data:image/png;base64,${png.toString('base64')}`).text).toBe(url);
  });
});
